import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemPhotosMax, type ItemPhoto, type Pin, type ProjectFile } from '@bauakte/domain';
import { bearer, createTestContext, generousBudgets, testDialects, type TestContext } from '../../test/test-app';
import { multipartBody } from '../../test/multipart';
import { samplePdf, samplePng } from '../../test/sample-files';

describe.each(testDialects)('photos of open items on %s', (dialect) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let projectId: number;
  let otherProjectId: number;

  const as = (who: string) => bearer(tokens[who]!);

  async function upload(project: number, title: string, type: 'PNG' | 'PDF' = 'PNG', who = 'mara'): Promise<ProjectFile> {
    const { payload, headers } = await multipartBody([
      ['projectId', String(project)],
      ['fileName', title],
      ['documentType', type],
      ['file', type === 'PNG' ? { name: 'foto.png', bytes: await samplePng(60, 40) } : { name: 'plan.pdf', bytes: samplePdf() }],
    ]);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as(who) }, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ProjectFile>();
  }

  const place = (who: string, fileId: number, body: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/s3/project/${projectId}/files/${fileId}/pins`, headers: as(who), payload: { page: 1, x: 0.4, y: 0.4, ...body } });
  const reply = (who: string, pinId: number, body: object) => ctx.app.inject({ method: 'POST', url: `/api/s3/pins/${pinId}/replies`, headers: as(who), payload: body });
  const plansList = async () => (await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}`, headers: as('mara') })).json<ProjectFile[]>().map((file) => file.name);
  /** Which of the names the plans list shows. */
  const amongPlans = async (names: string[]) => (await plansList()).filter((name) => names.includes(name));
  const itemPhotos = async (who = 'kunde') => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}/item-photos`, headers: as(who) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ItemPhoto[]>();
  };

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

  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps several photos on a pin and on a reply, in their order, out of the plans and in the project\'s photos with their item', async () => {
    const plan = await upload(projectId, 'Grundriss EG');
    const [a, b, c] = [await upload(projectId, 'Foto Riss 1', 'PNG', 'kunde'), await upload(projectId, 'Foto Riss 2', 'PNG', 'kunde'), await upload(projectId, 'Foto Antwort')];
    const placed = await place('kunde', plan.id, { comment: 'Riss im Putz', photoFileIds: [b.id, a.id, b.id] });
    expect(placed.statusCode, placed.body).toBe(201);
    const pin = placed.json<Pin>();
    // Each file once, in the order given; photoFileId names the first, as before.
    expect(pin.photoFileIds).toEqual([b.id, a.id]);
    expect(pin.photoFileId).toBe(b.id);

    const answered = await reply('mara', pin.id, { text: 'Schaue ich mir an.', photoFileIds: [c.id] });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json<Pin>().replies).toEqual([expect.objectContaining({ text: 'Schaue ich mir an.', photoFileIds: [c.id] })]);

    expect(await plansList()).toEqual(['Grundriss EG']);
    const photos = await itemPhotos();
    expect(photos.map((photo) => [photo.file.name, photo.pinNumber, photo.replyId === null ? 'Markierung' : 'Antwort', photo.planName, photo.fileId, photo.page])).toEqual([
      ['Foto Riss 2', 1, 'Markierung', 'Grundriss EG', plan.id, 1],
      ['Foto Riss 1', 1, 'Markierung', 'Grundriss EG', plan.id, 1],
      ['Foto Antwort', 1, 'Antwort', 'Grundriss EG', plan.id, 1],
    ]);
    expect(photos[0]!.file.thumbnailUrl).toContain('/thumbnail');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}/item-photos`, headers: as('fremd') })).statusCode).toBe(404);
  });

  it('refuses a foreign file, a PDF and more than the bound with a German 400 at the field, and saves nothing', async () => {
    const plan = await upload(projectId, 'Schnitt');
    const foreign = await upload(otherProjectId, 'Foto anderswo');
    const pdf = await upload(projectId, 'Plan als PDF', 'PDF');
    const own = await upload(projectId, 'Foto');
    const cases: Array<[object, string, string]> = [
      [{ photoFileIds: [own.id, foreign.id] }, 'body/photoFileIds', 'Dieses Foto gibt es in diesem Projekt nicht.'],
      [{ photoFileIds: [pdf.id] }, 'body/photoFileIds', 'Bitte wählen Sie ein Foto (JPG oder PNG), keinen Plan als PDF.'],
      [{ photoFileId: pdf.id }, 'body/photoFileId', 'Bitte wählen Sie ein Foto (JPG oder PNG), keinen Plan als PDF.'],
      [{ photoFileIds: Array.from({ length: itemPhotosMax + 1 }, () => own.id) }, 'body/photoFileIds', 'Zu einem Punkt oder einer Antwort gehören höchstens 10 Fotos. Bitte entfernen Sie zuerst ein Foto.'],
    ];
    for (const [body, path, message] of cases) {
      const refused = await place('kunde', plan.id, { comment: 'Hier', ...body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ issues: [{ path, message }] });
    }
    const pin = (await place('kunde', plan.id, { comment: 'Hier' })).json<Pin>();
    const refusedReply = await reply('kunde', pin.id, { text: 'Anbei', photoFileIds: [foreign.id] });
    expect(refusedReply.statusCode).toBe(400);
    expect(refusedReply.json()).toMatchObject({ issues: [{ path: 'body/photoFileIds', message: 'Dieses Foto gibt es in diesem Projekt nicht.' }] });
    const listed = await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}/files/${plan.id}/pins`, headers: as('kunde') });
    expect(listed.json<Pin[]>().map((each) => [each.comment, each.photoFileIds, each.replies.length])).toEqual([['Hier', [], 0]]);
    expect(await plansList()).toContain('Foto');
  });

  it('changes the photos on an edit; a photo taken off, and those of a deleted pin, go with their files', async () => {
    const plan = await upload(projectId, 'Ansicht Süd');
    const [a, b, c] = [await upload(projectId, 'Foto A'), await upload(projectId, 'Foto B'), await upload(projectId, 'Foto C')];
    const pin = (await place('mara', plan.id, { comment: 'Fenster', photoFileIds: [a.id, b.id] })).json<Pin>();
    const edit = (body: object, version: number) => ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${pin.id}`, headers: as('mara'), payload: { x: 0.5, y: 0.5, comment: 'Fenster', version, ...body } });

    // A client that knows one photo only (photoFileId, the first) moves the pin: all its photos stay.
    const moved = await edit({ photoFileId: a.id }, 1);
    expect(moved.json<Pin>().photoFileIds).toEqual([a.id, b.id]);
    const changed = await edit({ photoFileIds: [b.id, c.id] }, 2);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Pin>().photoFileIds).toEqual([b.id, c.id]);
    // Foto A is gone with its file: neither among the plans nor downloadable.
    expect(await amongPlans(['Foto A'])).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: a.url })).statusCode).toBe(404);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/s3/pins/${pin.id}`, headers: as('mara') })).statusCode).toBe(204);
    const names = (await itemPhotos()).map((photo) => photo.file.name);
    expect(names).not.toContain('Foto B');
    expect(await amongPlans(['Foto B', 'Foto C'])).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: c.url })).statusCode).toBe(404);
  });

  it("removes the photos of a plan's items, also of their replies, with the plan", async () => {
    const plan = await upload(projectId, 'Dachgeschoss');
    const [own, answer] = [await upload(projectId, 'Foto Dach'), await upload(projectId, 'Foto Dach Antwort')];
    const pin = (await place('kunde', plan.id, { comment: 'Ziegel', photoFileIds: [own.id] })).json<Pin>();
    expect((await reply('mara', pin.id, { text: 'Gesehen', photoFileIds: [answer.id] })).statusCode).toBe(201);
    const removed = await ctx.app.inject({ method: 'POST', url: '/api/s3/deleteFile', headers: as('mara'), payload: { projectId, s3Key: `Projekt/${projectId}/${plan.id}` } });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await itemPhotos()).filter((photo) => ['Foto Dach'].includes(photo.file.name))).toEqual([]);
    expect(await amongPlans(['Foto Dach', 'Foto Dach Antwort'])).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: answer.url })).statusCode).toBe(404);
  });
  it('carries the photos of an item and of its replies to the next version; the origin deleted, the copy keeps them', async () => {
    const first = await upload(projectId, 'Ansicht West');
    const [own, answer] = [await upload(projectId, 'Foto Westwand'), await upload(projectId, 'Foto Westwand Antwort')];
    const origin = (await place('kunde', first.id, { comment: 'Putz bröckelt', photoFileIds: [own.id] })).json<Pin>();
    expect((await reply('mara', origin.id, { text: 'Wird gemacht', photoFileIds: [answer.id] })).statusCode).toBe(201);
    const { payload, headers } = await multipartBody([
      ['projectId', String(projectId)],
      ['fileName', 'Ansicht West'],
      ['documentType', 'PNG'],
      ['replaces', String(first.id)],
      ['file', { name: 'plan.png', bytes: await samplePng(60, 40) }],
    ]);
    const second = (await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as('mara') }, payload })).json<ProjectFile>();
    const carried = await ctx.app.inject({ method: 'POST', url: `/api/s3/project/${projectId}/files/${second.id}/pins/carry-over`, headers: as('mara'), payload: {} });
    expect(carried.statusCode, carried.body).toBe(200);
    const [copy] = carried.json<{ carried: Pin[] }>().carried;
    expect(copy?.photoFileIds).toEqual([own.id]);
    expect(copy?.replies.map((each) => each.photoFileIds)).toEqual([[answer.id]]);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/s3/pins/${origin.id}`, headers: as('kunde') })).statusCode).toBe(204);
    const names = (await itemPhotos()).filter((photo) => photo.pinId === copy?.id).map((photo) => photo.file.name);
    expect(names).toEqual(['Foto Westwand', 'Foto Westwand Antwort']);
    expect(await amongPlans(['Foto Westwand'])).toEqual([]);
  });
});
