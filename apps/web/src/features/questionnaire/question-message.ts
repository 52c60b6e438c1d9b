import { de } from '../../i18n/de';

/**
 * The schema's message for a question, shown beside it. The schema words a missing answer as
 * 'Required' or 'Expected boolean, received null', which tells a client nothing; that one case
 * reads as a German request to answer. Range messages ('Year must be at least 1300.') stay verbatim.
 */
export function questionMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message === 'Required' || /^Expected \w+, received (null|undefined)$/.test(message)) return de.questionnaire.answerRequired;
  return message;
}
