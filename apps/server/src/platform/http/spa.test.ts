import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa';

/** A built web app as apps/web's build leaves it: files with their .br and .gz copies. */
function writeDist(): { dir: string; script: string; page: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-spa-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const script = `console.log(${JSON.stringify('Grüß Gott '.repeat(400))});`;
  const page = `<!doctype html><html lang="de"><head><script type="module" src="/assets/app-1a2b.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
  for (const [file, content] of [['assets/app-1a2b.js', script], ['index.html', page]] as const) {
    fs.writeFileSync(path.join(dir, file), content);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(content));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(content));
  }
  fs.writeFileSync(path.join(dir, 'assets/tiny-9f.css'), 'a{}');
  return { dir, script, page };
}

describe('the web app as the server sends it', () => {
  let app: FastifyInstance;
  let dist: ReturnType<typeof writeDist>;

  beforeAll(async () => {
    dist = writeDist();
    app = Fastify();
    await registerSpa(app, dist.dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist.dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a script compressed with Brotli when the browser takes it, cached for a year', async () => {
    const response = await get('/assets/app-1a2b.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(dist.script.length / 10);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(dist.script);
  });

  it('sends gzip to a browser without Brotli, and the plain file to one without either', async () => {
    const gzip = await get('/assets/app-1a2b.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(dist.script);
    const plain = await get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(dist.script);
  });

  it('sends a file without compressed copies as it is', async () => {
    const response = await get('/assets/tiny-9f.css', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('a{}');
  });

  it('answers a client-side route with the compressed index.html, never cached unchecked', async () => {
    const response = await get('/projectOverview', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(dist.page);
  });

  it('answers a missing asset with 404, not the page', async () => {
    expect((await get('/assets/gone-00.js', 'br')).statusCode).toBe(404);
  });
});
