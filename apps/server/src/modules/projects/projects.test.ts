import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';
import { multipartBody } from '../../test/multipart';
import { samplePdf } from '../../test/sample-files';
import { nextMillisecond } from '../../test/clock';

describe.each(testDialects)('projects on %s', (dialect) => {
  let ctx: TestContext;
  let mara: string;
  let tom: string;
  let kunde: string;
  let fremd: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const address = { street: 'Hauptplatz', number: '1', city: 'Linz', katastral: 45203, postalCode: '4020', country: 'Österreich' };
  const news = async (token: string, username: string) =>
    ((await call('GET', `/api/ProjectManagment/dash/${username}`, token)).json() as Array<{ name: string }>).map((p) => p.name);

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const maraId = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
    const tomId = await ctx.createUser({ username: 'tom', password: 'tom-passwort', role: 'ARCHI' });
    const fremdId = await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: maraId, firstName: 'Klara', lastName: 'Kunz' });
    await ctx.createUser({ username: 'fremdkunde', password: 'fk-passwort', role: 'CLIENT', createdById: fremdId });
    const now = new Date().toISOString();
    const team = await ctx.database.db.insertInto('teams').values({ name: 'Wien', createdAt: now }).returning('id').executeTakeFirstOrThrow();
    await ctx.database.db.insertInto('teamMembers').values([{ teamId: team.id, userId: maraId, addedAt: now }, { teamId: team.id, userId: tomId, addedAt: now }]).execute();
    [mara, tom, kunde, fremd] = await Promise.all([
      ctx.login('mara', 'mara-passwort'),
      ctx.login('tom', 'tom-passwort'),
      ctx.login('kunde', 'kunde-passwort'),
      ctx.login('fremd', 'fremd-passwort'),
    ]);
  });
  afterAll(() => ctx.close());

  it('creates a project for an own customer and answers it with status Neu', async () => {
    const response = await call('POST', '/api/ProjectManagment', mara, { name: 'Hauptplatz 1', assignedUser: 'kunde', creationName: 'mara', address, description: 'Fassade und Fenster' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Hauptplatz 1', assignedUser: 'kunde', creationName: 'mara', progress: 0, status: 'NEW', address });
  });

  it('refuses a foreign customer, a foreign creationName and a katastral out of range, creating nothing', async () => {
    const foreign = await call('POST', '/api/ProjectManagment', mara, { name: 'X', assignedUser: 'fremdkunde' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Diese Kundin bzw. diesen Kunden gibt es nicht.');
    expect((await call('POST', '/api/ProjectManagment', mara, { name: 'X', assignedUser: 'kunde', creationName: 'tom' })).statusCode).toBe(403);
    for (const katastral of [1001, 92130, 'abc']) {
      const response = await call('POST', '/api/ProjectManagment', mara, { name: 'X', address: { ...address, katastral } });
      expect(response.statusCode).toBe(400);
    }
    const low = await call('POST', '/api/ProjectManagment', mara, { name: 'X', address: { ...address, katastral: 1001 } });
    expect(low.json().issues[0].message).toBe('Value must be at least 01002.');
    expect((await call('POST', '/api/ProjectManagment', mara, { name: '', assignedUser: 'kunde' })).statusCode).toBe(400);
    const shortPostcode = await call('POST', '/api/ProjectManagment', mara, { name: 'X', address: { ...address, postalCode: '402' } });
    expect(shortPostcode.statusCode).toBe(400);
    expect(shortPostcode.json().issues).toEqual([{ path: 'body/address/postalCode', message: 'Österreichische Postleitzahlen haben vier Ziffern, z. B. 1060.' }]);
    expect(((await call('GET', '/api/ProjectManagment/mara', mara)).json() as unknown[]).length).toBe(1);
  });

  it('takes a postcode abroad as it is written', async () => {
    const response = await call('POST', '/api/ProjectManagment', tom, { name: 'Zweitwohnsitz', address: { ...address, postalCode: '80331', city: 'München', country: 'Deutschland' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().address).toMatchObject({ postalCode: '80331', country: 'Deutschland' });
    expect((await call('DELETE', `/api/ProjectManagment/project/${response.json().id}`, tom)).statusCode).toBe(204);
  });

  it('lets a project stand without a customer', async () => {
    const response = await call('POST', '/api/ProjectManagment', tom, { name: 'Ohne Kunde' });
    expect(response.statusCode).toBe(201);
    expect(response.json().assignedUser).toBeNull();
  });

  it('shows new projects as news to every architect of the team until each opens them', async () => {
    expect(await news(mara, 'mara')).toEqual(['Ohne Kunde', 'Hauptplatz 1']);
    expect(await news(tom, 'tom')).toEqual(['Ohne Kunde', 'Hauptplatz 1']);
    expect(await news(fremd, 'fremd')).toEqual([]);
    const rows = (await call('GET', '/api/ProjectManagment/dash/mara', mara)).json() as Array<{ assignedUser: string | null; customer: unknown }>;
    expect(rows.map((row) => [row.assignedUser, row.customer])).toEqual([
      [null, null],
      ['kunde', { username: 'kunde', firstName: 'Klara', lastName: 'Kunz' }],
    ]);
    const [project] = (await call('GET', '/api/ProjectManagment/mara', mara)).json() as Array<{ id: number; name: string }>;
    expect(project?.name).toBe('Hauptplatz 1');
    const opened = await call('GET', `/api/DashboardClient/project/${project!.id}`, mara);
    expect(opened.json()).toMatchObject({ name: 'Hauptplatz 1', description: 'Fassade und Fenster', progress: 0, address: { street: 'Hauptplatz', number: '1', city: 'Linz', country: 'Österreich' } });
    expect(await news(mara, 'mara')).toEqual(['Ohne Kunde']);
    expect(await news(tom, 'tom')).toEqual(['Ohne Kunde', 'Hauptplatz 1']);
  });

  it('lets an architect edit name, description and address; the change is news to the team, not the editor', async () => {
    const [project] = (await call('GET', '/api/ProjectManagment/mara', mara)).json() as Array<{ id: number }>;
    await call('GET', `/api/DashboardClient/project/${project!.id}`, tom);
    await nextMillisecond();
    const edited = await call('PUT', `/api/ProjectManagment/project/${project!.id}`, mara, { name: 'Hauptplatz 1a', description: 'Nur Fenster', address: { ...address, street: 'Landstraße' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Hauptplatz 1a', description: 'Nur Fenster', address: { street: 'Landstraße' } });
    expect(await news(mara, 'mara')).toEqual(['Ohne Kunde']);
    expect(await news(tom, 'tom')).toContain('Hauptplatz 1a');
    expect((await call('PUT', `/api/ProjectManagment/project/${project!.id}`, fremd, { name: 'Übernommen' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/ProjectManagment/project/${project!.id}`, kunde, { name: 'Meins' })).statusCode).toBe(403);
  });

  it('shows the client only the projects assigned to them, with address and progress', async () => {
    const list = await call('GET', '/api/DashboardClient/dashi/kunde', kunde);
    expect(list.json()).toEqual([
      { id: expect.any(Number), name: 'Hauptplatz 1a', description: 'Nur Fenster', progress: 0, address: { street: 'Landstraße', number: '1', city: 'Linz', country: 'Österreich' } },
    ]);
    const ohneKunde = ((await call('GET', '/api/ProjectManagment/tom', tom)).json() as Array<{ id: number; name: string }>).find((p) => p.name === 'Ohne Kunde');
    expect((await call('GET', `/api/DashboardClient/project/${ohneKunde!.id}`, kunde)).statusCode).toBe(404);
    expect((await call('GET', '/api/DashboardClient/project/999999', mara)).statusCode).toBe(404);
    for (const id of ['abc', '0x1', '1e0', '%201', '01', '99999999999']) {
      expect((await call('GET', `/api/DashboardClient/project/${id}`, mara)).statusCode, id).toBe(404);
    }
  });

  it('deletes a project for good', async () => {
    const [project] = (await call('GET', '/api/ProjectManagment/mara', mara)).json() as Array<{ id: number }>;
    expect((await call('DELETE', `/api/ProjectManagment/project/${project!.id}`, kunde)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/ProjectManagment/project/${project!.id}`, tom)).statusCode).toBe(204);
    expect((await call('GET', `/api/DashboardClient/project/${project!.id}`, mara)).statusCode).toBe(404);
    expect((await call('GET', '/api/DashboardClient/dashi/kunde', kunde)).json()).toEqual([]);
  });

  it('keeps each user\'s dashboard layout and refuses a malformed one', async () => {
    expect((await call('GET', '/api/dashboardLayout/architect', mara)).json()).toEqual([]);
    const layout = [
      { i: 'projects', x: 0, y: 0, w: 2, h: 4 },
      { i: 'messages', x: 2, y: 0, w: 2, h: 4 },
    ];
    expect((await call('PUT', '/api/dashboardLayout/architect', mara, layout)).statusCode).toBe(200);
    expect((await call('GET', '/api/dashboardLayout/architect', mara)).json()).toEqual(layout);
    expect((await call('GET', '/api/dashboardLayout/architect', tom)).json()).toEqual([]);
    expect((await call('PUT', '/api/dashboardLayout/architect', mara, [{ i: 'x', x: 9, y: 0, w: 1, h: 1 }])).statusCode).toBe(400);
    expect((await call('GET', '/api/dashboardLayout/anderes', mara)).statusCode).toBe(404);
  });

  it('says what is new: the files a client uploaded and the questionnaire changes since the architect last looked', async () => {
    const created = await call('POST', '/api/ProjectManagment', mara, { name: 'Dachausbau', assignedUser: 'kunde' });
    const id = created.json<{ id: number }>().id;
    await call('GET', `/api/DashboardClient/project/${id}`, mara);
    await nextMillisecond();
    for (const name of ['Grundriss.pdf', 'Schnitt.pdf']) {
      const { payload, headers } = await multipartBody([
        ['projectId', String(id)], ['fileName', name], ['comment', ''], ['documentType', 'PDF'], ['file', { name, bytes: samplePdf() }],
      ]);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(kunde) }, payload })).statusCode).toBe(201);
    }
    expect((await call('PUT', `/api/general/${id}`, kunde, { constructionYear: 1962 })).statusCode).toBe(200);
    type Row = { id: number; newFiles?: number; questionnaireChanges?: number; progress?: number };
    const entry = ((await call('GET', '/api/ProjectManagment/dash/mara', mara)).json() as Row[]).find((row) => row.id === id);
    expect(entry).toMatchObject({ newFiles: 2, questionnaireChanges: 1, progress: expect.any(Number) });
    const forTom = ((await call('GET', '/api/ProjectManagment/dash/tom', tom)).json() as Row[]).find((row) => row.id === id);
    expect(forTom).toMatchObject({ newFiles: 2, questionnaireChanges: 1 });
    await call('GET', `/api/DashboardClient/project/${id}`, tom);
    await nextMillisecond();
    await call('PUT', `/api/general/${id}`, kunde, { constructionYear: 1963 });
    const afterOpening = ((await call('GET', '/api/ProjectManagment/dash/tom', tom)).json() as Row[]).find((row) => row.id === id);
    expect(afterOpening).toMatchObject({ newFiles: 0, questionnaireChanges: 1 });
  });

  it('counts the customer\'s unread chat messages to the architect on the news entry, until the architect reads them', async () => {
    const created = await call('POST', '/api/ProjectManagment', mara, { name: 'Wintergarten', assignedUser: 'kunde' });
    const id = created.json<{ id: number }>().id;
    const unreadOf = async (token: string, username: string) =>
      ((await call('GET', `/api/ProjectManagment/dash/${username}`, token)).json() as Array<{ id: number; unreadMessages?: number }>).find((row) => row.id === id)?.unreadMessages;
    const before = { mara: await unreadOf(mara, 'mara'), tom: await unreadOf(tom, 'tom') };
    const chat = await call('POST', '/api/MessageManagment/createChat', kunde, { message: 'Grüß Gott!', senderUsername: 'kunde', receiverUsername: 'mara' });
    expect(chat.statusCode).toBe(201);
    const { chatId } = chat.json<{ chatId: number }>();
    expect((await call('POST', '/api/MessageManagment', kunde, { message: 'Die Pläne sind oben.', senderUsername: 'kunde', receiverUsername: 'mara', chatId, isRead: false })).statusCode).toBe(201);
    expect(before.mara).toBe(0);
    expect(await unreadOf(mara, 'mara')).toBe(2);
    // The messages went to mara: her team-mate has none of them unread.
    expect(await unreadOf(tom, 'tom')).toBe(before.tom);
    expect((await call('PUT', `/api/MessageManagment/${chatId}/read`, mara)).statusCode).toBe(200);
    expect(await unreadOf(mara, 'mara')).toBe(0);
  });
});
