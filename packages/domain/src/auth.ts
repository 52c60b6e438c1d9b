import { z } from 'zod';
import { requestObject } from './fields';
import { passwordMaxLength } from './field-limits';
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
/**
 * The body of a logout without an Authorization header: the unload beacon's token, or the id of a
 * session the web app ended on the device without a connection (a logout told the server later: the
 * device keeps the id, which can end that session but, unlike the token, log no one in).
 */
export const logoutBeaconSchema = requestObject({ token: secretString().max(4096).optional(), sessionId: secretString().max(100).optional() }).nullish();

export const currentUserSchema = z.object({
  username: z.string(),
  roles: z.array(roleSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
