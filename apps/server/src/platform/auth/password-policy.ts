import { estimatePasswordStrength, personalWords, serverMessages } from '@bauakte/domain';
import { fieldError } from '../errors';

/**
 * Refuses common and guessable passwords at registration, reset and change, on the server: the web
 * app's meter is a help, this is the rule. The person's own names count as words to avoid.
 */
export async function requireStrongPassword(
  password: string,
  person: { username?: string; firstName?: string; lastName?: string; email?: string },
): Promise<void> {
  const strength = await estimatePasswordStrength(password, personalWords(person));
  if (strength.acceptable) return;
  const message = strength.warning ? `${serverMessages.passwordTooWeak} ${strength.warning}` : serverMessages.passwordTooWeak;
  throw fieldError('PASSWORD_TOO_WEAK', 'password', message);
}
