import { z } from 'zod';
import { usernameMaxLength, usernamePattern } from './username-rules';

export { isUsernameInput, usernameMaxLength, usernamePattern } from './username-rules';

export const usernameSchema = z
  .string()
  .min(1, 'Bitte geben Sie einen Benutzernamen ein.')
  .max(usernameMaxLength, `Der Benutzername darf höchstens ${usernameMaxLength} Zeichen lang sein.`)
  .regex(usernamePattern, 'Der Benutzername darf nur Buchstaben und Ziffern enthalten.');
