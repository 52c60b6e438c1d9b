import { estimatePasswordStrength } from '@bauakte/domain/labels';
import { passwordSchema } from '@bauakte/domain/schemas';
import { de } from '../i18n/de';

/**
 * The strength rule a form checks before sending a new password, as the server will: a password of
 * valid length that zxcvbn scores below the minimum is refused. Answers the German message, if any.
 * The length rule has messages of its own, so a password of wrong length is left to it.
 */
export async function weakPasswordMessage(password: string, userInputs: readonly string[]): Promise<string | undefined> {
  if (!passwordSchema.safeParse(password).success) return undefined;
  const strength = await estimatePasswordStrength(password, userInputs);
  return strength.acceptable ? undefined : de.passwordStrength.tooWeak;
}
