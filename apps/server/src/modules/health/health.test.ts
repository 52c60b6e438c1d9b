import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../platform/http/logger';
import { migrations } from '../../platform/db/migrations/index';
import { startS3Server } from '../../test/s3-server';
import { createTestContext, testDialects, type TestContext } from '../../test/test-app';

async function listAll(ctx: TestContext, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of ctx.objectStore.list(prefix)) keys.push(object.key);
  return keys;
}

describe.each(testDialects)('health and Impressum on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { IMPRESSUM_COMPANY: 'Planwerk Muster GmbH' } });
  });
  afterAll(() => ctx.close());

  it('answers 200 with JSON without a token while the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers the configured operator details without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/impressum' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ company: 'Planwerk Muster GmbH', businessPurpose: 'Softwareentwicklung' });
  });

  it('answers the privacy notice without a token: the operator as controller, the contact defaulting to its e-mail', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/privacy' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      controller: {
        company: 'Planwerk Muster GmbH', street: 'Mariahilfer Straße 1', postalCode: '1060', city: 'Wien', country: 'Österreich',
        email: 'office@bauakte.at', phone: '+43 1 234 56 78',
      },
      contactEmail: 'office@bauakte.at',
      hosting: 'Rechenzentrum in Österreich (Europäische Union)',
    });
  });

  it('names a separate data-protection contact and the hosting when configured', async () => {
    const configured = await createTestContext(dialect, { env: { PRIVACY_CONTACT_EMAIL: 'datenschutz@planwerk.at', PRIVACY_HOSTING: 'Exoscale, Wien' } });
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/api/privacy' });
      expect(response.json()).toMatchObject({ contactEmail: 'datenschutz@planwerk.at', hosting: 'Exoscale, Wien' });
    } finally {
      await configured.close();
    }
  });
});

describe.each(testDialects)('readiness on %s', (dialect) => {
  it('answers ready without a token, uncached, and leaves no probe object behind', async () => {
    const ctx = await createTestContext(dialect);
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(await listAll(ctx, 'health/')).toEqual([]);
      // The probe wrote into the same store: the files' sweep finds nothing of it to remove.
      expect(fs.existsSync(path.join(ctx.dataDir, 'files', 'health'))).toBe(true);
      expect(await ctx.files.sweep(0)).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 naming the migrations when the database lacks one this version needs', async () => {
    const ctx = await createTestContext(dialect);
    try {
      const latest = Object.keys(migrations).at(-1)!;
      await sql`delete from kysely_migration where name = ${latest}`.execute(ctx.database.db);
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not-ready',
        code: 'SERVICE_UNAVAILABLE',
        message: 'Die Datenbank ist nicht auf dem Stand dieser Version: Migrationen stehen aus.',
        checks: { database: 'ok', migrations: 'failed', storage: 'ok' },
      });
      // Liveness is not readiness: the process still answers.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 naming the storage when DATA_DIR/files cannot be written', async () => {
    const ctx = await createTestContext(dialect);
    try {
      // A file where the folder should be: no write below it works, whoever the process runs as.
      fs.rmSync(path.join(ctx.dataDir, 'files'), { recursive: true, force: true });
      fs.writeFileSync(path.join(ctx.dataDir, 'files'), '');
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ message: 'Der Dateispeicher nimmt keine Dateien an.', checks: { database: 'ok', migrations: 'ok', storage: 'failed' } });
    } finally {
      fs.rmSync(path.join(ctx.dataDir, 'files'), { force: true });
      await ctx.close();
    }
  });
});

describe('readiness with S3', () => {
  it('writes its probe to the bucket and removes it', async () => {
    const s3 = await startS3Server();
    const ctx = await createTestContext('sqlite', { env: s3.env });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.json()).toMatchObject({ status: 'ready', checks: { storage: 'ok' } });
      expect(await listAll(ctx, 'health/')).toEqual([]);
    } finally {
      await ctx.close();
      await s3.close();
    }
  });

  it('answers 503 naming the storage when the S3 endpoint cannot be reached', async () => {
    const ctx = await createTestContext('sqlite', {
      env: { S3_BUCKET: 'bauakte', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' },
    });
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toEqual({ database: 'ok', migrations: 'ok', storage: 'failed' });
    } finally {
      await ctx.close();
    }
  });
});

describe('health and readiness without a database', () => {
  it('stays alive (200, database unavailable) but is not ready (503), and logs only the failing check', async () => {
    const logLines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const ctx = await createTestContext('sqlite', { logger: { ...(loggerOptions('info') as object), stream } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect(logLines.join('')).not.toContain('/api/ready');
    await ctx.database.close();
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'unavailable' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ message: expect.stringContaining('Die Datenbank antwortet nicht.'), checks: { database: 'failed', migrations: 'failed' } });
    expect(logLines.join('')).toContain('"msg":"not ready"');
    await ctx.app.close();
  });
});
