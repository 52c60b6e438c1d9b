import { z } from 'zod';
import { emailSchema, passwordSchema, requestObject } from './fields';
import { usernameSchema } from './username';

export const forgotPasswordRequestSchema = requestObject({
  email: emailSchema,
  username: usernameSchema,
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetInfoSchema = z.object({ email: z.string(), username: z.string() });
export type ResetInfo = z.infer<typeof resetInfoSchema>;

export const resetPasswordRequestSchema = requestObject({ password: passwordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
