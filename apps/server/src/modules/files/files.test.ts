import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { CreateMultipartUploadCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectFile } from '@bauakte/domain';
import { bearer, createTestContext, testDialects, testJwtSecret, type TestContext } from '../../test/test-app';
import { multipartBody } from '../../test/multipart';
import { pngBomb, pngDecodedBomb, samplePdf, samplePhoto, samplePng } from '../../test/sample-files';
import { startS3Server, type TestS3 } from '../../test/s3-server';
import { createSignedLinks } from '../../platform/storage/signed-links';
import { uploadPrefixes } from '../../platform/storage/object-store';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createThumbnailMaker } from './thumbnails';

type Part = [string, string] | [string, { name: string; bytes: Buffer; type?: string }];

interface Setup {
  ctx: TestContext;
  tokens: Record<string, string>;
  projectId: number;
  /** Where the app listens once a test needs a real connection. */
  address?: string;
}

async function setUp(dialect: 'sqlite' | 'postgres', env: Record<string, string> = {}): Promise<Setup> {
  const ctx = await createTestContext(dialect, { env });
  await ctx.createUser({ username: 'chef', password: 'chef-passwort', role: 'ADMIN' });
  const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', firstName: 'Mara', lastName: 'Berger' });
  const tom = await ctx.createUser({ username: 'tom', password: 'tom-passwort', role: 'ARCHI' });
  await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
  await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, firstName: 'Klara', lastName: 'Kundin' });
  const now = new Date().toISOString();
  const team = await ctx.database.db.insertInto('teams').values({ name: 'Wien', createdAt: now }).returning('id').executeTakeFirstOrThrow();
  await ctx.database.db.insertInto('teamMembers').values([{ teamId: team.id, userId: mara, addedAt: now }, { teamId: team.id, userId: tom, addedAt: now }]).execute();
  const tokens: Record<string, string> = {};
  for (const name of ['chef', 'mara', 'tom', 'fremd', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
  const project = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens.mara!), payload: { name: 'Altbau', assignedUser: 'kunde' } });
  return { ctx, tokens, projectId: project.json<{ id: number }>().id };
}

/**
 * Everything the store holds of uploads: originals, thumbnails, files waiting for their project,
 * and remainders (partial files on disk, unfinished multipart uploads in a bucket).
 */
async function storedKeys(ctx: TestContext): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of uploadPrefixes) for await (const object of ctx.objectStore.list(prefix)) keys.push(object.key);
  return keys.sort();
}

/** The same upload with the file sent first, before projectId and the other fields. */
const fileFirst = (parts: Part[]): Part[] => [...parts.filter(([name]) => name === 'file'), ...parts.filter(([name]) => name !== 'file')];

const orders = [['fields before the file', (parts: Part[]) => parts], ['the file first', fileFirst]] as const;

/**
 * An upload whose file part names its file as a browser does for any name (RFC 5987,
 * filename*=UTF-8''…), so that control characters reach the server as they are.
 */
async function uploadNamed(setup: Setup, fileName: string, bytes: Buffer, title = 'Plan') {
  const boundary = 'bauakte-grenze-4711';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field('projectId', String(setup.projectId)) + field('fileName', title) + field('comment', '') + field('documentType', 'PNG') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''${encodeURIComponent(fileName)}\r\nContent-Type: image/png\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return setup.ctx.app.inject({
    method: 'POST',
    url: '/api/s3/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(setup.tokens.kunde!) },
    payload,
  });
}

/** Cuts the connection once the server holds something of the upload; answers when it is gone. */
async function cutUploadMidway(setup: Setup, parts: Part[], sendBytes: number, before: string[]): Promise<void> {
  setup.address ??= await setup.ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const { payload, headers } = await multipartBody(parts);
  const request = http.request(`${setup.address}/api/s3/upload`, { method: 'POST', headers: { ...headers, ...bearer(setup.tokens.kunde!) } });
  const ended = new Promise<void>((resolve) => request.on('close', resolve));
  request.on('error', () => undefined);
  request.write(payload.subarray(0, sendBytes));
  // The object is being written when the connection goes.
  await expect.poll(async () => (await storedKeys(setup.ctx)).length, { timeout: 10_000 }).toBeGreaterThan(before.length);
  request.destroy();
  await ended;
}

function uploadParts(projectId: number, file: { name: string; bytes: Buffer }, fields: Record<string, string> = {}): Part[] {
  const documentType = fields.documentType ?? (file.name.split('.').pop() ?? '').toUpperCase();
  return [
    ['projectId', String(projectId)],
    ['fileName', fields.fileName ?? 'Grundriss Erdgeschoß'],
    ['comment', fields.comment ?? 'Stand 2024'],
    ['documentType', documentType],
    ['file', file],
  ];
}

async function upload(setup: Setup, who: string, parts: Part[], query = '') {
  const { payload, headers } = await multipartBody(parts);
  return setup.ctx.app.inject({ method: 'POST', url: `/api/s3/upload${query}`, headers: { ...headers, ...bearer(setup.tokens[who]!) }, payload });
}

const list = (setup: Setup, who: string) =>
  setup.ctx.app.inject({ method: 'GET', url: `/api/s3/project/${setup.projectId}`, headers: bearer(setup.tokens[who]!) });

describe.each(testDialects)('project files on %s', (dialect) => {
  let setup: Setup;
  let png: Buffer;
  beforeAll(async () => {
    setup = await setUp(dialect, { UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) });
    png = await samplePng();
  });
  afterAll(() => setup.ctx.close());

  it('stores an upload and lists it newest first with what the tiles show', async () => {
    const pdf = samplePdf();
    const first = await upload(setup, 'kunde', uploadParts(setup.projectId, { name: 'Grundriss Erdgeschoß.pdf', bytes: pdf }));
    expect(first.statusCode).toBe(201);
    const second = await upload(setup, 'mara', uploadParts(setup.projectId, { name: 'Fassade.PNG', bytes: png }, { fileName: 'Fassade Süd', comment: '' }));
    expect(second.statusCode).toBe(201);
    // The PDF's first page is rendered after its upload was answered.
    await setup.ctx.background.drained();
    const files = (await list(setup, 'tom')).json<ProjectFile[]>();
    expect(files.map((file) => file.name)).toEqual(['Fassade Süd', 'Grundriss Erdgeschoß']);
    expect(files[1]).toMatchObject({
      comment: 'Stand 2024',
      documentType: 'PDF',
      contentType: 'application/pdf',
      size: pdf.length,
      originalName: 'Grundriss Erdgeschoß.pdf',
      uploadedBy: 'kunde',
      uploadedByName: 'Klara Kundin',
      // The plan's first page, rendered as its tile.
      thumbnailUrl: expect.stringMatching(/\/thumbnail\?expires=/),
      pageCount: 1,
      previewPending: false,
    });
    expect(files[0]).toMatchObject({ documentType: 'PNG', contentType: 'image/png', uploadedByName: 'Mara Berger' });
    expect(files[0]!.url).toMatch(/^\/api\/s3\/download\/\d+\/\d+\?expires=\d+&signature=[\w-]+$/);
    expect(files[0]!.thumbnailUrl).toMatch(/\/thumbnail\?expires=/);
  });

  it('downloads the same bytes with safe headers and answers ranges', async () => {
    const [, pdfFile] = (await list(setup, 'kunde')).json<ProjectFile[]>();
    const whole = await setup.ctx.app.inject({ method: 'GET', url: pdfFile!.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload).toEqual(samplePdf());
    expect(whole.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="Grundriss Erdgescho_.pdf"; filename*=UTF-8''Grundriss%20Erdgescho%C3%9F.pdf`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; frame-ancestors 'self'",
      'accept-ranges': 'bytes',
    });
    expect(whole.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const part = await setup.ctx.app.inject({ method: 'GET', url: pdfFile!.url, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-1.4');
    expect(part.headers['content-range']).toBe(`bytes 0-7/${samplePdf().length}`);
    const beyond = await setup.ctx.app.inject({ method: 'GET', url: pdfFile!.url, headers: { range: 'bytes=999999-' } });
    expect(beyond.statusCode).toBe(416);
  });

  it('refuses a tampered or expired link with 403', async () => {
    const [file] = (await list(setup, 'kunde')).json<ProjectFile[]>();
    const tampered = file!.url.replace(/signature=./, (match) => (match.endsWith('A') ? `${match.slice(0, -1)}B` : `${match.slice(0, -1)}A`));
    const otherFile = file!.url.replace(/\/(\d+)\?/, (_m, id: string) => `/${Number(id) + 1}?`);
    const expired = createSignedLinks(testJwtSecret).sign(new URL(file!.url, 'http://x').pathname, new Date(Date.now() - 16 * 60_000));
    for (const url of [tampered, otherFile, expired, file!.url.split('?')[0]!]) {
      const response = await setup.ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe('LINK_EXPIRED');
    }
  });

  it('makes a WebP thumbnail turned as the camera held it, without the photo\'s metadata', async () => {
    const photo = await samplePhoto();
    const original = await sharp(photo).metadata();
    expect([original.orientation, original.exif?.includes('Bauakte-Testkamera')]).toEqual([6, true]);
    const response = await upload(setup, 'kunde', uploadParts(setup.projectId, { name: 'foto.jpg', bytes: photo }, { fileName: 'Foto' }));
    expect(response.statusCode).toBe(201);
    const file = response.json<ProjectFile>();
    const thumbnail = await setup.ctx.app.inject({ method: 'GET', url: file.thumbnailUrl! });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(480);
    expect(meta.height).toBeGreaterThan(meta.width!); // turned upright: taller than wide
    expect(meta.exif).toBeUndefined();
    // The original stays byte for byte what was uploaded, position and all.
    expect((await setup.ctx.app.inject({ method: 'GET', url: file.url })).rawPayload).toEqual(photo);
  });

  it('stores an image too large to decode safely, listed without a thumbnail, the original intact', async () => {
    const bomb = await pngDecodedBomb();
    expect(bomb.length).toBeLessThan(500 * 1024); // 465 KB that would decode to 480 MB
    const before = await storedKeys(setup.ctx);
    for (const [name, bytes] of [['bombe-16bit.png', bomb], ['bombe-30000px.png', pngBomb()]] as const) {
      const response = await upload(setup, 'kunde', uploadParts(setup.projectId, { name, bytes }, { fileName: name }));
      expect(response.statusCode, name).toBe(201);
      const file = response.json<ProjectFile>();
      expect(file, name).toMatchObject({ documentType: 'PNG', size: bytes.length, thumbnailUrl: null });
      expect((await list(setup, 'mara')).json<ProjectFile[]>().find((listed) => listed.id === file.id)?.thumbnailUrl, name).toBeNull();
      expect((await setup.ctx.app.inject({ method: 'GET', url: file.url })).rawPayload.equals(bytes), name).toBe(true);
    }
    // The two originals, and no thumbnail of either.
    const added = (await storedKeys(setup.ctx)).filter((key) => !before.includes(key));
    expect(added).toHaveLength(2);
    expect(added.filter((key) => key.endsWith('.thumbnail.webp'))).toEqual([]);
    // A photo of a usual size still gets its preview.
    const photo = await upload(setup, 'kunde', uploadParts(setup.projectId, { name: 'foto.jpg', bytes: await samplePhoto() }, { fileName: 'Foto danach' }));
    expect(photo.json<ProjectFile>().thumbnailUrl).toMatch(/\/thumbnail\?expires=/);
  });

  it.each(orders)('stores an upload with %s alike: listed, in its project, with its thumbnail', async (order, arrange) => {
    const response = await upload(setup, 'kunde', arrange(uploadParts(setup.projectId, { name: 'Ansicht.png', bytes: png }, { fileName: `Ansicht, ${order}` })));
    expect(response.statusCode).toBe(201);
    const file = response.json<ProjectFile>();
    expect(file).toMatchObject({ name: `Ansicht, ${order}`, originalName: 'Ansicht.png', documentType: 'PNG', size: png.length });
    expect((await list(setup, 'mara')).json<ProjectFile[]>().map((listed) => listed.id)).toContain(file.id);
    expect((await setup.ctx.app.inject({ method: 'GET', url: file.url })).rawPayload).toEqual(png);
    expect((await setup.ctx.app.inject({ method: 'GET', url: file.thumbnailUrl! })).headers['content-type']).toBe('image/webp');
    expect((await storedKeys(setup.ctx)).filter((key) => !key.startsWith(`projects/${setup.projectId}/`))).toEqual([]);
  });

  it('refuses a file sent before projectId to whoever may not upload there, keeping nothing of it', async () => {
    const before = await storedKeys(setup.ctx);
    const rowsBefore = (await list(setup, 'kunde')).json<ProjectFile[]>().length;
    for (const [who, status] of [['fremd', 404], ['chef', 403]] as const) {
      const response = await upload(setup, who, fileFirst(uploadParts(setup.projectId, { name: 'plan.png', bytes: png })));
      expect(response.statusCode, who).toBe(status);
    }
    const withoutProject = await upload(setup, 'kunde', [['file', { name: 'plan.png', bytes: png }], ['fileName', 'Plan'], ['documentType', 'PNG']]);
    expect(withoutProject.statusCode).toBe(400);
    expect(withoutProject.json().message).toBe('Bitte wählen Sie eine gültige Datei, geben Sie einen Namen ein und stellen Sie sicher, dass ein Projekt vorhanden ist.');
    expect(await storedKeys(setup.ctx)).toEqual(before);
    const incoming = path.join(setup.ctx.dataDir, 'files', 'incoming');
    expect(fs.existsSync(incoming) ? fs.readdirSync(incoming) : []).toEqual([]);
    expect((await list(setup, 'kunde')).json<ProjectFile[]>()).toHaveLength(rowsBefore);
  });

  it('checks the file name as every text: one line, no bidi overrides, composed (NFC), at most 255 characters', async () => {
    const before = await storedKeys(setup.ctx);
    const rowsBefore = (await list(setup, 'kunde')).json<ProjectFile[]>().length;
    const forbidden = 'Der Dateiname enthält unzulässige Zeichen (z. B. Steuerzeichen). Bitte benennen Sie die Datei um.';
    const tooLong = 'Der Dateiname ist zu lang: höchstens 255 Zeichen sind erlaubt. Bitte benennen Sie die Datei um.';
    const refused: Array<[string, string]> = [
      ['plan\u0000.png', forbidden],
      ['plan\u0007.png', forbidden],
      ['Rechnung\u202Egnp.exe.png', forbidden],
      ['plan\u2066x\u2069.png', forbidden],
      [`${'x'.repeat(252)}.png`, tooLong],
    ];
    for (const [name, message] of refused) {
      const response = await uploadNamed(setup, name, png);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json(), JSON.stringify(name)).toMatchObject({ message, issues: [{ path: 'body/file', message }] });
    }
    // Browsers send a line break in a name as %0A; a raw one makes the multipart parser drop the part.
    for (const name of ['plan\r\nContent-Type: text/html.png', 'plan\n.png', 'plan\r.png']) {
      const response = await uploadNamed(setup, name, png);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().message, JSON.stringify(name)).toBe('Bitte wählen Sie eine Datei.');
    }
    const badTitle = await uploadNamed(setup, 'plan.png', png, 'Plan\u0000A');
    expect(badTitle.statusCode).toBe(400);
    expect(badTitle.json().message).toBe('Der Text enthält unzulässige Zeichen (z. B. Steuerzeichen).');
    expect(await storedKeys(setup.ctx)).toEqual(before);
    expect((await list(setup, 'kunde')).json<ProjectFile[]>()).toHaveLength(rowsBefore);

    const composed = 'Pläne Übersicht.png';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const stored = await uploadNamed(setup, decomposed, png);
    expect(stored.statusCode).toBe(201);
    expect(stored.json<ProjectFile>().originalName).toBe(composed);
    const longest = `${'x'.repeat(251)}.png`;
    const kept = await uploadNamed(setup, longest, png);
    expect(kept.statusCode).toBe(201);
    expect(kept.json<ProjectFile>().originalName).toBe(longest);
    const download = await setup.ctx.app.inject({ method: 'GET', url: kept.json<ProjectFile>().url });
    expect(download.headers['content-disposition']).toBe(`inline; filename="${longest}"; filename*=UTF-8''${longest}`);
  });

  it('refuses files by content, extension and size, keeping nothing', async () => {
    const before = await storedKeys(setup.ctx);
    const rowsBefore = (await list(setup, 'kunde')).json<ProjectFile[]>().length;
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    // A PNG's signature and a sound header, then no pixels a decoder could read: no image at all.
    const brokenPng = Buffer.concat([png.subarray(0, 33), Buffer.from('kein Bild, nur Text')]);
    const cases: Array<[Part[], number, string]> = [
      [uploadParts(setup.projectId, { name: 'plan.png', bytes: html }), 415, 'Ungültiger Dateityp. Nur JPG, JPEG, PNG und PDF sind erlaubt.'],
      [uploadParts(setup.projectId, { name: 'plan.pdf', bytes: png }), 415, 'Ungültiger Dateityp. Nur JPG, JPEG, PNG und PDF sind erlaubt.'],
      [uploadParts(setup.projectId, { name: 'plan.png', bytes: png }, { documentType: 'PDF' }), 415, 'Ungültiger Dateityp. Nur JPG, JPEG, PNG und PDF sind erlaubt.'],
      [uploadParts(setup.projectId, { name: 'setup.exe', bytes: html }), 400, 'Ungültige Dateiendung. Erlaubt sind: JPG, JPEG, PNG und PDF.'],
      [uploadParts(setup.projectId, { name: 'plan.gif', bytes: png }), 400, 'Ungültige Dateiendung. Erlaubt sind: JPG, JPEG, PNG und PDF.'],
      [uploadParts(setup.projectId, { name: 'riesig.pdf', bytes: Buffer.concat([samplePdf(), Buffer.alloc(3 * 1024 * 1024)]) }), 413, 'Die Datei ist zu groß. Erlaubt sind höchstens 2 MB.'],
      [uploadParts(setup.projectId, { name: 'kaputt.png', bytes: brokenPng }), 415, 'Die Bilddatei ist beschädigt oder kein gültiges Bild.'],
      [uploadParts(setup.projectId, { name: 'plan.png', bytes: png }, { fileName: '' }), 400, 'Bitte geben Sie einen Titel ein.'],
      [uploadParts(setup.projectId, { name: 'plan.png', bytes: png }, { comment: 'x'.repeat(2001) }), 400, 'Die Eingaben sind ungültig.'],
    ];
    for (const [order, arrange] of orders) {
      for (const [parts, status, message] of cases) {
        const response = await upload(setup, 'kunde', arrange(parts));
        expect(response.statusCode, `${message} (${order})`).toBe(status);
        expect(response.json().message, `${message} (${order})`).toBe(message);
      }
    }
    const noFile = await upload(setup, 'kunde', uploadParts(setup.projectId, { name: 'x.png', bytes: png }).slice(0, 4));
    expect(noFile.json().issues).toEqual([{ path: 'body/file', message: 'Bitte wählen Sie eine Datei.' }]);
    expect(await storedKeys(setup.ctx)).toEqual(before);
    expect((await list(setup, 'kunde')).json<ProjectFile[]>()).toHaveLength(rowsBefore);
  });

  it.each(orders)('keeps nothing of an upload the browser cancels halfway (Abbrechen), %s', async (_order, arrange) => {
    const before = await storedKeys(setup.ctx);
    const rowsBefore = (await list(setup, 'kunde')).json<ProjectFile[]>().length;
    const parts = arrange(uploadParts(setup.projectId, { name: 'plan.pdf', bytes: Buffer.concat([samplePdf(), Buffer.alloc(1536 * 1024, 0x20)]) }));
    await cutUploadMidway(setup, parts, 1024 * 1024, before);
    await expect.poll(async () => storedKeys(setup.ctx), { timeout: 5000 }).toEqual(before);
    expect((await list(setup, 'kunde')).json<ProjectFile[]>()).toHaveLength(rowsBefore);
  });

  it('refuses a body announced larger than allowed before reading it', async () => {
    const response = await setup.ctx.app.inject({
      method: 'POST',
      url: `/api/s3/upload?projectId=${setup.projectId}`,
      headers: { ...bearer(setup.tokens.kunde!), 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
      payload: '--x--',
    });
    expect(response.statusCode).toBe(413);
  });

  it('decides access before it reads the file: others learn nothing and store nothing', async () => {
    const before = await storedKeys(setup.ctx);
    for (const [who, status] of [['fremd', 404], ['chef', 403]] as const) {
      const viaField = await upload(setup, who, uploadParts(setup.projectId, { name: 'plan.png', bytes: png }));
      expect(viaField.statusCode, who).toBe(status);
      const viaQuery = await upload(setup, who, [['file', { name: 'plan.png', bytes: png }]], `?projectId=${setup.projectId}`);
      expect(viaQuery.statusCode, who).toBe(status);
    }
    expect(await storedKeys(setup.ctx)).toEqual(before);
    expect((await list(setup, 'fremd')).statusCode).toBe(404);
    expect((await list(setup, 'chef')).statusCode).toBe(403);
  });

  it('counts a client\'s upload as news for the architects', async () => {
    await setup.ctx.app.inject({ method: 'GET', url: `/api/DashboardClient/project/${setup.projectId}`, headers: bearer(setup.tokens.mara!) });
    const news = async () =>
      (await setup.ctx.app.inject({ method: 'GET', url: '/api/ProjectManagment/dash/mara', headers: bearer(setup.tokens.mara!) })).json<Array<{ id: number }>>();
    expect((await news()).map((p) => p.id)).not.toContain(setup.projectId);
    await upload(setup, 'kunde', uploadParts(setup.projectId, { name: 'neu.png', bytes: png }, { fileName: 'Neu' }));
    expect((await news()).map((p) => p.id)).toContain(setup.projectId);
  });

  it('deletes a file by the spec\'s s3Key, with its objects', async () => {
    const [file] = (await list(setup, 'kunde')).json<ProjectFile[]>();
    const before = await storedKeys(setup.ctx);
    const remove = (who: string, payload: object) =>
      setup.ctx.app.inject({ method: 'POST', url: '/api/s3/deleteFile', headers: bearer(setup.tokens[who]!), payload });
    const s3Key = `Projekt/${file!.url.split('/download/')[1]}`;
    expect((await remove('fremd', { projectId: setup.projectId, fileName: file!.name, s3Key })).statusCode).toBe(404);
    expect((await remove('kunde', { projectId: setup.projectId, fileName: file!.name, s3Key: 'Projekt/1/999999' })).statusCode).toBe(404);
    expect((await remove('kunde', { projectId: String(setup.projectId), fileName: file!.name, s3Key })).statusCode).toBe(204);
    expect((await list(setup, 'kunde')).json<ProjectFile[]>().map((f) => f.id)).not.toContain(file!.id);
    const after = await storedKeys(setup.ctx);
    expect(before.length - after.length).toBe(2); // the original and its thumbnail
    expect((await setup.ctx.app.inject({ method: 'GET', url: file!.url })).statusCode).toBe(404);
  });

  it('removes the files\' objects with the project', async () => {
    const project = await setup.ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(setup.tokens.mara!), payload: { name: 'Abriss' } });
    const id = project.json<{ id: number }>().id;
    await upload(setup, 'mara', uploadParts(id, { name: 'plan.png', bytes: png }));
    expect((await storedKeys(setup.ctx)).filter((key) => key.startsWith(`projects/${id}/`))).toHaveLength(2);
    await setup.ctx.app.inject({ method: 'DELETE', url: `/api/ProjectManagment/project/${id}`, headers: bearer(setup.tokens.mara!) });
    expect((await storedKeys(setup.ctx)).filter((key) => key.startsWith(`projects/${id}/`))).toEqual([]);
  });

  it('sweeps objects no file lists, and only those', async () => {
    const { Readable } = await import('node:stream');
    await setup.ctx.objectStore.put(`projects/${setup.projectId}/verwaist`, Readable.from([Buffer.from('x')]), 'image/png');
    const listed = await storedKeys(setup.ctx);
    expect(await setup.ctx.files.sweep(60_000)).toBe(0); // too young: an upload may be finishing elsewhere
    expect(await setup.ctx.files.sweep(0)).toBe(1);
    expect(await storedKeys(setup.ctx)).toEqual(listed.filter((key) => !key.endsWith('/verwaist')));
    for (const file of (await list(setup, 'kunde')).json<ProjectFile[]>()) {
      expect((await setup.ctx.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(200);
    }
  });
});

describe('project files on an S3 store', () => {
  let s3: TestS3;
  let setup: Setup;
  beforeAll(async () => {
    s3 = await startS3Server();
    setup = await setUp('sqlite', { ...s3.env, UPLOAD_MAX_BYTES: String(12 * 1024 * 1024) });
  });
  afterAll(async () => {
    await setup.ctx.close();
    await s3.close();
  });

  it('uploads, lists, downloads ranges and deletes through the bucket', async () => {
    const png = await samplePng();
    const created = await upload(setup, 'kunde', uploadParts(setup.projectId, { name: 'plan.png', bytes: png }));
    expect(created.statusCode).toBe(201);
    expect(await storedKeys(setup.ctx)).toHaveLength(2);
    const [file] = (await list(setup, 'mara')).json<ProjectFile[]>();
    expect((await setup.ctx.app.inject({ method: 'GET', url: file!.url })).rawPayload).toEqual(png);
    expect((await setup.ctx.app.inject({ method: 'GET', url: file!.url, headers: { range: 'bytes=1-3' } })).body).toBe('PNG');
    const refused = await upload(setup, 'kunde', uploadParts(setup.projectId, { name: 'plan.png', bytes: Buffer.from('<html>') }));
    expect(refused.statusCode).toBe(415);
    const removed = await setup.ctx.app.inject({
      method: 'POST',
      url: '/api/s3/deleteFile',
      headers: bearer(setup.tokens.kunde!),
      payload: { projectId: setup.projectId, fileName: file!.name, s3Key: `Projekt/${file!.url.split('/download/')[1]}` },
    });
    expect(removed.statusCode).toBe(204);
    expect(await storedKeys(setup.ctx)).toEqual([]);
  });

  it('stores an image too large to decode safely in the bucket without a thumbnail, a usual one with', async () => {
    const before = await storedKeys(setup.ctx);
    const bomb = await pngDecodedBomb();
    const stored = await upload(setup, 'kunde', uploadParts(setup.projectId, { name: 'bombe.png', bytes: bomb }));
    expect(stored.statusCode).toBe(201);
    expect(stored.json<ProjectFile>().thumbnailUrl).toBeNull();
    expect((await storedKeys(setup.ctx)).filter((key) => !before.includes(key))).toEqual([expect.not.stringMatching(/thumbnail/)]);
    const photo = await upload(setup, 'kunde', uploadParts(setup.projectId, { name: 'foto.jpg', bytes: await samplePhoto() }));
    expect(photo.json<ProjectFile>().thumbnailUrl).toMatch(/\/thumbnail\?expires=/);
  });

  /** A PDF larger than one 8 MiB part, so that the bucket receives it as a multipart upload. */
  const multipartPdf = (mebibytes: number) => Buffer.concat([samplePdf(), Buffer.alloc(mebibytes * 1024 * 1024, 0x20)]);

  it.each(orders)('stores a multipart-sized upload with %s in its project', async (order, arrange) => {
    const bytes = multipartPdf(9);
    const response = await upload(setup, 'kunde', arrange(uploadParts(setup.projectId, { name: 'Bestand.pdf', bytes }, { fileName: `Bestand, ${order}` })));
    expect(response.statusCode).toBe(201);
    const file = response.json<ProjectFile>();
    expect(file.size).toBe(bytes.length);
    expect((await setup.ctx.app.inject({ method: 'GET', url: file.url })).rawPayload.equals(bytes)).toBe(true);
    expect((await storedKeys(setup.ctx)).filter((key) => !key.startsWith(`projects/${setup.projectId}/`))).toEqual([]);
  });

  it('keeps nothing in the bucket of a file sent first that is refused, too large or cut off: no object, no unfinished multipart upload', async () => {
    // The earlier tests' thumbnails are written after their uploads answered: all in before counting.
    await setup.ctx.background.drained();
    const before = await storedKeys(setup.ctx);
    const forbidden = await upload(setup, 'fremd', fileFirst(uploadParts(setup.projectId, { name: 'plan.pdf', bytes: multipartPdf(9) })));
    expect(forbidden.statusCode).toBe(404);
    expect(await storedKeys(setup.ctx)).toEqual(before);
    const tooLarge = await upload(setup, 'kunde', fileFirst(uploadParts(setup.projectId, { name: 'plan.pdf', bytes: multipartPdf(13) })));
    expect(tooLarge.statusCode).toBe(413);
    expect(await storedKeys(setup.ctx)).toEqual(before);
    // Cut once the first part is in the bucket: an unfinished multipart upload exists, and must go.
    await cutUploadMidway(setup, fileFirst(uploadParts(setup.projectId, { name: 'plan.pdf', bytes: multipartPdf(11) })), 10 * 1024 * 1024, before);
    await expect.poll(async () => storedKeys(setup.ctx), { timeout: 10_000 }).toEqual(before);
  });

  it('aborts the unfinished multipart uploads older than an hour at start, and only those', async () => {
    const client = new S3Client({ region: s3.config.region, endpoint: s3.config.endpoint, forcePathStyle: true, credentials: s3.config.credentials });
    const begin = (Key: string) => client.send(new CreateMultipartUploadCommand({ Bucket: s3.config.bucket, Key }));
    await begin(`projects/${setup.projectId}/verlassen`);
    await begin('incoming/verlassen');
    await s3.ageIncompleteUploads(2 * 3_600_000);
    const young = await begin('incoming/laufend');
    const listed = await storedKeys(setup.ctx);
    expect(listed.filter((key) => key.includes('#upload='))).toHaveLength(3);
    await setup.ctx.files.sweepAtStart();
    expect((await storedKeys(setup.ctx)).filter((key) => key.includes('#upload='))).toEqual([`incoming/laufend#upload=${young.UploadId}`]);
    client.destroy();
  });
});

describe('files on disk', () => {
  it('keeps an image without a thumbnail when its decoded pixels exceed IMAGE_MAX_DECODED_MB', async () => {
    // 800 × 600 RGB decodes to 1.4 MB, more than the 1 MB allowed here.
    const setup = await setUp('sqlite', { IMAGE_MAX_DECODED_MB: '1' });
    try {
      const small = await upload(setup, 'kunde', uploadParts(setup.projectId, { name: 'klein.png', bytes: await samplePng(400, 300) }));
      expect(small.json<ProjectFile>().thumbnailUrl).toMatch(/\/thumbnail\?expires=/);
      const large = await upload(setup, 'kunde', uploadParts(setup.projectId, { name: 'groß.png', bytes: await samplePng(800, 600) }));
      expect(large.statusCode).toBe(201);
      expect(large.json<ProjectFile>().thumbnailUrl).toBeNull();
    } finally {
      await setup.ctx.close();
    }
  });

  it('keeps an image without a thumbnail when the line of thumbnail jobs is full', async () => {
    const setup = await setUp('sqlite');
    try {
      const key = `projects/${setup.projectId}/wartend`;
      const { Readable } = await import('node:stream');
      await setup.ctx.objectStore.put(key, Readable.from([await samplePng()]), 'image/png');
      const queue = createJobQueue({ concurrency: 1, maxWaiting: 1 });
      const thumbnails = createThumbnailMaker({ store: setup.ctx.objectStore, limits: { maxDecodedBytes: 256 * 1024 * 1024, queue }, log: setup.ctx.app.log });
      let release!: () => void;
      const busy = queue.offer(() => new Promise<void>((resolve) => (release = resolve)));
      const waiting = thumbnails.make(key, 'png');
      await expect.poll(() => queue.waiting).toBe(1);
      expect(await thumbnails.make(key, 'png')).toBeNull();
      release();
      await busy;
      expect((await sharp(await waiting as Buffer).metadata()).format).toBe('webp');
    } finally {
      await setup.ctx.close();
    }
  });

  it('lives under DATA_DIR/files with server-chosen names', async () => {
    const setup = await setUp('sqlite');
    try {
      await upload(setup, 'kunde', uploadParts(setup.projectId, { name: 'Meine Pläne (final).png', bytes: await samplePng() }));
      const dir = path.join(setup.ctx.dataDir, 'files', 'projects', String(setup.projectId));
      const names = fs.readdirSync(dir);
      expect(names).toHaveLength(2);
      for (const name of names) expect(name).toMatch(/^[0-9a-f-]{36}(\.thumbnail\.webp)?$/);
    } finally {
      await setup.ctx.close();
    }
  });
});
