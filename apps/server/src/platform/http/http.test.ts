import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../test/test-app';
import { loggerOptions, redactUrl } from './logger';

// The build writes one inline script (the early preload of the logged-in pages); its hash is allowed.
const earlyScript = 'if(sessionStorage.getItem("token"))document.head.append("früh")';

function writeFakeWebApp(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html lang="de"><title>Bauakte</title><script>${earlyScript}</script></html>`);
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Bauakte","short_name":"Bauakte","start_url":"/"}');
}

describe('HTTP behaviour', () => {
  let ctx: TestContext;
  const logLines: string[] = [];

  beforeAll(async () => {
    const webDir = path.join(fs.mkdtempSync('/tmp/bauakte-web-'), 'dist');
    writeFakeWebApp(webDir);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    ctx = await createTestContext('sqlite', {
      env: { WEB_DIST_DIR: webDir },
      logger: { ...(loggerOptions('info') as object), stream },
      extend: (app) =>
        app.get('/api/test/explode', { config: { public: true } }, () => {
          throw new Error('secret internal detail at /srv/app/db.ts:42');
        }),
    });
    await ctx.createUser({ username: 'mara', password: 'richtig-geheim' });
  });
  afterAll(() => ctx.close());

  it('answers malformed JSON with 400 and a German message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "mara", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Die Anfrage enthält kein gültiges JSON.', code: 'INVALID_JSON' });
  });

  it('answers an oversized body with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'mara', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('never shows internals on a 500, but a request id to find the log line', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(body.message).toBe('Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.');
    expect(response.body).not.toMatch(/secret internal detail|db\.ts|stack/);
    expect(logLines.some((line) => line.includes(body.requestId) && line.includes('secret internal detail'))).toBe(true);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/gibt-es-nicht' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Diese Adresse gibt es nicht.', code: 'NOT_FOUND' });
  });

  it('sends API answers a policy that loads and runs nothing, with no framing, sniffing or referrer', async () => {
    for (const url of ['/api/health', '/api/gibt-es-nicht', '/api/auth/me']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('sends strict page headers on every page, the API documentation included', async () => {
    for (const url of ['/login', '/dashboard', '/api/docs/']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      const earlyScriptHash = createHash('sha256').update(earlyScript).digest('base64');
      expect(csp).toContain(`script-src 'self' 'sha256-${earlyScriptHash}';`);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/connect-src 'self' ws:\/\/localhost:8080/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('serves the web app for client-side routes, revalidated, and hashed assets for a year', async () => {
    for (const url of ['/', '/login', '/dashboard', '/reset-password?token=abc']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<html lang="de">');
    }
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker and the manifest revalidated on every visit, so a new version is found at once', async () => {
    const worker = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'Bauakte', start_url: '/' });
  });

  it('lets pages register the service worker and the manifest of this site only', async () => {
    const csp = String((await ctx.app.inject({ method: 'GET', url: '/dashboardClient' })).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('answers a missing asset with 404, not with the app page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-old.js' });
    expect(response.statusCode).toBe(404);
  });

  it('keeps the Authorization header, passwords and link tokens out of the log', async () => {
    const token = await ctx.login('mara', 'richtig-geheim');
    await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    await ctx.app.inject({ method: 'GET', url: '/api/health?token=geheimer-link-token' });
    const log = logLines.join('\n');
    expect(log).toContain('/api/auth/me');
    expect(log).not.toContain(token);
    expect(log).not.toContain('richtig-geheim');
    expect(log).not.toContain('geheimer-link-token');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/auth/login');
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('redactUrl', () => {
  it('replaces token values in query strings and leaves the rest', () => {
    expect(redactUrl('/api/register?token=abc&x=1')).toBe('/api/register?token=[redacted]&x=1');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
