import { z } from 'zod';
import { requestObject } from './fields';
import { passwordMaxLength } from './field-limits';
import { roleSchema } from './role-schema';
import { secretString } from './text';
import { pathUsernameSchema, usernameSchema } from './username';

export const loginRequestSchema = requestObject({
  username: usernameSchema,
  password: secretString().min(1).max(passwordMaxLength),
  /** 'Auf diesem Gerät angemeldet bleiben': the session outlasts a closed window and is listed among the devices. */
  remember: z.boolean().optional(),
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

/** A signed-in device of the caller ('Angemeldete Geräte'): one usable session. */
export const signedInDeviceSchema = z.object({
  id: z.string(),
  /** Read coarsely from the login's User-Agent; null when not recognised. */
  browser: z.string().nullable(),
  system: z.string().nullable(),
  /** Kept signed in ('Auf diesem Gerät angemeldet bleiben'), or a session that ends with its window. */
  remembered: z.boolean(),
  signedInSince: z.string(),
  lastUsed: z.string(),
  /** The session of the request that asked: 'Dieses Gerät'. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;

export const deviceParamsSchema = z.object({ username: pathUsernameSchema, deviceId: secretString().min(1).max(100) });

/**
 * The browser's id of this device (made once at random and kept in its localStorage; not secret):
 * with the account it names the key the device encrypts what it keeps of the user with.
 */
export const deviceKeyRequestSchema = requestObject({ deviceId: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/) });
export type DeviceKeyRequest = z.infer<typeof deviceKeyRequestSchema>;

/** The device key: 32 bytes (AES-256), base64url. The same for the same account and device at every login. */
export const deviceKeySchema = z.object({ key: z.string() });
export type DeviceKey = z.infer<typeof deviceKeySchema>;
