import { z } from 'zod';
import { usernameMaxLength, usernamePattern } from './username-rules';

export { isUsernameInput, usernameMaxLength, usernamePattern } from './username-rules';

export const usernameSchema = z
  .string()
  .min(1, 'Bitte geben Sie einen Benutzernamen ein.')
  .max(usernameMaxLength, `Der Benutzername darf höchstens ${usernameMaxLength} Zeichen lang sein.`)
  .regex(usernamePattern, 'Der Benutzername darf nur Buchstaben und Ziffern enthalten.');

/** A username the spec's forms send along but the server never trusts (creationName): a username or empty. */
export const claimedUsernameSchema = z
  .string()
  .max(usernameMaxLength, `Der Benutzername darf höchstens ${usernameMaxLength} Zeichen lang sein.`)
  .regex(usernamePattern, 'Der Benutzername darf nur Buchstaben und Ziffern enthalten.')
  .nullish();

/**
 * A username in a path. Anything that cannot be a username names nobody: it becomes null, which
 * every lookup answers with 404, so a malformed path tells no more than an unknown user.
 */
export const pathUsernameSchema = z
  .string()
  .transform((value): string | null => (value.length <= usernameMaxLength && /^[A-Za-z0-9]+$/.test(value) ? value : null));

export const usernameParamsSchema = z.object({ username: pathUsernameSchema });
