import { currentUserSchema, loginRequestSchema, loginResponseSchema, logoutBeaconSchema, usernameParamsSchema } from '@bauakte/domain';
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
    (request) => auth.login(request.body, request.ip),
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

  app.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: currentUserSchema } } }, (request) =>
    auth.me(callerOf(request)),
  );
}
