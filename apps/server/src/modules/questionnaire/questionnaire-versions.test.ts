import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';

type Step = 'general' | 'storeys' | 'windows' | 'heating';

/** Two people on one step: the client and the architect; a save based on an old version must not undo the other's. */
describe.each(testDialects)('questionnaire versions on %s', (dialect) => {
  let ctx: TestContext;
  const t: Record<string, string> = {};

  const get = (who: string, step: Step, id: number) => ctx.app.inject({ method: 'GET', url: `/api/${step}/${id}`, headers: bearer(t[who]!) });
  const put = (who: string, step: Step, id: number, payload: object, ifMatch?: string) =>
    ctx.app.inject({ method: 'PUT', url: `/api/${step}/${id}`, headers: { ...bearer(t[who]!), ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) }, payload });
  const newProject = async (name: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(t.mara!), payload: { name, assignedUser: 'kunde' } })).json<{ id: number }>().id;
  const changes = async (id: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/questionnaire/${id}/changes`, headers: bearer(t.mara!) })).json<
      Array<{ step: string; changedBy: string; changes: Record<string, { from: unknown; to: unknown }> }>
    >();

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', firstName: 'Mara', lastName: 'Berger' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, firstName: 'Karl', lastName: 'Kunde' });
    for (const name of ['mara', 'kunde']) t[name] = await ctx.login(name, `${name}-passwort`);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("gives each step's version as ETag, counted up only by saves that change an answer", async () => {
    const id = await newProject('Versionen');
    expect((await get('kunde', 'general', id)).headers.etag).toBe('"0"');
    const first = await put('kunde', 'general', id, { constructionYear: 1962 });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe('"1"');
    expect((await get('mara', 'general', id)).headers.etag).toBe('"1"');
    // The same answer again changes nothing: the version stays.
    expect((await put('kunde', 'general', id, { constructionYear: 1962 }, '"1"')).headers.etag).toBe('"1"');
    expect((await put('kunde', 'general', id, { direction: 'N' }, '"1"')).headers.etag).toBe('"2"');
    expect((await get('kunde', 'storeys', id)).headers.etag).toBe('"0"');
    // The body stays the spec's shape: the answers only.
    expect((await get('kunde', 'general', id)).json()).toMatchObject({ constructionYear: 1962, direction: 'N' });
  });

  it("tells every step's version on the all-steps answer, which keeps its shape", async () => {
    const id = await newProject('Alle Versionen');
    await put('kunde', 'general', id, { constructionYear: 1962 });
    await put('kunde', 'general', id, { direction: 'S' });
    await put('kunde', 'heating', id, { fuelType: 'GAS' });
    const all = await ctx.app.inject({ method: 'GET', url: `/api/questionnaire/${id}`, headers: bearer(t.kunde!) });
    expect(all.headers['questionnaire-versions']).toBe('general=2, storeys=0, windows=0, heating=1');
    expect(all.json()).toMatchObject({ general: { constructionYear: 1962, direction: 'S' }, storeys: {}, windows: {}, heating: { fuelType: 'GAS' } });
    expect(Object.keys(all.json())).toEqual(['general', 'storeys', 'windows', 'heating']);
  });

  it('saves with the current version as a plain save', async () => {
    const id = await newProject('Aktuell');
    const tag = (await get('mara', 'general', id)).headers.etag as string;
    const saved = await put('mara', 'general', id, { direction: 'W', constructionYear: 1970 }, tag);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ direction: 'W', constructionYear: 1970 });
  });

  it("keeps both people's answers when the stale save changed other fields, and logs each save's own change", async () => {
    const id = await newProject('Beide');
    const seenByArchitect = (await get('mara', 'general', id)).headers.etag as string;
    expect((await put('kunde', 'general', id, { constructionYear: 1962 }, (await get('kunde', 'general', id)).headers.etag as string)).statusCode).toBe(200);
    const architect = await put('mara', 'general', id, { direction: 'S' }, seenByArchitect);
    expect(architect.statusCode).toBe(200);
    expect(architect.headers.etag).toBe('"2"');
    expect((await get('kunde', 'general', id)).json()).toMatchObject({ constructionYear: 1962, direction: 'S' });
    const log = await changes(id);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ changedBy: 'mara', changes: { direction: { from: null, to: 'S' } } });
    expect(Object.keys(log[0]!.changes)).toEqual(['direction']);
    expect(log[1]).toMatchObject({ changedBy: 'kunde', changes: { constructionYear: { from: null, to: 1962 } } });
    expect(Object.keys(log[1]!.changes)).toEqual(['constructionYear']);
  });

  it('refuses with 409 and the current answers, version, who and when when both changed the same answer; saves nothing', async () => {
    const id = await newProject('Überschneidung');
    await put('kunde', 'general', id, { direction: 'N' });
    const seenByArchitect = (await get('mara', 'general', id)).headers.etag as string;
    const before = Date.now();
    await put('kunde', 'general', id, { constructionYear: 1962 }, '"1"');
    const architect = await put('mara', 'general', id, { constructionYear: 1958, direction: 'S' }, seenByArchitect);
    expect(architect.statusCode).toBe(409);
    expect(architect.headers.etag).toBe('"2"');
    const body = architect.json();
    expect(body).toMatchObject({
      code: 'QUESTIONNAIRE_CONFLICT',
      message: 'Dieser Schritt wurde inzwischen von jemand anderem geändert, auch bei Antworten, die Sie geändert haben. Bitte wählen Sie, welche Antworten gelten sollen.',
      answers: { direction: 'N', constructionYear: 1962 },
      version: 2,
      savedBy: { username: 'kunde', firstName: 'Karl', lastName: 'Kunde' },
      fields: ['constructionYear'],
    });
    expect(new Date(body.savedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await get('kunde', 'general', id)).json()).toMatchObject({ direction: 'N', constructionYear: 1962 });
    expect(await changes(id)).toHaveLength(2);
    // With the version the conflict named, the person's choice is saved.
    const chosen = await put('mara', 'general', id, { constructionYear: 1958, direction: 'S' }, `"${body.version}"`);
    expect(chosen.statusCode).toBe(200);
    expect((await get('kunde', 'general', id)).json()).toMatchObject({ direction: 'S', constructionYear: 1958 });
    expect((await changes(id))[0]).toMatchObject({ changedBy: 'mara', changes: { constructionYear: { from: 1962, to: 1958 }, direction: { from: 'N', to: 'S' } } });
  });

  it('counts a nested answer as changed by both only when the same part of it changed (the roof)', async () => {
    const id = await newProject('Dach');
    await put('kunde', 'storeys', id, { roof: { roofType: 'ZELTDACH', isAtticHeated: false } });
    const seen = (await get('mara', 'storeys', id)).headers.etag as string;
    await put('kunde', 'storeys', id, { roof: { roofType: 'FLACHDACH' } }, seen);
    expect((await put('mara', 'storeys', id, { roof: { isAtticHeated: true } }, seen)).statusCode).toBe(200);
    expect((await get('kunde', 'storeys', id)).json().roof).toEqual({ roofType: 'FLACHDACH', isAtticHeated: true });
    const clash = await put('mara', 'storeys', id, { roof: { roofType: 'SATTELDACH' } }, seen);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields).toEqual(['roof.roofType']);
  });

  it("does not count a first save's schema default (attic not heated) as an answer someone else must not change", async () => {
    const id = await newProject('Dachboden');
    await put('kunde', 'storeys', id, { numberOfStoreys: '2' }, '"0"');
    expect((await get('kunde', 'storeys', id)).json().roof).toMatchObject({ isAtticHeated: false });
    expect((await put('mara', 'storeys', id, { roof: { isAtticHeated: true } }, '"0"')).statusCode).toBe(200);
    expect((await get('kunde', 'storeys', id)).json()).toMatchObject({ numberOfStoreys: '2', roof: { isAtticHeated: true } });
  });

  it('does not count the same answer given by both as a conflict', async () => {
    const id = await newProject('Gleich');
    await put('kunde', 'general', id, { constructionYear: 1962 }, '"0"');
    expect((await put('mara', 'general', id, { constructionYear: 1962, direction: 'O' }, '"0"')).statusCode).toBe(200);
    expect((await get('kunde', 'general', id)).json()).toMatchObject({ constructionYear: 1962, direction: 'O' });
  });

  it('without If-Match keeps the spec behaviour: a plain save of what was sent, stale or not', async () => {
    const id = await newProject('Ohne If-Match');
    await put('kunde', 'general', id, { constructionYear: 1962 });
    const plain = await put('mara', 'general', id, { constructionYear: null, direction: 'S' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ constructionYear: null, direction: 'S' });
    expect(plain.headers.etag).toBe('"2"');
    expect((await put('mara', 'general', id, { direction: 'N' }, '*')).statusCode).toBe(200);
  });

  it('refuses a malformed If-Match, or a version the step never had, with 400 and a German message', async () => {
    const id = await newProject('Kaputt');
    await put('kunde', 'general', id, { constructionYear: 1962 });
    for (const ifMatch of ['1', '"abc"', 'W/"1"', '"1", "2"', '"-1"', '"99999999999999999999"', '""', '"7"']) {
      const response = await put('mara', 'general', id, { direction: 'S' }, ifMatch);
      expect(response.statusCode, ifMatch).toBe(400);
      expect(response.json(), ifMatch).toMatchObject({ code: 'BAD_REQUEST', message: 'Die Versionsangabe (If-Match) ist ungültig. Bitte laden Sie den Schritt neu.' });
    }
    expect((await get('kunde', 'general', id)).json()).toMatchObject({ constructionYear: 1962, direction: null });
  });
});
