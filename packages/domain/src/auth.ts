import { z } from 'zod';
import { roleSchema } from './roles';

export const loginRequestSchema = z.object({
  username: z.string().min(1).max(100),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Sent by the unload beacon, which cannot set an Authorization header. */
export const logoutBeaconSchema = z.object({ token: z.string().max(4096).optional() }).nullish();

export const currentUserSchema = z.object({
  username: z.string(),
  roles: z.array(roleSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The claims the web app reads from the token payload (spec section 3). */
export const tokenClaimsSchema = z.object({
  sub: z.string(),
  roles: z.array(z.string()),
  jti: z.string(),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;
