import { z } from 'zod';
import { passwordMaxLength, requestObject } from './fields';
import { roleSchema } from './role-schema';
import { secretString } from './text';
import { usernameSchema } from './username';

export const loginRequestSchema = requestObject({
  username: usernameSchema,
  password: secretString().min(1).max(passwordMaxLength),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * Sent by the unload beacon, which cannot set an Authorization header. A plain logout sends no body
 * (Fastify reads that as null), so this is the one route whose body may be missing.
 */
export const logoutBeaconSchema = requestObject({ token: secretString().max(4096).optional() }).nullish();

export const currentUserSchema = z.object({
  username: z.string(),
  roles: z.array(roleSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
