import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSchemaVersion, liveDestinations, projectExportSchema, type ProjectExport, type ProjectFile } from '@bauakte/domain';
import { bearer, createTestContext, generousBudgets, testDialects, type TestContext } from '../../test/test-app';
import { multipartBody, planUploadBody } from '../../test/multipart';
import { samplePdf, samplePng } from '../../test/sample-files';
import { nextMillisecond } from '../../test/clock';
import { uploadPrefixes } from '../../platform/storage/object-store';
import { connectStomp } from '../../test/stomp-client';

interface Setup {
  ctx: TestContext;
  tokens: Record<string, string>;
  projectId: number;
  /** Another project of Mara's, with another customer. */
  otherProjectId: number;
  /** A project of an architect outside Mara's team. */
  foreignProjectId: number;
}

async function setUp(dialect: 'sqlite' | 'postgres', env: Record<string, string> = {}): Promise<Setup> {
  const ctx = await createTestContext(dialect, { env: { ...generousBudgets, ...env } });
  const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', firstName: 'Mara', lastName: 'Berger' });
  await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
  await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, firstName: 'Klara', lastName: 'Kundin' });
  const tokens: Record<string, string> = {};
  for (const name of ['mara', 'fremd', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
  const create = async (who: string, payload: object) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens[who]!), payload })).json<{ id: number }>().id;
  return {
    ctx,
    tokens,
    projectId: await create('mara', { name: 'Altbau', assignedUser: 'kunde' }),
    otherProjectId: await create('mara', { name: 'Neubau' }),
    foreignProjectId: await create('fremd', { name: 'Fremdes Projekt' }),
  };
}

async function storedKeys(ctx: TestContext): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of uploadPrefixes) for await (const object of ctx.objectStore.list(prefix)) keys.push(object.key);
  return keys.sort();
}

type Fields = { projectId: number; fileName?: string; replaces?: string; name?: string; bytes?: Buffer };

async function upload(setup: Setup, who: string, fields: Fields) {
  const { payload, headers } = await planUploadBody(fields);
  return setup.ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(setup.tokens[who]!) }, payload });
}

const get = (setup: Setup, who: string, url: string) => setup.ctx.app.inject({ method: 'GET', url, headers: bearer(setup.tokens[who]!) });
const list = async (setup: Setup, projectId = setup.projectId, who = 'kunde') => (await get(setup, who, `/api/s3/project/${projectId}`)).json<ProjectFile[]>();
const versions = (setup: Setup, who: string, fileId: number, projectId = setup.projectId) =>
  get(setup, who, `/api/s3/project/${projectId}/files/${fileId}/versions`);
const s3KeyOf = (file: ProjectFile) => `Projekt/${file.url.split('/download/')[1]}`;

describe.each(testDialects)('versions of a plan on %s', (dialect) => {
  let setup: Setup;
  let first: ProjectFile;
  let second: ProjectFile;
  beforeAll(async () => {
    setup = await setUp(dialect);
  });
  afterAll(() => setup.ctx.close());

  it('lists a plan once, as its newest version, and answers all its versions newest first', async () => {
    const v1 = await upload(setup, 'kunde', { projectId: setup.projectId });
    expect(v1.statusCode).toBe(201);
    first = v1.json<ProjectFile>();
    expect(first).toMatchObject({ version: 1, versionCount: 1 });
    const png = await samplePng(40, 30);
    const v2 = await upload(setup, 'mara', { projectId: setup.projectId, fileName: 'Grundriss EG (korrigiert)', replaces: String(first.id), name: 'grundriss-neu.png', bytes: png });
    expect(v2.statusCode).toBe(201);
    second = v2.json<ProjectFile>();
    expect(second).toMatchObject({ version: 2, versionCount: 2, name: 'Grundriss EG (korrigiert)', documentType: 'PNG', uploadedByName: 'Mara Berger' });

    const listed = await list(setup);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: second.id, version: 2, versionCount: 2, name: 'Grundriss EG (korrigiert)' });
    expect((await setup.ctx.app.inject({ method: 'GET', url: listed[0]!.url })).rawPayload).toEqual(png);

    const answered = await versions(setup, 'kunde', first.id);
    expect(answered.statusCode).toBe(200);
    const all = answered.json<ProjectFile[]>();
    expect(all.map((file) => [file.id, file.version, file.versionCount])).toEqual([[second.id, 2, 2], [first.id, 1, 2]]);
    // Every version keeps its own signed link to its own bytes.
    expect((await setup.ctx.app.inject({ method: 'GET', url: all[1]!.url })).rawPayload).toEqual(samplePdf());
    // Any version names the plan.
    expect((await versions(setup, 'mara', second.id)).json<ProjectFile[]>().map((file) => file.id)).toEqual([second.id, first.id]);
  });

  it('answers the versions to the project\'s people only, and 404 for a file that is not the project\'s', async () => {
    expect((await versions(setup, 'fremd', first.id)).statusCode).toBe(404);
    expect((await versions(setup, 'mara', first.id, setup.otherProjectId)).statusCode).toBe(404);
    expect((await versions(setup, 'mara', 999_999)).statusCode).toBe(404);
    expect((await versions(setup, 'mara', Number.NaN)).statusCode).toBe(404);
  });

  it('refuses a new version of a file of another project with 404, keeping nothing', async () => {
    const foreign = (await upload(setup, 'fremd', { projectId: setup.foreignProjectId })).json<ProjectFile>();
    const other = (await upload(setup, 'mara', { projectId: setup.otherProjectId })).json<ProjectFile>();
    const before = await storedKeys(setup.ctx);
    for (const replaces of [foreign.id, other.id, 999_999]) {
      const response = await upload(setup, 'mara', { projectId: setup.projectId, replaces: String(replaces) });
      expect(response.statusCode, String(replaces)).toBe(404);
    }
    expect(await storedKeys(setup.ctx)).toEqual(before);
    expect(await list(setup)).toHaveLength(1);
  });

  it('refuses a replaces that is no id with 400 and a German message', async () => {
    const before = await storedKeys(setup.ctx);
    for (const replaces of ['abc', '0', '-1', '1.5', '99999999999', '']) {
      const response = await upload(setup, 'mara', { projectId: setup.projectId, replaces });
      expect(response.statusCode, replaces).toBe(400);
      expect(JSON.stringify(response.json()), replaces).toContain('Die Datei, die ersetzt werden soll (replaces), muss eine Kennung (ganze Zahl) sein.');
    }
    // Sent after the file, it is judged once the file is stored, and the file goes again.
    const { payload, headers } = await multipartBody([
      ['file', { name: 'grundriss.pdf', bytes: samplePdf() }],
      ['projectId', String(setup.projectId)], ['fileName', 'Grundriss'], ['documentType', 'PDF'], ['replaces', 'abc'],
    ]);
    const late = await setup.ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(setup.tokens.mara!) }, payload });
    expect(late.statusCode).toBe(400);
    expect(JSON.stringify(late.json())).toContain('Die Datei, die ersetzt werden soll (replaces), muss eine Kennung (ganze Zahl) sein.');
    expect(await storedKeys(setup.ctx)).toEqual(before);
  });

  it('numbers new versions uploaded at the same moment one after another, never failing', async () => {
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, index) => upload(setup, index % 2 ? 'kunde' : 'mara', { projectId: setup.projectId, replaces: String(first.id) })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    expect(responses.map((response) => response.json<ProjectFile>().version).sort()).toEqual([3, 4, 5, 6]);
    const [current] = await list(setup);
    expect(current).toMatchObject({ version: 6, versionCount: 6 });
  });

  it('counts a new version as a new file on the architects\' dashboard', async () => {
    await get(setup, 'mara', `/api/DashboardClient/project/${setup.projectId}`);
    await nextMillisecond();
    type Row = { id: number; newFiles?: number; newVersions?: number };
    const news = async () => (await get(setup, 'mara', '/api/ProjectManagment/dash/mara')).json<Row[]>().find((row) => row.id === setup.projectId);
    expect(await news()).toBeUndefined();
    const [current] = await list(setup);
    expect((await upload(setup, 'kunde', { projectId: setup.projectId, replaces: String(current!.id) })).statusCode).toBe(201);
    expect(await news()).toMatchObject({ newFiles: 1, newVersions: 1 });
  });

  it('exports every version of a plan in the JSON, the current one first', async () => {
    const response = await get(setup, 'mara', `/api/export/json/${setup.projectId}`);
    expect(response.statusCode).toBe(200);
    const document = projectExportSchema.parse(response.json()) as ProjectExport;
    expect(document.schemaVersion).toBe(exportSchemaVersion);
    expect(document.files).toHaveLength(1);
    const [plan] = document.files;
    expect(plan).toMatchObject({ version: 7 });
    expect(plan!.versions.map((version) => version.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(plan!.versions[5]).toMatchObject({ version: 2, name: 'Grundriss EG (korrigiert)', fileName: 'grundriss-neu.png', uploadedBy: 'Mara Berger' });
    expect(plan!.versions[6]).toMatchObject({ version: 1, name: 'Grundriss EG', fileName: 'grundriss.pdf', size: samplePdf().length, uploadedBy: 'Klara Kundin' });
    expect(JSON.stringify(document)).not.toMatch(/storage|signature|projects\//);
  });

  it('deletes a plan with all its versions and every object stored under their keys', async () => {
    await setup.ctx.background.drained();
    const [current] = await list(setup);
    const all = (await versions(setup, 'kunde', current!.id)).json<ProjectFile[]>();
    // A PDF version's page rendered for the viewer is kept in the store: it goes with the plan.
    const pdf = all.find((file) => file.pagesUrl !== null);
    expect((await setup.ctx.app.inject({ method: 'GET', url: `${pdf!.pagesUrl!}&page=1&width=480` })).statusCode).toBe(200);
    const planKeys = (await storedKeys(setup.ctx)).filter((key) => key.startsWith(`projects/${setup.projectId}/`));
    expect(planKeys.length).toBeGreaterThan(all.length);
    const before = await storedKeys(setup.ctx);
    const removed = await setup.ctx.app.inject({
      method: 'POST',
      url: '/api/s3/deleteFile',
      headers: bearer(setup.tokens.kunde!),
      payload: { projectId: setup.projectId, fileName: current!.name, s3Key: s3KeyOf(current!) },
    });
    expect(removed.statusCode).toBe(204);
    expect(await list(setup)).toEqual([]);
    expect(await storedKeys(setup.ctx)).toEqual(before.filter((key) => !planKeys.includes(key)));
    for (const file of all) expect((await setup.ctx.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
    expect((await versions(setup, 'kunde', all[0]!.id)).statusCode).toBe(404);
    // The other projects' files stay.
    expect(await list(setup, setup.otherProjectId, 'mara')).toHaveLength(1);
  });

  it('tells the project\'s people live of a new version (ids only), and nobody who may not see the project\'s files', async () => {
    const url = await setup.ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const kunde = connectStomp(url, setup.tokens.kunde!);
    const fremd = connectStomp(url, setup.tokens.fremd!);
    const kundeElsewhere = connectStomp(url, setup.tokens.kunde!);
    try {
      await Promise.all([kunde.connected, fremd.connected, kundeElsewhere.connected]);
      const seen = kunde.subscribe(liveDestinations.projectFiles(setup.projectId));
      fremd.subscribe(liveDestinations.projectFiles(setup.projectId));
      // The client sees only the project assigned to her, not the architect's other one.
      kundeElsewhere.subscribe(liveDestinations.projectFiles(setup.otherProjectId));
      await Promise.all([fremd.closed, kundeElsewhere.closed]);
      expect(fremd.errors[0]?.headers.message).toBe('Nicht gefunden.');
      expect(kundeElsewhere.errors[0]?.headers.message).toBe('Nicht gefunden.');
      await seen.ready;

      const plan = (await upload(setup, 'kunde', { projectId: setup.projectId, fileName: 'Schnitt A-A' })).json<ProjectFile>();
      expect(await seen.next((body) => (body as { fileId: number }).fileId === plan.id)).toEqual({ fileId: plan.id, planId: plan.planId, version: 1 });
      const newer = (await upload(setup, 'mara', { projectId: setup.projectId, fileName: 'Schnitt A-A', replaces: String(plan.id) })).json<ProjectFile>();
      expect(newer.planId).toBe(plan.planId);
      expect(await seen.next((body) => (body as { fileId: number }).fileId === newer.id)).toEqual({ fileId: newer.id, planId: plan.planId, version: 2 });
      // An upload to another project is not announced on this one (nor its first page, made afterwards):
      // the next announcement here is that of the upload after it.
      const elsewhere = (await upload(setup, 'mara', { projectId: setup.otherProjectId, fileName: 'Lageplan' })).json<ProjectFile>();
      await setup.ctx.background.drained();
      const after = (await upload(setup, 'mara', { projectId: setup.projectId, fileName: 'Ansicht' })).json<ProjectFile>();
      await seen.next((body) => (body as { fileId: number }).fileId === after.id);
      const announced = seen.messages.map((body) => (body as { fileId: number }).fileId);
      expect(announced).not.toContain(elsewhere.id);
      expect([...new Set(announced)]).toEqual([plan.id, newer.id, after.id]);
    } finally {
      await Promise.all([kunde.close(), fremd.close(), kundeElsewhere.close()]);
    }
  });
});

describe.each(testDialects)('an earlier version in the viewer on %s', (dialect) => {
  let setup: Setup;
  let olderPages: string;
  let currentPages: string;
  beforeAll(async () => {
    // Two renders a minute for each viewer: the earlier version's pages draw on the same budget.
    setup = await setUp(dialect, { RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '2' });
  });
  afterAll(() => setup.ctx.close());

  const pinsOf = async (who: string, fileId: number) =>
    (await get(setup, who, `/api/s3/project/${setup.projectId}/files/${fileId}/pins`)).json<Array<{ comment: string; fileId: number }>>();

  it("serves an earlier version's own pages and its own pins after a newer version came, to the project's people only", async () => {
    const first = (await upload(setup, 'kunde', { projectId: setup.projectId })).json<ProjectFile>();
    const placed = await setup.ctx.app.inject({
      method: 'POST',
      url: `/api/s3/project/${setup.projectId}/files/${first.id}/pins`,
      headers: bearer(setup.tokens.kunde!),
      payload: { page: 1, x: 0.25, y: 0.5, comment: 'Riss in Fassung 1' },
    });
    expect(placed.statusCode).toBe(201);
    const second = (await upload(setup, 'mara', { projectId: setup.projectId, replaces: String(first.id), bytes: samplePdf('Fassung 2') })).json<ProjectFile>();
    expect(second).toMatchObject({ version: 2, versionCount: 2 });
    await setup.ctx.background.drained();

    const listed = (await versions(setup, 'kunde', second.id)).json<ProjectFile[]>();
    const older = listed.find((file) => file.version === 1)!;
    // The older version knows it is one of two, and has pages of its own, at its own address.
    expect(older).toMatchObject({ id: first.id, version: 1, versionCount: 2, pageCount: 1 });
    expect(older.pagesUrl).toContain(`/download/${setup.projectId}/${first.id}/pages/`);
    olderPages = older.pagesUrl!;
    currentPages = listed.find((file) => file.version === 2)!.pagesUrl!;
    const page = await setup.ctx.app.inject({ method: 'GET', url: `${older.pagesUrl!}&page=1&width=480` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/webp');
    // A page beyond the older version's own is refused in German, not rendered.
    const beyond = await setup.ctx.app.inject({ method: 'GET', url: `${older.pagesUrl!}&page=2&width=480` });
    expect(beyond.statusCode).toBe(400);

    expect((await pinsOf('mara', first.id)).map((pin) => pin.comment)).toEqual(['Riss in Fassung 1']);
    expect(await pinsOf('mara', second.id)).toEqual([]);
    // Someone outside the project learns nothing of the versions.
    expect((await versions(setup, 'fremd', second.id)).statusCode).toBe(404);
    expect((await get(setup, 'fremd', `/api/s3/project/${setup.projectId}/files/${first.id}/pins`)).statusCode).toBe(404);
  });

  it("renders an earlier version's pages on the viewer's one budget: beyond it 429, while a page rendered before still comes", async () => {
    // One render so far (the earlier version's first page at 480 px); the current version's is the second.
    expect((await setup.ctx.app.inject({ method: 'GET', url: `${currentPages}&page=1&width=480` })).statusCode).toBe(200);
    const refused = await setup.ctx.app.inject({ method: 'GET', url: `${olderPages}&page=1&width=960` });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect((await setup.ctx.app.inject({ method: 'GET', url: `${olderPages}&page=1&width=480` })).statusCode).toBe(200);
  });
});
