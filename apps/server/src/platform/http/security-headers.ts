import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Strict headers on every answer: no inline script but the build's own, no plugins, no framing, no referrer leaks;
 * API answers get the shorter and stricter set that fits data (apiSecurityHeaders).
 * The helmet middleware is built once here; @fastify/helmet builds a new one for every request,
 * a cost every authenticated read would pay.
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
        // The installable app: its service worker and manifest come from this site only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
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
  const apiHeaders = apiSecurityHeaders(publicUrl.startsWith('https:'));
  app.addHook('onRequest', (request, reply, done) => {
    if (answersWithData(request.url)) {
      for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
      done();
      return;
    }
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}

/** The API's JSON answers and file downloads; its documentation (/api/docs) is a page like the app's. */
function answersWithData(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * What an answer that is never a page needs (OWASP's REST security headers): a policy that lets a
 * mistakenly rendered answer load and run nothing, no framing, no sniffing, no referrer. The page
 * headers (script hashes, connect-src, opener and agent-cluster isolation, legacy IE switches) mean
 * nothing for JSON, yet they would make every API answer longer, and writing them would be a large
 * part of every authenticated read. A route that serves a file sets
 * its own policy on top (modules/files/routes.ts).
 */
function apiSecurityHeaders(overHttps: boolean): ReadonlyArray<readonly [string, string]> {
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ...(overHttps ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const] : []),
  ];
}
