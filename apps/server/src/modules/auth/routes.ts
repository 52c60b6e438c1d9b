import { currentUserSchema, loginRequestSchema, loginResponseSchema, logoutBeaconSchema, usernameParamsSchema } from '@bauakte/domain';
import { callerOf, type AccessPolicy } from '../../platform/access/access';
import { bearerToken } from '../../platform/auth/plugin';
import { unauthenticated } from '../../platform/errors';
import { validBody } from '../../platform/http/request-body';
import type { App } from '../../platform/http/types';
import type { AuthService } from './service';

export function registerAuthRoutes(app: App, deps: { auth: AuthService; access: AccessPolicy }): void {
  const { auth, access } = deps;

  app.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    (request) => auth.login(request.body, request.ip),
  );

  // Public at the routing level because the unload beacon cannot send an Authorization header:
  // it carries the token in the body instead, and the handler insists on one of the two.
  app.post(
    '/api/auth/logout/:username',
    {
      config: { public: true },
      attachValidation: true,
      schema: { tags: ['auth'], params: usernameParamsSchema, body: logoutBeaconSchema },
    },
    async (request, reply) => {
      const { username } = request.params;
      if (request.user) {
        await auth.logout(access.self(callerOf(request), username));
      } else if (bearerToken(request.headers.authorization)) {
        throw unauthenticated();
      } else {
        await auth.logoutBeacon(validBody(request)?.token, username);
      }
      return reply.status(204).send();
    },
  );

  app.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: currentUserSchema } } }, (request) =>
    auth.me(callerOf(request)),
  );
}
