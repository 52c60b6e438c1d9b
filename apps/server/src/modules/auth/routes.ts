import {
  currentUserSchema,
  deviceKeyRequestSchema,
  deviceKeySchema,
  deviceParamsSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutBeaconSchema,
  signedInDeviceSchema,
  usernameParamsSchema,
} from '@bauakte/domain';
import { z } from 'zod';
import { callerOf } from '../../platform/access/access';
import { requires } from '../../platform/access/route-access';
import { bearerToken } from '../../platform/auth/plugin';
import { unauthenticated } from '../../platform/errors';
import type { App } from '../../platform/http/types';
import type { AuthService } from './service';

export function registerAuthRoutes(app: App, auth: AuthService): void {
  const ownSession = requires.self('params.username');

  app.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    (request) => auth.login(request.body, request.ip, request.headers['user-agent']),
  );

  // Public at the routing level because the unload beacon cannot send an Authorization header:
  // it carries the token in the body instead, and the handler insists on one of the two. A logout
  // made on the device without a connection names its session's id instead, once online again.
  app.post(
    '/api/auth/logout/:username',
    {
      config: { public: true, access: ownSession },
      schema: { tags: ['auth'], params: usernameParamsSchema, body: logoutBeaconSchema },
    },
    async (request, reply) => {
      const { username } = request.params;
      if (request.user) {
        await auth.logout(ownSession.of(request));
      } else if (bearerToken(request.headers.authorization)) {
        throw unauthenticated();
      } else if (request.body?.sessionId && !request.body.token) {
        await auth.logoutNamedSession(request.body.sessionId, username);
      } else {
        await auth.logoutBeacon(request.body?.token, username);
      }
      return reply.status(204).send();
    },
  );

  // 'Angemeldete Geräte' of the own profile: only the caller's own sessions, named by the caller's own username.
  app.get(
    '/api/auth/devices/:username',
    { config: { access: ownSession }, schema: { tags: ['auth'], params: usernameParamsSchema, response: { 200: z.array(signedInDeviceSchema) } } },
    (request) => auth.devices(ownSession.of(request)),
  );

  app.delete(
    '/api/auth/devices/:username/:deviceId',
    { config: { access: ownSession }, schema: { tags: ['auth'], params: deviceParamsSchema } },
    async (request, reply) => {
      await auth.endDevice(ownSession.of(request), request.params.deviceId);
      return reply.status(204).send();
    },
  );

  // 'Auf allen Geräten abmelden': every other session of the caller; the web app then logs out this one as usual.
  app.delete('/api/auth/devices/:username', { config: { access: ownSession }, schema: { tags: ['auth'], params: usernameParamsSchema } }, async (request, reply) => {
    await auth.endAllDevices(ownSession.of(request));
    return reply.status(204).send();
  });

  // This device's key for what it keeps of the caller (read cache, thumbnails, waiting changes): the
  // own account only. A POST, so the device id stays out of the access log's URLs.
  app.post(
    '/api/auth/device-key/:username',
    { config: { access: ownSession }, schema: { tags: ['auth'], params: usernameParamsSchema, body: deviceKeyRequestSchema, response: { 200: deviceKeySchema } } },
    (request) => auth.deviceKey(ownSession.of(request), request.body.deviceId),
  );

  app.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: currentUserSchema } } }, (request) =>
    auth.me(callerOf(request)),
  );
}
