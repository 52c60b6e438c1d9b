import { z } from 'zod';
import { emailSchema, passwordSchema, requiredText } from './fields';

export const forgotPasswordRequestSchema = z.object({
  email: emailSchema,
  username: requiredText(100, 'Bitte geben Sie Ihren Benutzernamen ein.'),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetInfoSchema = z.object({ email: z.string(), username: z.string() });
export type ResetInfo = z.infer<typeof resetInfoSchema>;

export const resetPasswordRequestSchema = z.object({ password: passwordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
