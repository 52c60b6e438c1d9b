import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectFile } from '@bauakte/domain';
import { hashPassword } from '../../../platform/auth/password';
import { createUserRepository } from '../../../platform/db/users-repository';
import { bearer, createTestContext, startInstancesOnPostgres, testDialects, type SharedInstances, type TestContext } from '../../../test/test-app';
import { multipartBody } from '../../../test/multipart';
import { nextMillisecond } from '../../../test/clock';
import { startS3Server, type TestS3 } from '../../../test/s3-server';
import { pageKeyOf, pagesPrefixOf } from './pdf-previews';

/**
 * A scanned plan: each page a photograph (noise here, which no encoder shrinks), so the PDF is about
 * 44 KB a page and a page rendered 480 px wide about twice that.
 */
async function scannedPdf(pages: number): Promise<Buffer> {
  const scans = await Promise.all(Array.from({ length: pages }, () => sharp(randomBytes(120 * 120 * 3), { raw: { width: 120, height: 120, channels: 3 } }).png().toBuffer()));
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const scan of scans) {
      doc.addPage();
      doc.image(scan, 0, 0, { width: 595, height: 842 });
    }
    doc.end();
  });
}

/** What the tests use of an instance: its routes, the database, the store and the sweep. */
type Instance = Pick<TestContext, 'app' | 'database' | 'objectStore' | 'files' | 'background'>;

interface Setup {
  ctx: Instance;
  token: string;
  projectId: number;
}

/** The cache's bounds here: a file's pages at most its own size, all pages at most 0.3 MiB. */
const bounds = { PREVIEW_MAX_CONCURRENT: '1', PREVIEW_CACHE_FILE_FACTOR: '1', PREVIEW_CACHE_FILE_MIN_MB: '0', PREVIEW_CACHE_MAX_MB: '0.3' };

/** An architect, a client and the client's project, on the instance's database. */
async function clientProject(ctx: Instance): Promise<Setup> {
  const users = createUserRepository(ctx.database.db);
  const now = new Date().toISOString();
  const person = async (username: string, role: 'ARCHI' | 'CLIENT', createdById?: number) =>
    users.insert({ username, role, status: 'ACTIVE', passwordHash: await hashPassword(`${username}-passwort`), createdAt: now, updatedAt: now, ...(createdById ? { createdById } : {}) });
  const login = async (username: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: `${username}-passwort` } })).json<{ token: string }>().token;
  await person('kunde', 'CLIENT', await person('mara', 'ARCHI'));
  const created = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(await login('mara')), payload: { name: 'Altbau', assignedUser: 'kunde' } });
  return { ctx, token: await login('kunde'), projectId: created.json<{ id: number }>().id };
}

interface Uploaded {
  file: ProjectFile;
  storageKey: string;
  bytes: number;
}

async function upload(setup: Setup, name: string, pdf: Buffer): Promise<Uploaded> {
  const { payload, headers } = await multipartBody([
    ['projectId', String(setup.projectId)],
    ['fileName', name],
    ['documentType', 'PDF'],
    ['file', { name: `${name}.pdf`, bytes: pdf }],
  ]);
  const response = await setup.ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(setup.token) }, payload });
  expect(response.statusCode).toBe(201);
  // Its first page is made after the answer: the pages link is listed once it is.
  await setup.ctx.background.drained();
  const listed = await setup.ctx.app.inject({ method: 'GET', url: `/api/s3/project/${setup.projectId}`, headers: bearer(setup.token) });
  const file = listed.json<ProjectFile[]>().find((candidate) => candidate.id === response.json<ProjectFile>().id)!;
  expect(file.pagesUrl).toBeTruthy();
  const row = await setup.ctx.database.db.selectFrom('projectFiles').select('storageKey').where('id', '=', file.id).executeTakeFirstOrThrow();
  return { file, storageKey: row.storageKey, bytes: pdf.length };
}

async function readPage(setup: Setup, uploaded: Uploaded, page: number): Promise<void> {
  const response = await setup.ctx.app.inject({ method: 'GET', url: `${uploaded.file.pagesUrl!}&page=${page}&width=480` });
  expect(response.statusCode, `page ${page}`).toBe(200);
}

/** The file's rendered pages in the store, by key, with their bytes. */
async function cachedPages(setup: Setup, uploaded: Uploaded): Promise<Map<string, number>> {
  const pages = new Map<string, number>();
  for await (const object of setup.ctx.objectStore.list(pagesPrefixOf(uploaded.storageKey))) pages.set(object.key, object.size);
  return pages;
}

const totalOf = (pages: Map<string, number>) => [...pages.values()].reduce((sum, bytes) => sum + bytes, 0);
const page480 = (uploaded: Uploaded, page: number) => pageKeyOf(uploaded.storageKey, page, 480);

/** The pages the database counts, by key. */
async function countedPages(setup: Setup): Promise<string[]> {
  return (await setup.ctx.database.db.selectFrom('renderedPages').select('key').orderBy('key').execute()).map((row) => row.key);
}

async function allCachedPages(setup: Setup, files: Uploaded[]): Promise<string[]> {
  const keys: string[] = [];
  for (const file of files) keys.push(...(await cachedPages(setup, file)).keys());
  return keys.sort();
}

function pageCacheTests(open: () => Promise<TestContext>) {
  let ctx: TestContext;
  let setup: Setup;
  beforeAll(async () => {
    ctx = await open();
    setup = await clientProject(ctx);
  });
  afterAll(() => ctx.close());

  it("keeps a file's rendered pages within its bound however many are read, the latest read kept", async () => {
    const plan = await upload(setup, 'Bestand', await scannedPdf(6));
    for (let page = 1; page <= 6; page += 1) {
      await readPage(setup, plan, page);
      const cached = await cachedPages(setup, plan);
      // The bound here: the PDF's own size (PREVIEW_CACHE_FILE_FACTOR=1, no floor).
      expect(totalOf(cached), `after page ${page}`).toBeLessThanOrEqual(plan.bytes);
      expect(cached.has(page480(plan, page)), `page ${page} kept`).toBe(true);
    }
    const kept = await cachedPages(setup, plan);
    expect(kept.size).toBeGreaterThanOrEqual(2);
    expect(kept.has(page480(plan, 1))).toBe(false);
    expect(await countedPages(setup)).toEqual([...kept.keys()].sort());
    // An evicted page is rendered again.
    await readPage(setup, plan, 1);
    expect((await cachedPages(setup, plan)).has(page480(plan, 1))).toBe(true);
  });

  it('removes the rendered pages and their count with the file', async () => {
    const plan = await upload(setup, 'Schnitt', await scannedPdf(2));
    await readPage(setup, plan, 1);
    expect(await countedPages(setup)).toContain(page480(plan, 1));
    const removed = await setup.ctx.app.inject({
      method: 'POST',
      url: '/api/s3/deleteFile',
      headers: bearer(setup.token),
      payload: { projectId: setup.projectId, s3Key: `Projekt/${plan.file.url.split('/download/')[1]}` },
    });
    expect(removed.statusCode).toBe(204);
    expect((await cachedPages(setup, plan)).size).toBe(0);
    expect((await countedPages(setup)).filter((key) => key.startsWith(plan.storageKey))).toEqual([]);
  });

  it('evicts the pages read longest ago at the sweep when all rendered pages exceed the installation bound', async () => {
    // Whatever the earlier tests left is read longest ago and goes first; these four are what the sweep keeps or evicts.
    await setup.ctx.database.db.updateTable('renderedPages').set({ lastUsedAt: new Date(Date.now() - 86_400_000).toISOString() }).execute();
    const north = await upload(setup, 'Ansicht Nord', await scannedPdf(6));
    const south = await upload(setup, 'Ansicht Süd', await scannedPdf(6));
    const order = [page480(north, 1), page480(north, 2), page480(south, 1), page480(south, 2)];
    for (const [uploaded, page] of [[north, 1], [north, 2], [south, 1], [south, 2]] as const) await readPage(setup, uploaded, page);
    // Read an hour apart, the first read longest ago; then the first read again.
    for (const [index, key] of order.entries()) {
      await setup.ctx.database.db.updateTable('renderedPages').set({ lastUsedAt: new Date(Date.now() - (5 - index) * 3_600_000).toISOString() }).where('key', '=', key).execute();
    }
    await readPage(setup, north, 1);
    const before = await allCachedPages(setup, [north, south]);
    expect(before).toEqual([...order].sort());
    const sizes = new Map([...(await cachedPages(setup, north)), ...(await cachedPages(setup, south))]);
    expect(totalOf(sizes)).toBeGreaterThan(0.3 * 1024 * 1024);

    await setup.ctx.files.sweep();
    // The second page of the north view is now the one read longest ago; without it the rest fit.
    const after = await allCachedPages(setup, [north, south]);
    expect(after).toEqual([page480(north, 1), page480(south, 1), page480(south, 2)].sort());
    expect(await countedPages(setup)).toEqual(after);
  });

  it('removes at the sweep a rendered page the cache does not count, and keeps the one it counts', async () => {
    const plan = await upload(setup, 'Lageplan', await scannedPdf(2));
    await readPage(setup, plan, 1);
    // As pages rendered before the cache was bounded, or left by an eviction whose delete failed.
    const uncounted = pageKeyOf(plan.storageKey, 2, 960);
    await setup.ctx.objectStore.put(uncounted, Readable.from([Buffer.from('RIFF')]), 'image/webp');
    // A file's time is rounded to the millisecond: written in this one, it may read as the next, younger than a sweep now.
    await nextMillisecond();
    await setup.ctx.files.sweep(0);
    expect([...(await cachedPages(setup, plan)).keys()]).toEqual([page480(plan, 1)]);
    expect(await countedPages(setup)).toContain(page480(plan, 1));
  });
}

describe.each(testDialects)('the rendered pages kept within bounds on %s', (dialect) => {
  pageCacheTests(() => createTestContext(dialect, { env: bounds }));
});

describe('the rendered pages kept within bounds in an S3 bucket', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());
  pageCacheTests(() => createTestContext('sqlite', { env: { ...bounds, ...s3.env } }));
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the rendered pages kept within bounds by two instances on one PostgreSQL database and one S3 bucket', () => {
  let s3: TestS3;
  let shared: SharedInstances;
  let onA: Setup;
  let onB: Setup;
  beforeAll(async () => {
    s3 = await startS3Server();
    shared = await startInstancesOnPostgres(2, { env: { ...bounds, ...s3.env } });
    const [a, b] = shared.instances.map((instance) => ({ app: instance.app, database: shared.database, objectStore: instance.store, files: instance.files, background: instance.background }));
    onA = await clientProject(a!);
    onB = { ...onA, ctx: b! };
  });
  afterAll(async () => {
    await shared?.close();
    await s3?.close();
  });

  it("holds a file's bound while both render its pages at once, the same page on both too", async () => {
    const plan = await upload(onA, 'Bestand', await scannedPdf(6));
    const read = async (on: Setup, pages: number[]) => {
      for (const page of pages) await readPage(on, plan, page);
    };
    await Promise.all([read(onA, [1, 3, 5, 6]), read(onB, [2, 4, 6, 1])]);
    const cached = await cachedPages(onA, plan);
    expect(cached.size).toBeGreaterThan(0);
    expect(totalOf(cached)).toBeLessThanOrEqual(plan.bytes);
    expect(await countedPages(onB)).toEqual([...cached.keys()].sort());
  });
});
