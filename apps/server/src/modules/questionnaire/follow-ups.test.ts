import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveDestinations, type FollowUp, type OpenItem, type OpenItemCount, type OwnOpenItem, type Pin, type ProjectFile } from '@bauakte/domain';
import { bearer, createTestContext, generousBudgets, testDialects, type TestContext } from '../../test/test-app';
import { multipartBody } from '../../test/multipart';
import { samplePng } from '../../test/sample-files';
import { connectStomp } from '../../test/stomp-client';

describe.each(testDialects)("the architect's follow-ups on answers ('Rückfrage') on %s", (dialect) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  const as = (who: string) => bearer(tokens[who]!);

  const createProject = async (name: string, assignedUser = 'kunde') =>
    (await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: as('mara'), payload: { name, assignedUser } })).json<{ id: number }>().id;
  const followUpsUrl = (projectId: number) => `/api/questionnaire/${projectId}/follow-ups`;
  const raise = (who: string, projectId: number, body: object) => ctx.app.inject({ method: 'POST', url: followUpsUrl(projectId), headers: as(who), payload: body });
  const raised = async (projectId: number, questionKey = 'windowConstructionYear', note = 'Sind das die Originalfenster von 1965?') => {
    const response = await raise('mara', projectId, { questionKey, note });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<FollowUp>();
  };
  const list = (who: string, projectId: number) => ctx.app.inject({ method: 'GET', url: followUpsUrl(projectId), headers: as(who) });
  const answer = (who: string, projectId: number, followUp: { id: number; version: number }, text = 'Ja, die sind von 1965.') =>
    ctx.app.inject({ method: 'POST', url: `${followUpsUrl(projectId)}/${followUp.id}/answer`, headers: as(who), payload: { text, version: followUp.version } });
  const openItems = async (who: string, projectId: number, query = '') => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}/open-items${query}`, headers: as(who) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OpenItem[]>();
  };
  /** A plan with one defect on it, for the client: an item anchored on a plan. */
  async function planItem(projectId: number): Promise<{ plan: ProjectFile; pin: Pin }> {
    const { payload, headers } = await multipartBody([
      ['projectId', String(projectId)],
      ['fileName', 'Grundriss EG'],
      ['documentType', 'PNG'],
      ['file', { name: 'plan.png', bytes: await samplePng(60, 40) }],
    ]);
    const plan = (await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as('mara') }, payload })).json<ProjectFile>();
    const placed = await ctx.app.inject({ method: 'POST', url: `/api/s3/project/${projectId}/files/${plan.id}/pins`, headers: as('mara'), payload: { page: 1, x: 0.5, y: 0.5, comment: 'Riss', kind: 'MANGEL' } });
    expect(placed.statusCode, placed.body).toBe(201);
    return { plan, pin: placed.json<Pin>() };
  }
  const summary = async (who: string) => (await ctx.app.inject({ method: 'GET', url: '/api/s3/open-items/summary', headers: as(who) })).json<OpenItemCount[]>();
  const mine = async (who: string) => (await ctx.app.inject({ method: 'GET', url: '/api/s3/open-items/mine', headers: as(who) })).json<OwnOpenItem[]>();

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: generousBudgets });
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', firstName: 'Mara', lastName: 'Berger' });
    await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, firstName: 'Klara', lastName: 'Kundin' });
    for (const name of ['mara', 'fremd', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
  });
  afterAll(() => ctx.close());

  it('lets the architect raise one on an answer, both sides read it, and the client\'s answer closes it', async () => {
    const projectId = await createProject('Altbau');
    const followUp = await raised(projectId);
    expect(followUp).toMatchObject({
      anchor: 'QUESTION',
      questionKey: 'windowConstructionYear',
      step: 'windows',
      question: 'Baujahr der Fenster',
      comment: 'Sind das die Originalfenster von 1965?',
      status: 'OFFEN',
      kind: 'RUECKFRAGE',
      responsible: { username: 'kunde', firstName: 'Klara', lastName: 'Kundin' },
      dueDate: null,
      author: { username: 'mara' },
      authorName: 'Mara Berger',
      answer: null,
      answeredByName: null,
      answeredAt: null,
      version: 1,
    });
    const second = await raised(projectId, 'heatProducer', 'Welcher Kessel genau?');
    for (const who of ['mara', 'kunde']) {
      const listed = await list(who, projectId);
      expect(listed.statusCode).toBe(200);
      expect(listed.json<FollowUp[]>().map((each) => each.id)).toEqual([followUp.id, second.id]);
    }

    const answered = await answer('kunde', projectId, followUp);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<FollowUp>()).toMatchObject({ id: followUp.id, status: 'ERLEDIGT', answer: 'Ja, die sind von 1965.', answeredByName: 'Klara Kundin', version: 2 });
    expect(answered.json<FollowUp>().answeredAt).toEqual(expect.any(String));
    expect((await list('mara', projectId)).json<FollowUp[]>().map((each) => [each.id, each.status])).toEqual([
      [followUp.id, 'ERLEDIGT'],
      [second.id, 'OFFEN'],
    ]);
  });

  it('lets only the project\'s architects raise one and only its client answer one', async () => {
    const projectId = await createProject('Rollen');
    const byClient = await raise('kunde', projectId, { questionKey: 'roofType', note: 'Darf ich das?' });
    expect(byClient.statusCode).toBe(403);
    const followUp = await raised(projectId, 'roofType');
    expect((await answer('mara', projectId, followUp)).statusCode).toBe(403);
    expect((await list('mara', projectId)).json<FollowUp[]>().map((each) => each.status)).toEqual(['OFFEN']);
  });

  it('answers an architect of another office 404 for the project, as if it were not there', async () => {
    const projectId = await createProject('Fremd');
    await raised(projectId);
    expect((await list('fremd', projectId)).statusCode).toBe(404);
    expect((await raise('fremd', projectId, { questionKey: 'roofType', note: 'Hallo' })).statusCode).toBe(404);
  });

  it('answers 404 in German for a follow-up unknown or of another project', async () => {
    const projectId = await createProject('Eins');
    const otherId = await createProject('Zwei');
    const other = await raised(otherId);
    for (const followUp of [{ id: 999_999, version: 1 }, other]) {
      const refused = await answer('kunde', projectId, followUp);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: 'Diese Rückfrage gibt es in diesem Projekt nicht.' });
    }
    expect((await list('mara', otherId)).json<FollowUp[]>().map((each) => each.status)).toEqual(['OFFEN']);
  });

  it('refuses an empty note and an unknown question in German at their fields', async () => {
    const projectId = await createProject('Eingaben');
    const empty = await raise('mara', projectId, { questionKey: 'roofType', note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ issues: [{ path: 'body/note', message: 'Bitte schreiben Sie Ihre Rückfrage.' }] });
    const unknown = await raise('mara', projectId, { questionKey: 'swimmingPool', note: 'Gibt es einen?' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ issues: [{ path: 'body/questionKey', message: 'Unbekannte Frage: bitte wählen Sie eine Frage des Fragebogens.' }] });
    expect((await list('mara', projectId)).json()).toEqual([]);
  });

  it('refuses an answer to a version no longer stored, and a second answer, with 409 in German', async () => {
    const projectId = await createProject('Versionen');
    const followUp = await raised(projectId);
    const stale = await answer('kunde', projectId, { id: followUp.id, version: followUp.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'Diese Rückfrage wurde inzwischen geändert. Bitte prüfen Sie die neue Fassung.' });
    expect((await answer('kunde', projectId, followUp)).statusCode).toBe(200);
    for (const version of [followUp.version, followUp.version + 1]) {
      const twice = await answer('kunde', projectId, { id: followUp.id, version }, 'Nochmal');
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ message: 'Diese Rückfrage wurde bereits beantwortet.' });
    }
    expect((await list('kunde', projectId)).json<FollowUp[]>()[0]).toMatchObject({ answer: 'Ja, die sind von 1965.', version: 2 });
  });

  it("lists it among the project's open items, anchored on its question, as the filters allow", async () => {
    const projectId = await createProject('Offene Punkte');
    const open = await raised(projectId);
    const done = await raised(projectId, 'heatProducer', 'Welcher Kessel?');
    expect((await answer('kunde', projectId, done)).statusCode).toBe(200);
    const { plan, pin } = await planItem(projectId);
    const ids = async (query = '') => (await openItems('mara', projectId, query)).map((item) => [item.anchor, item.id]);

    // The spots on plans first, then the follow-ups, oldest first.
    const all = await openItems('kunde', projectId);
    expect(all).toMatchObject([
      { anchor: 'PLAN', id: pin.id, planId: plan.planId },
      { anchor: 'QUESTION', id: open.id, question: 'Baujahr der Fenster', step: 'windows', status: 'OFFEN', kind: 'RUECKFRAGE', dueDate: null },
      { anchor: 'QUESTION', id: done.id, status: 'ERLEDIGT' },
    ]);
    expect(await ids('?status=UNERLEDIGT')).toEqual([['PLAN', pin.id], ['QUESTION', open.id]]);
    expect(await ids('?status=OFFEN')).toEqual([['PLAN', pin.id], ['QUESTION', open.id]]);
    expect(await ids('?status=ERLEDIGT')).toEqual([['QUESTION', done.id]]);
    expect(await ids('?kind=RUECKFRAGE&status=UNERLEDIGT')).toEqual([['QUESTION', open.id]]);
    expect(await ids('?kind=MANGEL')).toEqual([['PLAN', pin.id]]);
    expect(await ids('?responsible=kunde&status=UNERLEDIGT')).toEqual([['QUESTION', open.id]]);
    expect(await ids('?responsible=mara')).toEqual([]);
    expect(await ids(`?planId=${plan.planId}`)).toEqual([['PLAN', pin.id]]);
    expect(await ids('?due=OVERDUE')).toEqual([]);
    expect(await ids('?dueUntil=2999-12-31')).toEqual([]);
  });

  it("counts the follow-ups not done on the dashboards and lists them as the client's own items", async () => {
    const projectId = await createProject('Nur Rückfragen');
    const followUp = await raised(projectId);
    await raised(projectId, 'roofType', 'Satteldach oder Walmdach?');
    for (const who of ['mara', 'kunde']) expect(await summary(who)).toContainEqual({ projectId, open: 2, overdue: 0 });

    const own = (await mine('kunde')).filter((item) => item.projectId === projectId);
    expect(own).toMatchObject([
      { anchor: 'QUESTION', id: followUp.id, projectId, projectName: 'Nur Rückfragen', questionKey: 'windowConstructionYear' },
      { anchor: 'QUESTION', questionKey: 'roofType' },
    ]);
    expect((await mine('mara')).filter((item) => item.projectId === projectId)).toEqual([]);

    expect((await answer('kunde', projectId, followUp)).statusCode).toBe(200);
    expect(await summary('kunde')).toContainEqual({ projectId, open: 1, overdue: 0 });
    expect((await mine('kunde')).filter((item) => item.projectId === projectId).map((item) => item.id)).not.toContain(followUp.id);
  });

  it("tells whoever reads the project live on its open items' channel", async () => {
    const projectId = await createProject('Live');
    const url = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const kunde = connectStomp(url, tokens.kunde!);
    try {
      await kunde.connected;
      const seen = kunde.subscribe(liveDestinations.projectPins(projectId));
      await seen.ready;
      const followUp = await raised(projectId);
      expect(await seen.next((body) => (body as { followUpId?: number }).followUpId === followUp.id)).toEqual({ followUpId: followUp.id });
      expect((await answer('kunde', projectId, followUp)).statusCode).toBe(200);
      expect(await seen.next((body) => (body as { followUpId?: number }).followUpId === followUp.id)).toEqual({ followUpId: followUp.id });
    } finally {
      await kunde.close();
    }
  });
});
