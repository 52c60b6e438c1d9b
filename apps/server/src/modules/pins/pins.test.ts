import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveDestinations, type Pin, type ProjectFile } from '@bauakte/domain';
import { bearer, createTestContext, generousBudgets, testDialects, type TestContext } from '../../test/test-app';
import { multipartBody } from '../../test/multipart';
import { samplePdf, samplePng } from '../../test/sample-files';
import { connectStomp } from '../../test/stomp-client';

describe.each(testDialects)('pins on plans on %s', (dialect) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let projectId: number;
  let otherProjectId: number;

  const as = (who: string) => bearer(tokens[who]!);

  async function upload(project: number, title = 'Grundriss EG'): Promise<ProjectFile> {
    const { payload, headers } = await multipartBody([
      ['projectId', String(project)],
      ['fileName', title],
      ['documentType', 'PNG'],
      ['file', { name: 'plan.png', bytes: await samplePng(60, 40) }],
    ]);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as('mara') }, payload });
    expect(response.statusCode).toBe(201);
    return response.json<ProjectFile>();
  }

  const pinsUrl = (fileId: number, project = projectId) => `/api/s3/project/${project}/files/${fileId}/pins`;
  const place = (who: string, fileId: number, body: object, project = projectId) =>
    ctx.app.inject({ method: 'POST', url: pinsUrl(fileId, project), headers: as(who), payload: body });
  const list = async (who: string, fileId: number) => (await ctx.app.inject({ method: 'GET', url: pinsUrl(fileId), headers: as(who) })).json<Pin[]>();
  const change = (who: string, pinId: number, body: object) => ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${pinId}`, headers: as(who), payload: body });

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: generousBudgets });
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', firstName: 'Mara', lastName: 'Berger' });
    await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, firstName: 'Klara', lastName: 'Kundin' });
    for (const name of ['mara', 'fremd', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
    const create = async (name: string, assignedUser: string) =>
      (await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: as('mara'), payload: { name, assignedUser } })).json<{ id: number }>().id;
    projectId = await create('Altbau', 'kunde');
    otherProjectId = await create('Neubau', '');
  });
  afterAll(() => ctx.close());

  it('numbers the pins of a plan in the order they are placed and names their authors', async () => {
    const plan = await upload(projectId);
    const first = await place('kunde', plan.id, { page: 1, x: 0.25, y: 0.75, comment: 'Riss links vom Fenster' });
    expect(first.statusCode).toBe(201);
    const second = await place('mara', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Tragende Wand' });
    expect(second.json<Pin>()).toMatchObject({ number: 2, authorName: 'Mara Berger', version: 1 });

    const pins = await list('kunde', plan.id);
    expect(pins.map((pin) => [pin.number, pin.comment, pin.author?.firstName, pin.x, pin.y])).toEqual([
      [1, 'Riss links vom Fenster', 'Klara', 0.25, 0.75],
      [2, 'Tragende Wand', 'Mara', 0.5, 0.5],
    ]);
  });

  it('gives pins placed at the same moment different numbers', async () => {
    const plan = await upload(projectId);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => place(index % 2 ? 'mara' : 'kunde', plan.id, { page: 1, x: 0.1, y: 0.1, comment: `Stelle ${index}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
    expect(answers.map((answer) => answer.json<Pin>().number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses a point outside the page, a page below 1 and an empty comment in German, at their fields', async () => {
    const plan = await upload(projectId);
    const outside = await place('kunde', plan.id, { page: 1, x: 1.2, y: 0.5, comment: 'Hier' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ issues: [{ path: 'body/x', message: 'Die Stelle muss innerhalb des Plans liegen.' }] });
    const page = await place('kunde', plan.id, { page: 0, x: 0.5, y: 0.5, comment: 'Hier' });
    expect(page.json()).toMatchObject({ issues: [{ path: 'body/page', message: 'Die Seite muss eine ganze Zahl ab 1 sein.' }] });
    const empty = await place('kunde', plan.id, { page: 1, x: 0.5, y: 0.5, comment: '   ' });
    expect(empty.json()).toMatchObject({ issues: [{ path: 'body/comment', message: 'Bitte beschreiben Sie, was an dieser Stelle ist.' }] });
  });

  it('refuses a page the plan does not have in German at its field, for a one-page PDF and an image alike', async () => {
    const { payload, headers } = await multipartBody([
      ['projectId', String(projectId)],
      ['fileName', 'Schnitt'],
      ['documentType', 'PDF'],
      ['file', { name: 'schnitt.pdf', bytes: samplePdf() }],
    ]);
    const uploaded = (await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as('mara') }, payload })).json<ProjectFile>();
    // Its pages are counted with its first page, made after the upload's answer.
    await ctx.background.drained();
    const files = (await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}`, headers: as('mara') })).json<ProjectFile[]>();
    const pdf = files.find((file) => file.id === uploaded.id)!;
    expect(pdf.pageCount).toBe(1);
    const image = await upload(projectId);
    for (const plan of [pdf, image]) {
      for (const page of [2, 9999]) {
        const beyond = await place('kunde', plan.id, { page, x: 0.5, y: 0.5, comment: 'Hier' });
        expect(beyond.statusCode, `${plan.name} page ${page}`).toBe(400);
        expect(beyond.json()).toMatchObject({ issues: [{ path: 'body/page', message: 'Dieser Plan hat nur eine Seite.' }] });
      }
      expect(await list('kunde', plan.id)).toEqual([]);
      expect((await place('kunde', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Hier' })).statusCode).toBe(201);
    }
  });

  it('takes a photo of the same project and refuses one of another project at its field', async () => {
    const plan = await upload(projectId);
    const photo = await upload(projectId, 'Foto Riss');
    const foreignPhoto = await upload(otherProjectId, 'Foto anderswo');
    const withPhoto = await place('kunde', plan.id, { page: 1, x: 0.3, y: 0.3, comment: 'Siehe Foto', photoFileId: photo.id });
    expect(withPhoto.json<Pin>().photoFileId).toBe(photo.id);
    const refused = await place('kunde', plan.id, { page: 1, x: 0.3, y: 0.3, comment: 'Siehe Foto', photoFileId: foreignPhoto.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ issues: [{ path: 'body/photoFileId', message: 'Dieses Foto gibt es in diesem Projekt nicht.' }] });
  });

  it('answers 404 for a file of another project named under this one, and for another office', async () => {
    const foreignPlan = await upload(otherProjectId);
    expect((await place('mara', foreignPlan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Hier' })).statusCode).toBe(404);
    const plan = await upload(projectId);
    expect((await place('fremd', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Hier' })).statusCode).toBe(404);
  });

  it('lets only the author move or change a pin, and refuses an edit based on an older version with the pin as it is now', async () => {
    const plan = await upload(projectId);
    const pin = (await place('kunde', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Feucht' })).json<Pin>();
    const byOther = await change('mara', pin.id, { x: 0.6, y: 0.6, comment: 'Trocken', photoFileId: null, version: 1 });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json<{ message: string }>().message).toBe('Sie können nur Ihre eigenen Markierungen ändern oder löschen.');

    const moved = await change('kunde', pin.id, { x: 0.6, y: 0.4, comment: 'Feucht, Schimmel', photoFileId: null, version: 1 });
    expect(moved.json<Pin>()).toMatchObject({ x: 0.6, y: 0.4, comment: 'Feucht, Schimmel', version: 2 });
    const stale = await change('kunde', pin.id, { x: 0.1, y: 0.1, comment: 'Alte Fassung', photoFileId: null, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', pin: { comment: 'Feucht, Schimmel', version: 2 } });
    expect((await list('mara', plan.id))[0]?.comment).toBe('Feucht, Schimmel');
  });

  it('lets the author delete a pin; the others keep their numbers', async () => {
    const plan = await upload(projectId);
    const pins: Pin[] = [];
    for (const comment of ['Eins', 'Zwei', 'Drei']) pins.push((await place('kunde', plan.id, { page: 1, x: 0.5, y: 0.5, comment })).json<Pin>());
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/s3/pins/${pins[1]!.id}`, headers: as('mara') })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/s3/pins/${pins[1]!.id}`, headers: as('kunde') })).statusCode).toBe(204);
    expect((await list('kunde', plan.id)).map((pin) => pin.number)).toEqual([1, 3]);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/s3/pins/${pins[1]!.id}`, headers: as('kunde') })).statusCode).toBe(404);
  });

  it('removes a plan\'s pins with the plan, and keeps a pin whose photo was deleted, without photo', async () => {
    const plan = await upload(projectId);
    const photo = await upload(projectId, 'Foto');
    const pin = (await place('kunde', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Foto', photoFileId: photo.id })).json<Pin>();
    const remove = (file: ProjectFile) =>
      ctx.app.inject({ method: 'POST', url: '/api/s3/deleteFile', headers: as('mara'), payload: { projectId, s3Key: `Projekt/${file.url.split('/download/')[1]}` } });
    expect((await remove(photo)).statusCode).toBe(204);
    expect((await list('kunde', plan.id))[0]).toMatchObject({ id: pin.id, photoFileId: null });
    expect((await remove(plan)).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${pin.id}`, headers: as('kunde'), payload: { x: 0.5, y: 0.5, comment: 'x', photoFileId: null, version: 1 } })).statusCode).toBe(404);
  });

  it('makes a pin the client placed news on the architect\'s dashboard, until the architect opens the project', async () => {
    const plan = await upload(projectId);
    const news = async () => (await ctx.app.inject({ method: 'GET', url: '/api/ProjectManagment/dash/mara', headers: as('mara') })).json<Array<{ name: string; newPins?: number }>>();
    await ctx.app.inject({ method: 'GET', url: `/api/DashboardClient/project/${projectId}`, headers: as('mara') });
    expect((await news()).map((project) => project.name)).not.toContain('Altbau');
    await place('kunde', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Neu' });
    await place('kunde', plan.id, { page: 1, x: 0.6, y: 0.5, comment: 'Auch neu' });
    expect((await news()).find((project) => project.name === 'Altbau')).toMatchObject({ newPins: 2 });
  });

  it('tells the project\'s people live which pin changed (ids only), and refuses another office\'s subscription', async () => {
    const url = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const mara = connectStomp(url, tokens.mara!);
    const fremd = connectStomp(url, tokens.fremd!);
    try {
      await Promise.all([mara.connected, fremd.connected]);
      const seen = mara.subscribe(liveDestinations.projectPins(projectId));
      fremd.subscribe(liveDestinations.projectPins(projectId));
      await fremd.closed;
      expect(fremd.errors[0]?.headers.message).toBe('Nicht gefunden.');
      await seen.ready;
      const plan = await upload(projectId);
      const pin = (await place('kunde', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Live' })).json<Pin>();
      expect(await seen.next((body) => (body as { pinId: number }).pinId === pin.id)).toEqual({ fileId: plan.id, pinId: pin.id });
    } finally {
      await Promise.all([mara.close(), fremd.close()]);
    }
  });
});
