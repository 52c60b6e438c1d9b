import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveDestinations, todayInAustria, type OpenItem, type Pin, type PinAssignee, type ProjectFile } from '@bauakte/domain';
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

  const setStatus = (who: string, pin: { id: number; version: number }, status: string) =>
    ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${pin.id}/status`, headers: as(who), payload: { status, version: pin.version } });
  const setItem = (who: string, pin: { id: number; version: number }, item: { kind: string; responsible: string | null; dueDate: string | null }) =>
    ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${pin.id}/item`, headers: as(who), payload: { ...item, version: pin.version } });
  const openItems = async (who: string, query = '') => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}/open-items${query}`, headers: as(who) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OpenItem[]>();
  };
  let listening: Promise<string> | undefined;
  const serverUrl = () => (listening ??= ctx.app.listen({ host: '127.0.0.1', port: 0 }));
  /** A day relative to today in Austria, YYYY-MM-DD. */
  const day = (offset: number) => {
    const [year, month, date] = todayInAustria().split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, date + offset)).toISOString().slice(0, 10);
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

  it('deletes with the version it was chosen on only while the pin still has it: changed meanwhile, 409 with the pin as it is now', async () => {
    const plan = await upload(projectId);
    const pin = (await place('kunde', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Feucht' })).json<Pin>();
    const remove = (query: string) => ctx.app.inject({ method: 'DELETE', url: `/api/s3/pins/${pin.id}${query}`, headers: as('kunde') });
    expect((await remove('?version=abc')).statusCode).toBe(400);
    expect((await change('kunde', pin.id, { x: 0.6, y: 0.4, comment: 'Feucht, Schimmel', photoFileId: null, version: 1 })).statusCode).toBe(200);

    const stale = await remove('?version=1');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', pin: { comment: 'Feucht, Schimmel', version: 2 } });
    expect((await list('kunde', plan.id)).map((each) => each.comment)).toEqual(['Feucht, Schimmel']);

    expect((await remove('?version=2')).statusCode).toBe(204);
    expect(await list('kunde', plan.id)).toEqual([]);
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

  it("makes the client's status change of an item and answer to a follow-up news on the architect's dashboard, until the architect opens the project", async () => {
    const plan = await upload(projectId);
    const pin = (await place('mara', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Bitte prüfen' })).json<Pin>();
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${pin.id}/item`, headers: as('mara'), payload: { kind: 'RUECKFRAGE', responsible: 'kunde', dueDate: null, version: pin.version } })).statusCode).toBe(200);
    const followUp = (await ctx.app.inject({ method: 'POST', url: `/api/questionnaire/${projectId}/follow-ups`, headers: as('mara'), payload: { questionKey: 'constructionYear', note: 'Stimmt das?' } })).json<{ id: number; version: number }>();
    const news = async () => (await ctx.app.inject({ method: 'GET', url: '/api/ProjectManagment/dash/mara', headers: as('mara') })).json<Array<{ name: string; statusChanges?: number; answeredFollowUps?: number }>>();
    await ctx.app.inject({ method: 'GET', url: `/api/DashboardClient/project/${projectId}`, headers: as('mara') });
    expect((await news()).map((project) => project.name)).not.toContain('Altbau');
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${pin.id}/status`, headers: as('kunde'), payload: { status: 'ERLEDIGT', version: pin.version + 1 } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/questionnaire/${projectId}/follow-ups/${followUp.id}/answer`, headers: as('kunde'), payload: { text: 'Ja.', version: followUp.version } })).statusCode).toBe(200);
    expect((await news()).find((project) => project.name === 'Altbau')).toMatchObject({ statusChanges: 1, answeredFollowUps: 1 });
    await ctx.app.inject({ method: 'GET', url: `/api/DashboardClient/project/${projectId}`, headers: as('mara') });
    expect((await news()).map((project) => project.name)).not.toContain('Altbau');
  });

  it('tells the project\'s people live which pin changed (ids only), and refuses another office\'s subscription', async () => {
    const url = await serverUrl();
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

  it("tells each of the project's people on their own topic that its items changed, for the dashboards' counts; nobody else subscribes to it", async () => {
    const url = await serverUrl();
    const kunde = connectStomp(url, tokens.kunde!);
    const fremd = connectStomp(url, tokens.fremd!);
    try {
      await Promise.all([kunde.connected, fremd.connected]);
      const seen = kunde.subscribe(liveDestinations.userItems('kunde'));
      fremd.subscribe(liveDestinations.userItems('kunde'));
      await fremd.closed;
      expect(fremd.errors[0]?.headers.message).toBe('Nicht gefunden.');
      await seen.ready;
      const plan = await upload(projectId);
      await place('mara', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Für die Zählung' });
      expect(await seen.next()).toEqual({ projectId });
    } finally {
      await Promise.all([kunde.close(), fremd.close()]);
    }
  });

  describe('as open items', () => {
    it('starts a pin as an open item of the kind its author chose, else an Information, with nobody responsible', async () => {
      const plan = await upload(projectId);
      const plain = (await place('kunde', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Nur ein Hinweis' })).json<Pin>();
      expect(plain).toMatchObject({ status: 'OFFEN', kind: 'INFORMATION', responsible: null, dueDate: null, statusHistory: [] });
      const question = await place('kunde', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Welche Fliesen?', kind: 'RUECKFRAGE' });
      expect(question.json<Pin>()).toMatchObject({ kind: 'RUECKFRAGE', status: 'OFFEN' });
      const unknown = await place('kunde', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'x', kind: 'WICHTIG' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ issues: [{ path: 'body/kind', message: expect.stringContaining('Unbekannte Art') }] });
    });

    it('lets the architects assign an item to the client or an architect of the project, with a due date and a kind, and no one else', async () => {
      const plan = await upload(projectId);
      const pin = (await place('mara', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Fenster prüfen' })).json<Pin>();
      const assignees = (await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}/assignees`, headers: as('kunde') })).json<PinAssignee[]>();
      expect(assignees.map((person) => [person.username, person.role])).toEqual([
        ['mara', 'ARCHI'],
        ['kunde', 'CLIENT'],
      ]);

      const byClient = await setItem('kunde', pin, { kind: 'MANGEL', responsible: 'kunde', dueDate: day(7) });
      expect(byClient.statusCode).toBe(403);
      expect(byClient.json<{ message: string }>().message).toBe('Zuständigkeit, Fälligkeit und Art eines Punktes legen die Architekten des Projekts fest.');
      for (const stranger of ['fremd', 'niemand', 'chefin']) {
        const refused = await setItem('mara', pin, { kind: 'MANGEL', responsible: stranger, dueDate: day(7) });
        expect(refused.statusCode, stranger).toBe(400);
        expect(refused.json()).toMatchObject({ issues: [{ path: 'body/responsible', message: 'Zuständig kann nur die Kundin bzw. der Kunde oder eine Architektin bzw. ein Architekt dieses Projekts sein.' }] });
      }
      const badDate = await setItem('mara', pin, { kind: 'MANGEL', responsible: 'kunde', dueDate: '2026-02-30' });
      expect(badDate.json()).toMatchObject({ issues: [{ path: 'body/dueDate', message: 'Bitte geben Sie ein gültiges Datum an.' }] });

      const assigned = await setItem('mara', pin, { kind: 'MANGEL', responsible: 'Kunde', dueDate: day(7) });
      expect(assigned.statusCode).toBe(200);
      expect(assigned.json<Pin>()).toMatchObject({ kind: 'MANGEL', responsible: { username: 'kunde', firstName: 'Klara' }, dueDate: day(7), version: 2 });
      expect((await list('kunde', plan.id))[0]).toMatchObject({ kind: 'MANGEL', responsible: { username: 'kunde' }, dueDate: day(7) });
      // Nobody responsible and no date again.
      expect((await setItem('mara', { id: pin.id, version: 2 }, { kind: 'MANGEL', responsible: null, dueDate: null })).json<Pin>()).toMatchObject({ responsible: null, dueDate: null, version: 3 });
    });

    it('lets the responsible client and the architects change the status, records each change, and refuses a stale version', async () => {
      const plan = await upload(projectId);
      const pin = (await place('mara', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Steckdose versetzen' })).json<Pin>();
      const notYet = await setStatus('kunde', pin, 'ERLEDIGT');
      expect(notYet.statusCode).toBe(403);
      expect(notYet.json<{ message: string }>().message).toBe('Den Status eines Punktes ändern nur die zuständige Person und die Architekten des Projekts.');
      expect((await setStatus('fremd', pin, 'ERLEDIGT')).statusCode).toBe(404);

      const assigned = (await setItem('mara', pin, { kind: 'AENDERUNGSWUNSCH', responsible: 'kunde', dueDate: null })).json<Pin>();
      const done = await setStatus('kunde', assigned, 'ERLEDIGT');
      expect(done.statusCode).toBe(200);
      expect(done.json<Pin>()).toMatchObject({ status: 'ERLEDIGT', statusHistory: [{ from: 'OFFEN', to: 'ERLEDIGT', byName: 'Klara Kundin' }] });
      const stale = await setStatus('mara', assigned, 'OFFEN');
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'CONFLICT', pin: { status: 'ERLEDIGT' } });
      const reopened = await setStatus('mara', done.json<Pin>(), 'OFFEN');
      expect(reopened.json<Pin>().statusHistory.map((change) => [change.from, change.to, change.byName])).toEqual([
        ['OFFEN', 'ERLEDIGT', 'Klara Kundin'],
        ['ERLEDIGT', 'OFFEN', 'Mara Berger'],
      ]);
      const unknown = await setStatus('mara', reopened.json<Pin>(), 'FERTIG');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ issues: [{ path: 'body/status', message: expect.stringContaining('Unbekannter Status') }] });
      // Only the author changes the text, even of an item assigned to someone else.
      expect((await change('kunde', pin.id, { x: 0.5, y: 0.5, comment: 'Anders', photoFileId: null, version: reopened.json<Pin>().version })).statusCode).toBe(403);
    });

    it('lists every item of the project across plans and versions, filtered, by due date with undated ones last', async () => {
      const other = await createProjectWithItems();
      const plan = await upload(projectId, 'Ansicht Süd');
      const late = (await place('mara', plan.id, { page: 1, x: 0.1, y: 0.1, comment: 'Überfällig' })).json<Pin>();
      const soon = (await place('mara', plan.id, { page: 1, x: 0.2, y: 0.2, comment: 'Bald fällig', kind: 'RUECKFRAGE' })).json<Pin>();
      const later = (await place('kunde', plan.id, { page: 1, x: 0.3, y: 0.3, comment: 'Ohne Datum' })).json<Pin>();
      await setItem('mara', late, { kind: 'MANGEL', responsible: 'kunde', dueDate: day(-2) });
      await setItem('mara', soon, { kind: 'RUECKFRAGE', responsible: 'mara', dueDate: day(3) });
      const mine = (id: number) => [late.id, soon.id, later.id].includes(id);

      const all = (await openItems('kunde', `?planId=${plan.planId}`)).filter((item) => mine(item.id));
      expect(all.map((item) => item.comment)).toEqual(['Überfällig', 'Bald fällig', 'Ohne Datum']);
      expect(all[0]).toMatchObject({ planName: 'Ansicht Süd', planId: plan.planId, fileVersion: 1, responsible: { username: 'kunde' } });
      expect((await openItems('kunde', '?due=OVERDUE')).map((item) => item.comment)).toEqual(['Überfällig']);
      expect((await openItems('kunde', `?dueUntil=${day(3)}&planId=${plan.planId}`)).map((item) => item.comment)).toEqual(['Überfällig', 'Bald fällig']);
      expect((await openItems('mara', '?responsible=kunde')).filter((item) => mine(item.id)).map((item) => item.comment)).toEqual(['Überfällig']);
      expect((await openItems('mara', `?kind=RUECKFRAGE&planId=${plan.planId}`)).map((item) => item.comment)).toEqual(['Bald fällig']);
      expect((await openItems('mara', '?responsible=fremd')).length).toBe(0);

      await setStatus('kunde', { id: late.id, version: 2 }, 'ERLEDIGT');
      expect((await openItems('mara', `?status=ERLEDIGT&planId=${plan.planId}`)).map((item) => item.comment)).toEqual(['Überfällig']);
      expect((await openItems('mara', `?status=UNERLEDIGT&planId=${plan.planId}`)).map((item) => item.comment)).toEqual(['Bald fällig', 'Ohne Datum']);
      // Done is never overdue.
      expect(await openItems('mara', '?due=OVERDUE')).toEqual([]);
      expect(other).toBe(otherProjectId);
      expect((await openItems('mara')).map((item) => item.comment)).not.toContain('Anderes Projekt');

      const bad = await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}/open-items?status=FERTIG`, headers: as('mara') });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ issues: [{ path: 'querystring/status', message: expect.stringContaining('Unbekannter Status') }] });
      expect((await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}/open-items`, headers: as('fremd') })).statusCode).toBe(404);
    });

    /** Another project of Mara's with an item, which the first project's list must not show. */
    it('pages the list: the plan items by due date, then the follow-ups, each once', async () => {
      const project = (await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: as('mara'), payload: { name: 'Seitenweise', assignedUser: 'kunde' } })).json<{ id: number }>().id;
      const plan = await upload(project);
      for (const comment of ['Erster', 'Zweiter', 'Dritter']) expect((await place('mara', plan.id, { page: 1, x: 0.5, y: 0.5, comment }, project)).statusCode).toBe(201);
      for (const note of ['Erste Rückfrage', 'Zweite Rückfrage']) {
        expect((await ctx.app.inject({ method: 'POST', url: `/api/questionnaire/${project}/follow-ups`, headers: as('mara'), payload: { questionKey: 'constructionYear', note } })).statusCode).toBe(201);
      }
      const page = async (number: number) =>
        (await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${project}/open-items?page=${number}&limit=2`, headers: as('kunde') })).json<OpenItem[]>().map((item) => item.comment);
      expect([await page(1), await page(2), await page(3), await page(4)]).toEqual([['Erster', 'Zweiter'], ['Dritter', 'Erste Rückfrage'], ['Zweite Rückfrage'], []]);
      const tooMany = await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${project}/open-items?limit=100000`, headers: as('kunde') });
      expect(tooMany.statusCode).toBe(400);
    });

    async function createProjectWithItems(): Promise<number> {
      const plan = await upload(otherProjectId);
      await place('mara', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Anderes Projekt' });
      return otherProjectId;
    }

    it('lists an item on a plan\'s older version under the same plan', async () => {
      const first = await upload(projectId, 'Schnitt A');
      const pin = (await place('kunde', first.id, { page: 1, x: 0.5, y: 0.5, comment: 'Alte Fassung' })).json<Pin>();
      const { payload, headers } = await multipartBody([
        ['projectId', String(projectId)],
        ['fileName', 'Schnitt A'],
        ['documentType', 'PNG'],
        ['replaces', String(first.id)],
        ['file', { name: 'plan.png', bytes: await samplePng(60, 40) }],
      ]);
      const second = (await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as('mara') }, payload })).json<ProjectFile>();
      expect(second.version).toBe(2);
      const items = await openItems('mara', `?planId=${first.planId}`);
      expect(items.map((item) => [item.id, item.anchor === 'PLAN' && item.fileVersion, item.anchor === 'PLAN' && item.planName])).toEqual([[pin.id, 1, 'Schnitt A']]);
    });

    it('tells the project\'s people live when an item\'s status changes', async () => {
      const url = await serverUrl();
      const kunde = connectStomp(url, tokens.kunde!);
      try {
        await kunde.connected;
        const seen = kunde.subscribe(liveDestinations.projectPins(projectId));
        await seen.ready;
        const plan = await upload(projectId);
        const pin = (await place('kunde', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Live' })).json<Pin>();
        await seen.next((body) => (body as { pinId: number }).pinId === pin.id);
        expect((await setStatus('mara', pin, 'IN_BEARBEITUNG')).statusCode).toBe(200);
        // The second announcement of this pin: its placing was the first.
        let announcements = 0;
        expect(await seen.next((body) => (body as { pinId: number }).pinId === pin.id && ++announcements === 2)).toEqual({ fileId: plan.id, pinId: pin.id });
      } finally {
        await kunde.close();
      }
    });

    it("counts each project's items not done and the overdue ones, and lists the client's own items for the dashboards", async () => {
      const plan = await upload(projectId, 'Dachgeschoss');
      const late = (await place('mara', plan.id, { page: 1, x: 0.1, y: 0.1, comment: 'Dachfenster undicht' })).json<Pin>();
      const assigned = (await setItem('mara', late, { kind: 'MANGEL', responsible: 'kunde', dueDate: day(-1) })).json<Pin>();
      const summary = async (who: string) =>
        (await ctx.app.inject({ method: 'GET', url: '/api/s3/open-items/summary', headers: as(who) })).json<Array<{ projectId: number; open: number; overdue: number }>>();
      const before = (await summary('kunde')).find((row) => row.projectId === projectId)!;
      expect(before.overdue).toBeGreaterThanOrEqual(1);
      expect((await summary('mara')).find((row) => row.projectId === projectId)).toEqual(before);
      expect((await summary('fremd')).find((row) => row.projectId === projectId)).toBeUndefined();

      const mine = async (who: string) => (await ctx.app.inject({ method: 'GET', url: '/api/s3/open-items/mine', headers: as(who) })).json<Array<{ id: number; projectName: string; projectId: number }>>();
      expect((await mine('kunde')).find((item) => item.id === late.id)).toMatchObject({ projectName: 'Altbau', projectId });
      expect((await mine('mara')).find((item) => item.id === late.id)).toBeUndefined();

      await setStatus('kunde', assigned, 'ERLEDIGT');
      expect((await mine('kunde')).find((item) => item.id === late.id)).toBeUndefined();
      const after = (await summary('kunde')).find((row) => row.projectId === projectId)!;
      expect([after.open, after.overdue]).toEqual([before.open - 1, before.overdue - 1]);
    });

    /** A new version of the plan, uploaded by Mara. */
    async function newVersion(of: ProjectFile): Promise<ProjectFile> {
      const { payload, headers } = await multipartBody([
        ['projectId', String(projectId)],
        ['fileName', of.name],
        ['documentType', 'PNG'],
        ['replaces', String(of.id)],
        ['file', { name: 'plan.png', bytes: await samplePng(60, 40) }],
      ]);
      return (await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as('mara') }, payload })).json<ProjectFile>();
    }
    const carry = (who: string, fileId: number, body: object = {}) =>
      ctx.app.inject({ method: 'POST', url: `${pinsUrl(fileId)}/carry-over`, headers: as(who), payload: body });

    it("carries every item not done to the plan's next version once, with its state and story, linked to its origin", async () => {
      const first = await upload(projectId, 'Ansicht Nord');
      const defect = (await place('kunde', first.id, { page: 1, x: 0.2, y: 0.3, comment: 'Riss im Putz' })).json<Pin>();
      const assigned = (await setItem('mara', defect, { kind: 'MANGEL', responsible: 'kunde', dueDate: '2026-12-10' })).json<Pin>();
      await setStatus('kunde', assigned, 'IN_BEARBEITUNG');
      await ctx.app.inject({ method: 'POST', url: `/api/s3/pins/${defect.id}/replies`, headers: as('mara'), payload: { text: 'Bitte Foto nachreichen.' } });
      const done = (await place('mara', first.id, { page: 1, x: 0.6, y: 0.6, comment: 'Schon erledigt' })).json<Pin>();
      await setStatus('mara', done, 'ERLEDIGT');
      const second = await newVersion(first);

      const answer = await carry('kunde', second.id);
      expect(answer.statusCode, answer.body).toBe(200);
      const carried = answer.json<{ carried: Pin[] }>().carried;
      expect(carried.map((pin) => [pin.fileId, pin.number, pin.comment, pin.status, pin.kind, pin.responsible?.username, pin.dueDate, pin.carriedFromPinId, pin.authorName])).toEqual([
        [second.id, 1, 'Riss im Putz', 'IN_BEARBEITUNG', 'MANGEL', 'kunde', '2026-12-10', defect.id, 'Klara Kundin'],
      ]);
      expect(carried[0]!.statusHistory.map((change) => [change.from, change.to])).toEqual([['OFFEN', 'IN_BEARBEITUNG']]);
      expect(carried[0]!.replies.map((reply) => reply.text)).toEqual(['Bitte Foto nachreichen.']);

      // Carried again (by the other side, or a second click): nothing new, nothing twice.
      expect((await carry('mara', second.id)).json<{ carried: Pin[] }>().carried).toEqual([]);
      expect((await carry('mara', second.id, { pinIds: [defect.id] })).json<{ carried: Pin[] }>().carried).toEqual([]);
      expect((await list('mara', second.id)).map((pin) => pin.comment)).toEqual(['Riss im Putz']);
      // The item lives on on the new version: 'Offene Punkte' lists it once, there.
      expect((await openItems('mara', `?planId=${first.planId}&status=UNERLEDIGT`)).map((item) => [item.id, item.anchor === 'PLAN' && item.fileVersion])).toEqual([[carried[0]!.id, 2]]);

      // One item by its id, a done one too (whoever carries it chose it); an item of another version is refused.
      const one = (await carry('mara', second.id, { pinIds: [done.id] })).json<{ carried: Pin[] }>().carried;
      expect(one.map((pin) => [pin.number, pin.status, pin.carriedFromPinId])).toEqual([[2, 'ERLEDIGT', done.id]]);
      const foreign = await carry('mara', second.id, { pinIds: [carried[0]!.id] });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toMatchObject({ issues: [{ path: 'body/pinIds', message: 'Diese Punkte liegen nicht auf der vorigen Version des Plans.' }] });
    });

    it('carries only to the current version, and not for someone outside the project', async () => {
      const first = await upload(projectId, 'Ansicht Süd');
      await place('mara', first.id, { page: 1, x: 0.5, y: 0.5, comment: 'Fensterbank' });
      expect((await carry('mara', first.id)).json()).toEqual({ carried: [] });
      await newVersion(first);
      const old = await carry('mara', first.id);
      expect(old.statusCode).toBe(400);
      expect(old.json()).toMatchObject({ issues: [{ path: 'params/fileId', message: 'Punkte übernehmen Sie in die aktuelle Version des Plans.' }] });
      expect((await carry('fremd', first.id)).statusCode).toBe(404);
    });

    it('keeps a conversation under each item, both sides replying, and tells the viewers live', async () => {
      const plan = await upload(projectId);
      const pin = (await place('mara', plan.id, { page: 1, x: 0.5, y: 0.5, comment: 'Welche Armatur?' })).json<Pin>();
      const reply = (who: string, text: string) => ctx.app.inject({ method: 'POST', url: `/api/s3/pins/${pin.id}/replies`, headers: as(who), payload: { text } });
      expect((await reply('kunde', 'Die aus dem Katalog, Seite 12.')).statusCode).toBe(201);
      const answered = await reply('mara', 'Danke, bestellt.');
      expect(answered.json<Pin>().replies.map((each) => [each.byName, each.text])).toEqual([
        ['Klara Kundin', 'Die aus dem Katalog, Seite 12.'],
        ['Mara Berger', 'Danke, bestellt.'],
      ]);
      expect((await list('kunde', plan.id)).find((each) => each.id === pin.id)?.replies).toHaveLength(2);
      const empty = await reply('kunde', '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ issues: [{ path: 'body/text', message: 'Bitte geben Sie eine Antwort ein.' }] });
      expect((await reply('fremd', 'Hallo')).statusCode).toBe(404);
    });
  });
});
