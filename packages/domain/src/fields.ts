import { z } from 'zod';
import { multiLineString, secretString, singleLineString } from './text';
import { fieldTexts } from './texts/form-texts';
import { houseNumberMaxLength, passwordMaxLength, passwordMinLength } from './field-limits';

/** Building blocks of the request schemas, with German messages shown beside form fields. */
export const requiredText = (max: number, message: string = fieldTexts.required) =>
  singleLineString().trim().min(1, message).max(max, fieldTexts.maxLength(max));

export const optionalText = (max: number) => singleLineString().trim().max(max, fieldTexts.maxLength(max));

/** Descriptions and other texts with line breaks. */
export const multiLineText = (max: number) => multiLineString().max(max, fieldTexts.maxLength(max));

export const emailSchema = singleLineString()
  .trim()
  .max(254, fieldTexts.emailTooLong)
  .pipe(z.email(fieldTexts.invalidEmail));

/**
 * Length is the only rule of the schema: no composition rules (NIST SP 800-63B). Common and
 * guessable passwords are refused by the strength estimate (password-strength.ts).
 */
export const passwordSchema = secretString()
  .min(passwordMinLength, fieldTexts.passwordTooShort(passwordMinLength))
  .max(passwordMaxLength, fieldTexts.passwordTooLong(passwordMaxLength));

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** House numbers are text: '12/3/5', '5a' and '17–19' exist (older clients send numbers). */
export const houseNumberSchema = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(optionalText(houseNumberMaxLength));

/**
 * Every request body and nested object in it: a JSON object with exactly these fields. A misspelt
 * or foreign field is refused with its name instead of being dropped silently.
 */
export function requestObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return fieldTexts.unknownFields(issue.keys);
      if (issue.code === 'invalid_type') return fieldTexts.objectExpected;
      return undefined;
    },
  });
}
