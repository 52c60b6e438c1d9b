import { isUsernameInput, usernameMaxLength } from '@bauakte/domain';
import { de } from '../i18n/de';

/** The username rule as the domain defines it, in words: whether umlauts count as letters is asked of the rule itself. */
export function usernameRulesText(): string {
  return de.forms.usernameRules(usernameMaxLength, isUsernameInput('äöüß'));
}
