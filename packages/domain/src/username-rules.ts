/**
 * The username rule without zod, so the login page can filter input without loading the schema
 * library: usernames consist of ASCII letters and digits only.
 */
export const usernamePattern = /^[A-Za-z0-9]*$/;
export const usernameMaxLength = 50;

export function isUsernameInput(value: string): boolean {
  return usernamePattern.test(value);
}
