import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverMessages } from '@bauakte/domain';
import { sessionRevoked, unauthenticated } from '../errors';
import type { AuthUser, SessionService } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token. Every other /api route requires one. */
    public?: boolean;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Resolves the caller from the Bearer token on every /api request and refuses, with 401, every
 * route that is not marked public. Secure by default: a new route needs a token unless it says not.
 */
export function installAuthentication(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/');
    const isDocs = route.url.startsWith('/api/docs');
    if (!isApi || isDocs) route.config = { ...route.config, public: true };
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Answers of the API are about one person's data: no browser or proxy may keep a copy.
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) reply.header('cache-control', 'no-store');
    const token = bearerToken(request.headers.authorization);
    if (token) request.user = await sessions.resolve(token);
    if (request.routeOptions.config.public || request.routeOptions.url === undefined) return;
    if (!request.user) {
      if (!token) throw unauthenticated();
      // An ended session is told apart from one that ran out: the web app removes what the device
      // keeps of the user for the first, and keeps the waiting changes for the next login after the second.
      if ((await sessions.refusalOf(token)) === 'revoked') throw sessionRevoked();
      throw unauthenticated(serverMessages.sessionInvalid);
    }
  });
}
