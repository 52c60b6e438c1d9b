import { z } from 'zod';
import { fieldTexts } from './texts/form-texts';
import { isUsername, isUsernameInput, normalizeUsername, usernameMaxLength } from './username-rules';

export { isUsername, isUsernameInput, normalizeUsername, sameUsername, usernameKey, usernameMaxLength, usernameRulesText } from './username-rules';

const tooLong = fieldTexts.usernameTooLong(usernameMaxLength);
const onlyLettersAndDigits = fieldTexts.usernameCharacters;

export const usernameSchema = z
  .string()
  .overwrite(normalizeUsername)
  .min(1, fieldTexts.usernameRequired)
  .max(usernameMaxLength, tooLong)
  .refine(isUsernameInput, onlyLettersAndDigits);

/** A username the spec's forms send along but the server never trusts (creationName): a username or empty. */
export const claimedUsernameSchema = z
  .string()
  .overwrite(normalizeUsername)
  .max(usernameMaxLength, tooLong)
  .refine(isUsernameInput, onlyLettersAndDigits)
  .nullish();

/**
 * A username in a path. Anything that cannot be a username names nobody: it becomes null, which
 * every lookup answers with 404, so a malformed path tells no more than an unknown user.
 */
export function pathUsername(value: string): string | null {
  return isUsername(value) ? normalizeUsername(value) : null;
}

/** pathUsername as the routes' params schemas read it. */
export const pathUsernameSchema = z.string().transform(pathUsername);

export const usernameParamsSchema = z.object({ username: pathUsernameSchema });
