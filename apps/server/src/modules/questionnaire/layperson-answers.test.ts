import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSchemaVersion, type ProjectChange } from '@bauakte/domain';
import { bearer, createTestContext, generousBudgets, testDialects, type TestContext } from '../../test/test-app';

describe.each(testDialects)("'Weiß ich nicht' and unusual values in the questionnaire on %s", (dialect) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let projectId: number;
  const as = (who: string) => bearer(tokens[who]!);
  const put = (step: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'PUT', url: `/api/${step}/${projectId}`, headers: { ...as('kunde'), ...headers }, payload });
  const get = (step: string) => ctx.app.inject({ method: 'GET', url: `/api/${step}/${projectId}`, headers: as('mara') });
  const progress = async () => (await ctx.app.inject({ method: 'GET', url: `/api/DashboardClient/project/${projectId}`, headers: as('mara') })).json<{ progress: number }>().progress;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: generousBudgets });
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara });
    for (const name of ['mara', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
    projectId = (await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: as('mara'), payload: { name: 'Altbau', assignedUser: 'kunde' } })).json<{ id: number }>().id;
  });
  afterAll(() => ctx.close());

  it('stores the choice, counts it as answered and lets the required roller-blind question be unknown', async () => {
    const before = await progress();
    const saved = await put('windows', { isDifferentWindows: false, unknown: ['typeOfGlass', 'isRollerBlindHousing'] });
    expect(saved.statusCode).toBe(200);
    expect((await get('windows')).json()).toMatchObject({ typeOfGlass: null, isRollerBlindHousing: null, unknown: ['typeOfGlass', 'isRollerBlindHousing'] });
    // Three of 22 questions: isDifferentWindows and the two unknown ones.
    expect(await progress()).toBe(before + Math.round((3 / 22) * 100));
  });

  it("refuses 'Weiß ich nicht' for a question a layperson knows, in German for unknown fields", async () => {
    const refused = await put('general', { unknown: ['buildingUsage'] });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('unknown');
  });

  it("lets a value given later win over 'Weiß ich nicht', with a change-log entry", async () => {
    const saved = await put('windows', { typeOfGlass: 'SIMPLE' });
    expect(saved.json()).toMatchObject({ typeOfGlass: 'SIMPLE', unknown: ['isRollerBlindHousing'] });
    const log = (await ctx.app.inject({ method: 'GET', url: `/api/questionnaire/${projectId}/changes`, headers: as('mara') })).json<ProjectChange[]>();
    const latest = log[0];
    expect(latest?.kind === 'QUESTIONNAIRE' && latest.changes).toMatchObject({
      typeOfGlass: { from: null, to: 'SIMPLE' },
      unknown: { from: ['typeOfGlass', 'isRollerBlindHousing'], to: ['isRollerBlindHousing'] },
    });
  });

  it("clears 'Weiß ich nicht' of questions that no longer apply", async () => {
    const saved = await put('windows', { isDifferentWindows: true });
    expect(saved.json()).toMatchObject({ isRollerBlindHousing: null });
    expect(saved.json()).not.toHaveProperty('unknown');
  });

  it("shows 'unbekannt' in the JSON export as a list per step, valid against the served schema, and in the PDF's answers", async () => {
    await put('windows', { isDifferentWindows: false, isRollerBlindHousing: true, unknown: ['windowConstructionYear'] });
    await put('heating', { unknown: ['heatProducer'] });
    const exported = await ctx.app.inject({ method: 'GET', url: `/api/export/json/${projectId}`, headers: as('mara') });
    expect(exported.statusCode).toBe(200);
    const document = exported.json<{ questionnaire: Record<string, { unknown: string[] } | null>; schemaVersion: number }>();
    expect(document.schemaVersion).toBe(exportSchemaVersion);
    expect(document.questionnaire.windows?.unknown).toEqual(['windowConstructionYear']);
    expect(document.questionnaire.heating?.unknown).toEqual(['heatProducer']);
    const schema = (await ctx.app.inject({ method: 'GET', url: '/api/export/schema.json' })).json<{ $defs?: unknown }>();
    expect(JSON.stringify(schema)).toContain("answered 'Weiß ich nicht'");
  });

  it('refuses an unusual value the client did not confirm, in German beside the field, and keeps what was stored', async () => {
    expect((await put('general', { constructionYear: 1960 })).statusCode).toBe(200);
    const refused = await put('windows', { windowConstructionYear: 1950 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Die Fenster sind älter als das Gebäude – stimmt das? Bitte bestätigen Sie den Wert mit „Ja, stimmt so“ oder korrigieren Sie ihn.',
    });
    expect(JSON.stringify(refused.json())).toContain('body/windowConstructionYear');
    expect((await get('windows')).json()).toMatchObject({ windowConstructionYear: null });
  });

  it('stores the confirmation with the unusual value, shows it marked in both exports, and asks again when the value changes', async () => {
    const saved = await put('windows', { windowConstructionYear: 1950, confirmed: ['windowConstructionYear'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ windowConstructionYear: 1950, confirmed: ['windowConstructionYear'] });
    const document = (await ctx.app.inject({ method: 'GET', url: `/api/export/json/${projectId}`, headers: as('mara') })).json<{ questionnaire: { windows: { confirmed: string[] } } }>();
    expect(document.questionnaire.windows.confirmed).toEqual(['windowConstructionYear']);
    // Another unusual year is a value not yet confirmed.
    expect((await put('windows', { windowConstructionYear: 1940 })).statusCode).toBe(400);
    // A year no longer unusual needs no confirmation, and the old one lapses.
    const usual = await put('windows', { windowConstructionYear: 1990 });
    expect(usual.statusCode).toBe(200);
    expect(usual.json()).not.toHaveProperty('confirmed');
  });

  it('refuses a building older than 1800 unless confirmed', async () => {
    expect((await put('general', { constructionYear: 1750 })).statusCode).toBe(400);
    expect((await put('general', { constructionYear: 1750, confirmed: ['constructionYear'] })).statusCode).toBe(200);
  });
});
