import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveDestinations, type ProjectFile } from '@bauakte/domain';
import { bearer, createTestContext, testDialects, testJwtSecret, type TestContext } from '../../../test/test-app';
import { multipartBody } from '../../../test/multipart';
import { connectStomp } from '../../../test/stomp-client';
import { startS3Server, type TestS3 } from '../../../test/s3-server';
import { uploadPrefixes } from '../../../platform/storage/object-store';
import { createSignedLinks } from '../../../platform/storage/signed-links';

interface Setup {
  ctx: TestContext;
  tokens: Record<string, string>;
  projectId: number;
  otherProjectId: number;
}

async function setUp(dialect: 'sqlite' | 'postgres', env: Record<string, string> = {}): Promise<Setup> {
  const ctx = await createTestContext(dialect, { env });
  const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', firstName: 'Mara', lastName: 'Berger' });
  await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
  await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara });
  const tokens: Record<string, string> = {};
  for (const name of ['mara', 'fremd', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
  const create = async (who: string, name: string, assignedUser?: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens[who]!), payload: { name, ...(assignedUser ? { assignedUser } : {}) } })).json<{ id: number }>().id;
  return { ctx, tokens, projectId: await create('mara', 'Altbau', 'kunde'), otherProjectId: await create('fremd', 'Fremdes Projekt') };
}

/** An A4 PDF of the given pages, made as an office's CAD export would: each page's drawing differs. */
function planPdf(pages: Array<(doc: PDFKit.PDFDocument) => void>, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4', autoFirstPage: false, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const draw of pages) {
      doc.addPage();
      draw(doc);
    }
    doc.end();
  });
}

/** Page 1: a floor plan's walls; page 2: its left half black, so the two tell apart. */
const floorPlan = (doc: PDFKit.PDFDocument) => {
  doc.lineWidth(6).rect(60, 60, 475, 720).stroke();
  for (let x = 60; x < 535; x += 95) doc.lineWidth(3).moveTo(x, 60).lineTo(x, 780).stroke();
  doc.fontSize(28).text('Grundriss EG', 80, 90);
};
const darkLeft = (doc: PDFKit.PDFDocument) => doc.rect(0, 0, 297, 842).fill('#000000');
const blankPage = () => undefined;

/**
 * A PDF bomb: a form drawing 40 page-long lines, drawn 40 times by the next form, four levels
 * deep — a few kilobytes that ask for 2.5 million strokes. Offsets are left wrong on purpose;
 * MuPDF rebuilds them, as it would for many a damaged upload.
 */
function strokeBomb(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 2384 1684] /Contents 4 0 R /Resources << /XObject << /X 5 0 R >> >> >>'];
  const stream = (content: string, extra = '') => `<< /Type /XObject /Subtype /Form /BBox [0 0 2384 1684] ${extra} /Length ${content.length} >>\nstream\n${content}\nendstream`;
  const lines = Array.from({ length: 40 }, (_, i) => `${i * 59} 0 m ${2384 - i * 59} 1684 l S`).join('\n');
  const repeat = (name: string) => Array.from({ length: 40 }, () => `/${name} Do`).join('\n');
  objects.push(`<< /Length 5 >>\nstream\n/X Do\nendstream`);
  objects.push(stream(repeat('Y'), '/Resources << /XObject << /Y 6 0 R >> >>'));
  objects.push(stream(repeat('Z'), '/Resources << /XObject << /Z 7 0 R >> >>'));
  objects.push(stream(repeat('W'), '/Resources << /XObject << /W 8 0 R >> >>'));
  objects.push(stream(lines));
  const body = objects.map((object, index) => `${index + 1} 0 obj\n${object}\nendobj\n`).join('');
  return Buffer.from(`%PDF-1.4\n${body}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\n%%EOF\n`);
}

async function upload(setup: Setup, name: string, bytes: Buffer) {
  const { payload, headers } = await multipartBody([
    ['projectId', String(setup.projectId)],
    ['fileName', name],
    ['documentType', 'PDF'],
    ['file', { name: `${name}.pdf`, bytes }],
  ]);
  return setup.ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(setup.tokens.kunde!) }, payload });
}

const get = (setup: Setup, url: string) => setup.ctx.app.inject({ method: 'GET', url });

/** The file as the project's list shows it to a user. */
async function listed(setup: Setup, fileId: number, who = 'kunde'): Promise<ProjectFile> {
  const files = (await setup.ctx.app.inject({ method: 'GET', url: `/api/s3/project/${setup.projectId}`, headers: bearer(setup.tokens[who]!) })).json<ProjectFile[]>();
  return files.find((file) => file.id === fileId)!;
}

/** Uploads a PDF and answers it as listed once its first page is made (after the upload's answer). */
async function uploadWithPreview(setup: Setup, name: string, bytes: Buffer): Promise<ProjectFile> {
  const response = await upload(setup, name, bytes);
  expect(response.statusCode).toBe(201);
  await setup.ctx.background.drained();
  return listed(setup, response.json<ProjectFile>().id);
}

async function storedKeys(ctx: TestContext): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of uploadPrefixes) for await (const object of ctx.objectStore.list(prefix)) keys.push(object.key);
  return keys.sort();
}

/** How much of the picture is dark: the share of pixels darker than mid-grey. */
async function darkShare(webp: Buffer, region?: { left: number; top: number; width: number; height: number }): Promise<number> {
  const image = region ? sharp(webp).extract(region) : sharp(webp);
  const { data, info } = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (const value of data) if (value < 128) dark += 1;
  return dark / (info.width * info.height);
}

const deleteFile = (setup: Setup, file: ProjectFile) =>
  setup.ctx.app.inject({
    method: 'POST',
    url: '/api/s3/deleteFile',
    headers: bearer(setup.tokens.kunde!),
    payload: { projectId: setup.projectId, s3Key: `Projekt/${file.url.split('/download/')[1]}` },
  });

describe.each(testDialects)('PDF previews on %s', (dialect) => {
  let setup: Setup;
  let plan: ProjectFile;
  beforeAll(async () => {
    setup = await setUp(dialect, { PREVIEW_MAX_CONCURRENT: '1' });
    plan = await uploadWithPreview(setup, 'Grundriss EG', await planPdf([floorPlan, darkLeft, blankPage]));
  });
  afterAll(() => setup.ctx.close());

  it('answers an upload before its first page is rendered, then lists that page as its tile and announces the file again', async () => {
    const url = await setup.ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const kunde = connectStomp(url, setup.tokens.kunde!);
    try {
      await kunde.connected;
      const seen = kunde.subscribe(liveDestinations.projectFiles(setup.projectId));
      // From the server's RECEIPT on, every upload is heard; a PDF that cannot be read is announced once, listed.
      await seen.ready;
      const first = (await upload(setup, 'Deckblatt', Buffer.from('%PDF-1.7\nnur ein Anfang\n'))).json<ProjectFile>();
      await seen.next((message) => (message as { fileId: number }).fileId === first.id);
      const response = await upload(setup, 'Ansicht Nord', await planPdf([floorPlan, darkLeft]));
      expect(response.statusCode).toBe(201);
      const file = response.json<ProjectFile>();
      expect(file).toMatchObject({ previewPending: true, thumbnailUrl: null, pageCount: null, pagesUrl: null });
      // Announced twice: listed, and once its first page is made.
      let announced = 0;
      const body = { fileId: file.id, planId: file.planId, version: 1 };
      expect(await seen.next((message) => (message as { fileId: number }).fileId === file.id && ++announced === 2)).toEqual(body);
      expect(await listed(setup, file.id)).toMatchObject({ previewPending: false, pageCount: 2, thumbnailUrl: expect.stringContaining('/thumbnail?') });
    } finally {
      await kunde.close();
    }
  });

  it('shows a PDF\'s first page as its tile: a 480 px wide WebP of the drawing, and counts its pages', async () => {
    expect(plan).toMatchObject({ pageCount: 3, previewPending: false, thumbnailUrl: expect.stringMatching(/^\/api\/s3\/download\/\d+\/\d+\/thumbnail\?expires=\d+&signature=/) });
    expect(plan.pagesUrl).toMatch(/^\/api\/s3\/download\/\d+\/\d+\/pages\/\d+\?expires=\d+&signature=[\w-]+$/);
    const thumbnail = await get(setup, plan.thumbnailUrl!);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 679]);
    // The walls are there, the rest of the sheet is white.
    const dark = await darkShare(thumbnail.rawPayload);
    expect(dark).toBeGreaterThan(0.01);
    expect(dark).toBeLessThan(0.5);
    expect(await listed(setup, plan.id, 'mara')).toMatchObject({ id: plan.id, pageCount: 3, pagesUrl: expect.stringMatching(/\/pages\/\d+\?expires=/) });
  });

  it('renders a further page at the width asked for, with the download\'s safe headers, and keeps it for the next caller', async () => {
    const url = `${plan.pagesUrl!}&page=2&width=960`;
    const page = await get(setup, url);
    expect(page.statusCode).toBe(200);
    expect(page.headers).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; frame-ancestors 'self'",
    });
    expect(page.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const meta = await sharp(page.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([960, 1358]);
    // Page 2 is the one with its left half black.
    expect(await darkShare(page.rawPayload, { left: 0, top: 0, width: 470, height: 1358 })).toBeGreaterThan(0.95);
    expect(await darkShare(page.rawPayload, { left: 490, top: 0, width: 470, height: 1358 })).toBeLessThan(0.05);
    const row = await setup.ctx.database.db.selectFrom('projectFiles').select('storageKey').where('id', '=', plan.id).executeTakeFirstOrThrow();
    expect(await storedKeys(setup.ctx)).toContain(`${row.storageKey}.pages/2-960.webp`);
    const again = await get(setup, url);
    expect(again.rawPayload.equals(page.rawPayload)).toBe(true);
    // Asked for twice at once, the same page comes back alike to both.
    const [one, two] = await Promise.all([get(setup, `${plan.pagesUrl!}&page=3&width=480`), get(setup, `${plan.pagesUrl!}&page=3&width=480`)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.rawPayload.equals(two.rawPayload)).toBe(true);
  });

  it('refuses a page or width outside the allowed ones with 400 and a German reason', async () => {
    const widthText = 'Die Breite (width) muss eine dieser Pixelzahlen sein: 480, 960, 1600, 2400.';
    const pageText = 'Die Seitenzahl (page) muss eine ganze Zahl von 1 bis 3 sein.';
    const cases: Array<[string, string]> = [
      ['&page=1&width=500', widthText],
      ['&page=1', widthText],
      ['&page=1&width=960.0', widthText],
      ['&page=0&width=480', pageText],
      ['&page=4&width=480', pageText],
      ['&page=1.5&width=480', pageText],
      ['&page=zwei&width=480', pageText],
      ['&width=480', pageText],
    ];
    for (const [query, message] of cases) {
      const response = await get(setup, `${plan.pagesUrl!}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'BAD_REQUEST', message });
    }
  });

  it('answers an unsigned or tampered pages link as the downloads do (403), and 404 for a file of another project', async () => {
    const path = new URL(plan.pagesUrl!, 'http://x').pathname;
    const tampered = plan.pagesUrl!.replace(/signature=./, (match) => (match.endsWith('A') ? `${match.slice(0, -1)}B` : `${match.slice(0, -1)}A`));
    for (const url of [`${path}?page=1&width=480`, `${tampered}&page=1&width=480`, `${path}?${plan.thumbnailUrl!.split('?')[1]}&page=1&width=480`]) {
      const response = await get(setup, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe('LINK_EXPIRED');
    }
    // The viewer is part of what is signed: a link turned to another user's budget is refused.
    const otherViewer = plan.pagesUrl!.replace(/\/pages\/(\d+)\?/, (_match, id: string) => `/pages/${Number(id) + 1}?`);
    expect((await get(setup, `${otherViewer}&page=1&width=480`)).statusCode).toBe(403);
    // A link signed for the other project's path does not reach this project's file.
    const viewerId = /\/pages\/(\d+)\?/.exec(plan.pagesUrl!)![1];
    const foreign = createSignedLinks(testJwtSecret).sign(`/api/s3/download/${setup.otherProjectId}/${plan.id}/pages/${viewerId}`);
    expect((await get(setup, `${foreign}&page=1&width=480`)).statusCode).toBe(404);
    // The other project's architect does not get the list, and with it no link.
    expect((await setup.ctx.app.inject({ method: 'GET', url: `/api/s3/project/${setup.projectId}`, headers: bearer(setup.tokens.fremd!) })).statusCode).toBe(404);
  });

  it('stores a broken or encrypted PDF without a preview, the original intact', async () => {
    const broken = Buffer.from('%PDF-1.7\nDas ist kein richtiges PDF, nur sein Anfang.\n');
    const encrypted = await planPdf([floorPlan], { userPassword: 'geheim', ownerPassword: 'geheimer' });
    for (const [name, bytes] of [['Kaputt', broken], ['Verschlüsselt', encrypted]] as const) {
      const file = await uploadWithPreview(setup, name, bytes);
      expect(file, name).toMatchObject({ thumbnailUrl: null, pageCount: null, pagesUrl: null, previewPending: false });
      expect((await get(setup, file.url)).rawPayload.equals(bytes), name).toBe(true);
    }
  });

  it('removes the rendered pages with the file', async () => {
    const file = await uploadWithPreview(setup, 'Schnitt', await planPdf([floorPlan, darkLeft]));
    expect((await get(setup, `${file.pagesUrl!}&page=2&width=480`)).statusCode).toBe(200);
    const row = await setup.ctx.database.db.selectFrom('projectFiles').select('storageKey').where('id', '=', file.id).executeTakeFirstOrThrow();
    const ofFile = async () => (await storedKeys(setup.ctx)).filter((key) => key.startsWith(row.storageKey));
    expect(await ofFile()).toEqual([row.storageKey, `${row.storageKey}.pages/2-480.webp`, `${row.storageKey}.thumbnail.webp`].sort());
    expect((await deleteFile(setup, file)).statusCode).toBe(204);
    expect(await ofFile()).toEqual([]);
  });

  it('renders at most 2 pages of one file at once: a third is refused with 429 and a German text until they are done', async () => {
    const file = await uploadWithPreview(setup, 'Schnitte', await planPdf([floorPlan, darkLeft, floorPlan]));
    const architect = (await listed(setup, file.id, 'mara')).pagesUrl!;
    const answers = await Promise.all([1, 2, 3].map((page) => get(setup, `${architect}&page=${page}&width=960`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 429]);
    const refused = answers.findIndex((answer) => answer.statusCode === 429);
    expect(answers[refused]!.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: 'Von diesem Plan werden gerade schon Seiten dargestellt. Bitte versuchen Sie es in wenigen Sekunden erneut.' });
    expect(answers[refused]!.headers['retry-after']).toBe('5');
    expect((await get(setup, `${architect}&page=${refused + 1}&width=960`)).statusCode).toBe(200);
  });

  it('keeps the rendered pages through the sweep while their file is listed', async () => {
    const before = await storedKeys(setup.ctx);
    expect(before.some((key) => key.includes('.pages/'))).toBe(true);
    await setup.ctx.files.sweep(0);
    expect(await storedKeys(setup.ctx)).toEqual(before);
  });
});

describe.each(testDialects)('PDF pages rendered for the plan viewer on %s', (dialect) => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp(dialect, { PREVIEW_MAX_CONCURRENT: '1', RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '2' });
  });
  afterAll(() => setup.ctx.close());

  it('draw on the viewer\'s budget: beyond it 429 with a German text and Retry-After, while rendered pages and other users\' links still come', async () => {
    const file = await uploadWithPreview(setup, 'Ansichten', await planPdf([floorPlan, darkLeft, floorPlan, darkLeft]));
    const client = (await listed(setup, file.id, 'kunde')).pagesUrl!;
    const architect = (await listed(setup, file.id, 'mara')).pagesUrl!;
    expect(client).not.toBe(architect);
    expect((await get(setup, `${client}&page=2&width=480`)).statusCode).toBe(200);
    expect((await get(setup, `${client}&page=3&width=480`)).statusCode).toBe(200);
    const refused = await get(setup, `${client}&page=4&width=480`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Sie haben in der letzten Minute sehr viele Planseiten neu darstellen lassen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A page rendered before costs nothing, whoever rendered it.
    expect((await get(setup, `${client}&page=2&width=480`)).statusCode).toBe(200);
    expect((await get(setup, `${architect}&page=4&width=480`)).statusCode).toBe(200);
    expect((await get(setup, `${client}&page=4&width=480`)).statusCode).toBe(200);
  });
});

describe('PDF previews within their bounds', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp('sqlite', { PREVIEW_MAX_CONCURRENT: '1', PREVIEW_TIME_LIMIT_SECONDS: '3' });
  });
  afterAll(() => setup.ctx.close());

  it('stops a render over its time bound: the upload still succeeds without a preview, and the next PDF gets one', async () => {
    const bomb = strokeBomb();
    expect(bomb.length).toBeLessThan(4096);
    const started = Date.now();
    const stopped = await uploadWithPreview(setup, 'Bombe', bomb);
    expect(stopped).toMatchObject({ thumbnailUrl: null, pageCount: null, pagesUrl: null, previewPending: false });
    expect(Date.now() - started).toBeLessThan(30_000);
    const next = await uploadWithPreview(setup, 'Grundriss', await planPdf([floorPlan]));
    expect(next).toMatchObject({ pageCount: 1, thumbnailUrl: expect.stringContaining('/thumbnail?') });
  });
});

describe('PDF previews in an S3 bucket', () => {
  let s3: TestS3;
  let setup: Setup;
  beforeAll(async () => {
    s3 = await startS3Server();
    setup = await setUp('sqlite', s3.env);
  });
  afterAll(async () => {
    await setup.ctx.close();
    await s3.close();
  });

  it('renders from the bucket, caches the pages there and removes them with the file and the project', async () => {
    const file = await uploadWithPreview(setup, 'Grundriss', await planPdf([floorPlan, darkLeft]));
    expect(file.pageCount).toBe(2);
    expect((await sharp((await get(setup, file.thumbnailUrl!)).rawPayload).metadata()).width).toBe(480);
    expect((await get(setup, `${file.pagesUrl!}&page=2&width=1600`)).statusCode).toBe(200);
    expect((await storedKeys(setup.ctx)).filter((key) => key.includes('.pages/'))).toEqual([expect.stringMatching(/\.pages\/2-1600\.webp$/)]);
    expect((await deleteFile(setup, file)).statusCode).toBe(204);
    expect(await storedKeys(setup.ctx)).toEqual([]);

    const kept = await uploadWithPreview(setup, 'Ansicht', await planPdf([floorPlan]));
    expect((await get(setup, `${kept.pagesUrl!}&page=1&width=960`)).statusCode).toBe(200);
    expect((await storedKeys(setup.ctx)).length).toBe(3);
    const removed = await setup.ctx.app.inject({ method: 'DELETE', url: `/api/ProjectManagment/project/${setup.projectId}`, headers: bearer(setup.tokens.mara!) });
    expect(removed.statusCode).toBe(204);
    expect(await storedKeys(setup.ctx)).toEqual([]);
  });
});
