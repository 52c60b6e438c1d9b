import type { FastifyInstance } from 'fastify';

export interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
}

/**
 * Records every /api route as it is registered, so tests can prove that each one has an entry in
 * the access matrix: a new route without a decided rule fails the build instead of shipping open.
 */
export function recordApiRoutes(app: FastifyInstance): ApiRoute[] {
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, public: route.config?.public === true });
    }
  });
  return routes;
}
