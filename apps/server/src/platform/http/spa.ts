import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverMessages } from '@bauakte/domain';
import { notFound } from '../errors';
import { sendError } from './error-handler';

const immutable = 'public, max-age=31536000, immutable';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/ws');
}

/** A path like /assets/x.js or /favicon.ico names a file: a miss is a 404, not the app's HTML. */
function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
}

/**
 * Serves the built web app, compressed at build time: hashed assets cached for a year, everything else revalidated; unknown
 * non-API paths get index.html so that client-side routes survive a reload.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const hasApp = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs): sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const inAssets = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', inAssets ? immutable : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasApp || !wantsPage || isApiPath(request.url) || looksLikeFile(request.url)) {
      return sendError(reply, notFound(serverMessages.routeNotFound));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
