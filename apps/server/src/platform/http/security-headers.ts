import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Strict headers on every answer: no inline script but the build's own, no plugins, no framing, no referrer leaks.
 * The helmet middleware is built once here; @fastify/helmet builds a new one for every request,
 * which cost 4 % of an authenticated read (bench/).
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string, scriptHashes: readonly string[] = []): void {
  const websocketOrigin = publicUrl.replace(/^http/, 'ws');
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The build's own inline scripts are allowed by their hashes (inline-scripts.ts), no others.
        scriptSrc: ["'self'", ...scriptHashes],
        // Radix and the grid layout position elements with inline style attributes; no inline script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", websocketOrigin],
        // Plan previews: images, and PDFs in <object>/<embed>, from this site's signed links only.
        frameSrc: ["'self'"],
        objectSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Reset and invitation links carry tokens in the query: never send them on as a referrer.
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    // HSTS only means something over HTTPS; an office laptop serving plain HTTP must not send it.
    strictTransportSecurity: publicUrl.startsWith('https:') ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
