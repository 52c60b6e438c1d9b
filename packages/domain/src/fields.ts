import { z } from 'zod';

/** Building blocks of the request schemas, with German messages shown beside form fields. */
export const requiredText = (max: number, message = 'Bitte füllen Sie dieses Feld aus.') =>
  z.string().trim().min(1, message).max(max, `Höchstens ${max} Zeichen.`);

export const optionalText = (max: number) => z.string().trim().max(max, `Höchstens ${max} Zeichen.`);

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'Die E-Mail-Adresse ist zu lang.')
  .pipe(z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'));

export const passwordMinLength = 8;
export const passwordMaxLength = 128;

/** Length is the only rule: no composition rules (NIST SP 800-63B). */
export const passwordSchema = z
  .string()
  .min(passwordMinLength, `Das Passwort muss mindestens ${passwordMinLength} Zeichen lang sein.`)
  .max(passwordMaxLength, `Das Passwort darf höchstens ${passwordMaxLength} Zeichen lang sein.`);

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The forms' house number is a numeric input; stored as text, since "12a" exists too. */
export const houseNumberSchema = z.union([z.string(), z.number()]).transform(String).pipe(optionalText(20));
