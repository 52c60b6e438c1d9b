import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectChange, ProjectFile } from '@bauakte/domain';
import { bearer, createTestContext, generousBudgets, testDialects, type TestContext } from '../../test/test-app';
import { planUploadBody } from '../../test/multipart';
import { nextMillisecond } from '../../test/clock';

describe.each(testDialects)("the project's change log on %s", (dialect) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let projectId: number;
  const as = (who: string) => bearer(tokens[who]!);

  async function upload(who: string, replaces?: number): Promise<ProjectFile> {
    const { payload, headers } = await planUploadBody({ projectId, replaces });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as(who) }, payload });
    expect(response.statusCode).toBe(201);
    return response.json<ProjectFile>();
  }

  const changes = (who: string, query = '') => ctx.app.inject({ method: 'GET', url: `/api/questionnaire/${projectId}/changes${query}`, headers: as(who) });

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: generousBudgets });
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', firstName: 'Mara', lastName: 'Berger' });
    await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, firstName: 'Klara', lastName: 'Kundin' });
    for (const name of ['mara', 'fremd', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
    projectId = (await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: as('mara'), payload: { name: 'Altbau', assignedUser: 'kunde' } })).json<{ id: number }>().id;

    // In this order: a save, a first upload (not an entry), a new version, a pin.
    await ctx.app.inject({ method: 'PUT', url: `/api/general/${projectId}`, headers: as('kunde'), payload: { constructionYear: 1962 } });
    await nextMillisecond();
    const first = await upload('kunde');
    await nextMillisecond();
    const second = await upload('mara', first.id);
    await nextMillisecond();
    const pin = await ctx.app.inject({
      method: 'POST',
      url: `/api/s3/project/${projectId}/files/${second.id}/pins`,
      headers: as('kunde'),
      payload: { page: 1, x: 0.5, y: 0.5, comment: 'Hier fehlt die Tür zum Abstellraum' },
    });
    expect(pin.statusCode).toBe(201);
  });
  afterAll(() => ctx.close());

  it('lists new pins and new versions of plans beside the questionnaire saves, newest first, naming who and when', async () => {
    const response = await changes('mara');
    expect(response.statusCode).toBe(200);
    const log = response.json<ProjectChange[]>();
    expect(log.map((entry) => entry.kind)).toEqual(['PIN', 'VERSION', 'QUESTIONNAIRE']);
    expect(log[0]).toMatchObject({
      kind: 'PIN',
      pinNumber: 1,
      fileName: 'Grundriss EG',
      comment: 'Hier fehlt die Tür zum Abstellraum',
      changedBy: 'kunde',
      changedByPerson: { username: 'kunde', firstName: 'Klara', lastName: 'Kundin' },
    });
    expect(log[1]).toMatchObject({ kind: 'VERSION', version: 2, fileName: 'Grundriss EG', changedBy: 'mara', changedByPerson: { firstName: 'Mara' } });
    expect(log[2]).toMatchObject({ kind: 'QUESTIONNAIRE', step: 'general', changedBy: 'kunde', changes: { constructionYear: { from: null, to: 1962 } } });
    const times = log.map((entry) => entry.changedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages the merged log', async () => {
    const first = (await changes('mara', '?page=1&limit=2')).json<ProjectChange[]>();
    const second = (await changes('mara', '?page=2&limit=2')).json<ProjectChange[]>();
    expect([...first, ...second].map((entry) => entry.kind)).toEqual(['PIN', 'VERSION', 'QUESTIONNAIRE']);
  });

  it("names an item's status change and a follow-up raised and answered, newest first", async () => {
    const [pin] = (await ctx.app.inject({ method: 'GET', url: `/api/s3/project/${projectId}/open-items`, headers: as('mara') })).json<Array<{ id: number; version: number }>>();
    await nextMillisecond();
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${pin!.id}/status`, headers: as('mara'), payload: { status: 'ERLEDIGT', version: pin!.version } })).statusCode).toBe(200);
    await nextMillisecond();
    const raised = await ctx.app.inject({ method: 'POST', url: `/api/questionnaire/${projectId}/follow-ups`, headers: as('mara'), payload: { questionKey: 'constructionYear', note: 'Stimmt 1962?' } });
    expect(raised.statusCode).toBe(201);
    const followUp = raised.json<{ id: number; version: number }>();
    await nextMillisecond();
    const answered = await ctx.app.inject({ method: 'POST', url: `/api/questionnaire/${projectId}/follow-ups/${followUp.id}/answer`, headers: as('kunde'), payload: { text: 'Ja, laut Einreichplan.', version: followUp.version } });
    expect(answered.statusCode).toBe(200);

    const log = (await changes('mara')).json<ProjectChange[]>();
    expect(log.slice(0, 3)).toEqual([
      expect.objectContaining({ kind: 'FOLLOW_UP_ANSWER', followUpId: followUp.id, questionKey: 'constructionYear', text: 'Ja, laut Einreichplan.', changedBy: 'kunde' }),
      expect.objectContaining({ kind: 'FOLLOW_UP', followUpId: followUp.id, questionKey: 'constructionYear', text: 'Stimmt 1962?', changedBy: 'mara' }),
      expect.objectContaining({ kind: 'STATUS', pinNumber: 1, fileName: 'Grundriss EG', from: 'OFFEN', to: 'ERLEDIGT', changedBy: 'mara' }),
    ]);
  });

  it('stays for the architects: the client gets 403, another office 404', async () => {
    expect((await changes('kunde')).statusCode).toBe(403);
    expect((await changes('fremd')).statusCode).toBe(404);
  });
});
