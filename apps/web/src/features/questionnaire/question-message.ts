import { fieldTexts } from '@bauakte/domain/texts';
import { currentYearInAustria, plausibilityChecks, questionnaireLimits } from '@bauakte/domain/labels';
import { de } from '../../i18n/de';

const m = de.questionnaire.messages;

/** The schema's English messages (spec section 5 defines them for the API) and their German wording on the forms. */
const translations: readonly [RegExp, (limit: string) => string][] = [
  [/^(Required|Expected \w+, received (null|undefined))$/, () => de.questionnaire.answerRequired],
  [/^Year must be at least (\d+)\.$/, m.yearTooEarly],
  [/^Year cannot exceed (\d+)\.$/, m.yearTooLate],
  [/^Value must be at least (\d+)\.$/, m.numberTooSmall],
  [/^Value cannot exceed (\d+)\.$/, m.numberTooLarge],
  [/^Value cannot exceed (\d+) characters\.$/, m.textTooLong],
  [/^Expected integer, received float$/, () => m.wholeNumber],
  [/^Invalid option/, () => m.invalidChoice],
];

/** The domain's own German messages, shown as they are. */
function isGermanFieldText(message: string): boolean {
  return (
    message === fieldTexts.forbiddenCharacters ||
    message === fieldTexts.yearOutOfRange(questionnaireLimits.componentYearMin, currentYearInAustria()) ||
    // The server's refusal of an unconfirmed unusual value starts with the check's own warning.
    plausibilityChecks.some((check) => message.startsWith(check.warning))
  );
}

/**
 * The message shown beside a question, in German. The schema (and the server, which validates with
 * it) words its messages in English because the spec quotes them that way; a client reads German.
 * A message the catalogue does not know reads as a general request to check the answer.
 */
export function questionMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (isGermanFieldText(message)) return message;
  for (const [pattern, german] of translations) {
    const match = pattern.exec(message);
    if (match) return german(match[1] ?? '');
  }
  return m.invalidAnswer;
}
