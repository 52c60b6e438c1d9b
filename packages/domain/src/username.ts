import { z } from 'zod';

/** Usernames consist of ASCII letters and digits only; the login field filters everything else. */
export const usernamePattern = /^[A-Za-z0-9]*$/;
export const usernameMaxLength = 50;

export function isUsernameInput(value: string): boolean {
  return usernamePattern.test(value);
}

export const usernameSchema = /* @__PURE__ */ z
  .string()
  .min(1, 'Bitte geben Sie einen Benutzernamen ein.')
  .max(usernameMaxLength, `Der Benutzername darf höchstens ${usernameMaxLength} Zeichen lang sein.`)
  .regex(usernamePattern, 'Der Benutzername darf nur Buchstaben und Ziffern enthalten.');
