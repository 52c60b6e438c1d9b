import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { currentYearInAustria, type ProjectExport } from '@bauakte/domain';
import { bearer, createTestContext, mailsDelivered, testDialects, type TestContext } from '../../test/test-app';
import { startMailCatcher, type MailCatcher } from '../../test/mail-catcher';

const fullAnswers = {
  general: { buildingUsage: 'WOHNBAU', buildingtype: 'FREISTEHEND', apartmentUnits: 'UNITS_1_2', renovatedUnits: 'ALL', direction: 'S', constructionYear: 1965 },
  storeys: { roof: { roofType: 'SATTELDACH', isAtticHeated: false }, numberOfStoreys: '2', isBasementHeated: false, isRenovated: true },
  windows: { isDifferentWindows: false, windowConstructionYear: 1990, typeOfGlass: 'DOUBLE_ISOLATION', frameMaterial: 'WOOD', isRollerBlindHousing: true },
  heating: {
    heatProducer: 'CONDENSING_BOILER',
    fuelType: 'GAS',
    constructionYearHeating: '2005',
    hotWaterProduction: 'CENTRALIZED_THROUGH_HEATING',
    heatEmission: 'SMALL_AREA_HEAT_EMISSION',
    temperatureRegulation: 'SINGLE_ROOM_VALVE',
  },
} as const;
type Step = keyof typeof fullAnswers;

const noFlags = { chatAll: true, chatNone: false, formAll: false, form50: false, form75: false, form95: false, form100: false, formNone: false };

describe.each(testDialects)('questionnaire on %s', (dialect) => {
  let ctx: TestContext;
  let mail: MailCatcher;
  const t: Record<string, string> = {};
  let projectId: number;

  const get = (who: string, step: Step | string, id = projectId) => ctx.app.inject({ method: 'GET', url: `/api/${step}/${id}`, headers: bearer(t[who]!) });
  const put = (who: string, step: Step, payload: object, id = projectId) =>
    ctx.app.inject({ method: 'PUT', url: `/api/${step}/${id}`, headers: bearer(t[who]!), payload });
  const project = async (id = projectId) => (await ctx.app.inject({ method: 'GET', url: `/api/DashboardClient/project/${id}`, headers: bearer(t.mara!) })).json();
  const newProject = async (name: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(t.mara!), payload: { name, assignedUser: 'kunde' } })).json<{ id: number }>().id;
  const settings = (flags: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/notificationSettings/mara', headers: bearer(t.mara!), payload: { ...noFlags, ...flags } });
  // Notices go out after the answer: wait for that work and the mails it queued (the catcher has
  // a mail before the server hears that it was taken).
  const settle = () => mailsDelivered(ctx);

  beforeAll(async () => {
    mail = await startMailCatcher();
    ctx = await createTestContext(dialect, { env: { SMTP_URL: mail.url, PUBLIC_URL: 'https://bauakte.example.at' } });
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', email: 'mara@example.at', firstName: 'Mara', lastName: 'Berger' });
    const tom = await ctx.createUser({ username: 'tom', password: 'tom-passwort', role: 'ARCHI', email: 'tom@example.at' });
    await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, firstName: 'Karl', lastName: 'Kunde' });
    await ctx.createUser({ username: 'andere', password: 'andere-passwort', role: 'CLIENT', createdById: mara });
    await ctx.createUser({ username: 'chef', password: 'chef-passwort', role: 'ADMIN' });
    const now = new Date().toISOString();
    const team = await ctx.database.db.insertInto('teams').values({ name: 'Wien', createdAt: now }).returning('id').executeTakeFirstOrThrow();
    await ctx.database.db.insertInto('teamMembers').values([{ teamId: team.id, userId: mara, addedAt: now }, { teamId: team.id, userId: tom, addedAt: now }]).execute();
    for (const name of ['mara', 'tom', 'fremd', 'kunde', 'andere', 'chef']) t[name] = await ctx.login(name, `${name}-passwort`);
    projectId = await newProject('Einfamilienhaus Huber');
  });
  beforeEach(async () => {
    // An earlier test's notice may still be on its way: let it arrive before the count starts.
    await settle();
    mail.mails.length = 0;
  });
  afterAll(async () => {
    await ctx.close();
    await mail.close();
  });

  it('answers an empty record for every step never saved', async () => {
    for (const step of ['general', 'storeys', 'windows', 'heating']) {
      const response = await get('kunde', step);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    }
  });

  it('lets the client save each step and read it back, with progress 27 → 50 → 73 → 100', async () => {
    const expected: Record<Step, number> = { general: 27, storeys: 50, windows: 73, heating: 100 };
    for (const step of Object.keys(fullAnswers) as Step[]) {
      const saved = await put('kunde', step, fullAnswers[step]);
      expect(saved.statusCode, step).toBe(200);
      expect(saved.json()).toMatchObject(fullAnswers[step]);
      expect((await get('kunde', step)).json()).toMatchObject(fullAnswers[step]);
      expect((await project()).progress).toBe(expected[step]);
    }
    expect((await project()).status).toBe('COMPLETE');
    const clientList = await ctx.app.inject({ method: 'GET', url: '/api/DashboardClient/dashi/kunde', headers: bearer(t.kunde!) });
    expect(clientList.json()[0].progress).toBe(100);
  });

  it('refuses values the spec does not allow with 400 and the schema\'s messages, storing nothing', async () => {
    const cases: Array<[Step, object, string, string]> = [
      ['general', { buildingUsage: 'BUNKER' }, 'body/buildingUsage', "Invalid option: expected one of 'WOHNBAU' | 'NICHTWOHNBAU'"],
      ['general', { constructionYear: 1299 }, 'body/constructionYear', 'Year must be at least 1300.'],
      ['general', { constructionYear: new Date().getFullYear() + 1 }, 'body/constructionYear', `Year cannot exceed ${new Date().getFullYear()}.`],
      ['general', { katastral: 92130 }, 'body/katastral', 'Value cannot exceed 92129.'],
      ['storeys', { numberOfStoreys: '21' }, 'body/numberOfStoreys', "Invalid option: expected one of '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | '11' | '12' | '13' | '14' | '15' | '16' | '17' | '18' | '19' | '20'"],
      ['storeys', { isBasementHeated: 'ja' }, 'body/isBasementHeated', 'Expected boolean, received string'],
      ['windows', { isDifferentWindows: false, isRollerBlindHousing: null }, 'body/isRollerBlindHousing', 'Required'],
      ['windows', { isDifferentWindows: false, isRollerBlindHousing: true, windowConstructionYear: 3 }, 'body/windowConstructionYear', `Bitte geben Sie ein Jahr von 1800 bis ${currentYearInAustria()} an.`],
      ['heating', { constructionYearHeating: '3025' }, 'body/constructionYearHeating', `Bitte geben Sie ein Jahr von 1800 bis ${currentYearInAustria()} an.`],
      ['heating', { constructionYearHeating: 'x'.repeat(10001) }, 'body/constructionYearHeating', 'Value cannot exceed 10000 characters.'],
      [
        'heating',
        { heatProducer: 'SOLAR_THERMAL' },
        'body/heatProducer',
        "Invalid option: expected one of 'STANDARD_BOILER' | 'LOW_TEMP_BOILER' | 'CONDENSING_BOILER' | 'HEAT_PUMP' | 'DISTRICT_HEAT_TRANSFER_STATION' | 'OTHER'",
      ],
    ];
    for (const [step, payload, path, message] of cases) {
      const response = await put('kunde', step, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().issues, JSON.stringify(payload)).toContainEqual({ path, message });
      expect((await get('kunde', step)).json()).toMatchObject(fullAnswers[step]);
    }
    expect((await project()).progress).toBe(100);
    // On a project whose windows were never saved, a save without isDifferentWindows lacks it.
    const fresh = await newProject('Ohne Fenster');
    const missing = await put('kunde', 'windows', { isRollerBlindHousing: true }, fresh);
    expect(missing.json().issues).toContainEqual({ path: 'body/isDifferentWindows', message: 'Required' });
  });

  it('refuses unknown fields by name and null, lists, text and numbers as a body, changing nothing', async () => {
    const misspelt = await put('kunde', 'general', { buildingType: 'MITTELHAUS' });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json().issues).toEqual([{ path: 'body', message: 'Unbekanntes Feld: buildingType' }]);
    for (const body of ['null', '[]', '"Fenster"', '5']) {
      for (const step of ['general', 'storeys', 'windows', 'heating'] as const) {
        const response = await ctx.app.inject({
          method: 'PUT',
          url: `/api/${step}/${projectId}`,
          headers: { ...bearer(t.kunde!), 'content-type': 'application/json' },
          payload: body,
        });
        expect(response.statusCode, `${step} ${body}`).toBe(400);
      }
    }
    for (const step of ['general', 'storeys', 'windows', 'heating'] as const) {
      expect((await get('kunde', step)).json()).toMatchObject(fullAnswers[step]);
    }
  });

  it('changes only the fields a save sends; null clears one', async () => {
    const id = await newProject('Teilweise');
    await put('kunde', 'general', fullAnswers.general, id);
    expect((await put('kunde', 'general', { direction: 'W' }, id)).statusCode).toBe(200);
    expect((await get('kunde', 'general', id)).json()).toMatchObject({ ...fullAnswers.general, direction: 'W' });
    expect((await put('kunde', 'general', { constructionYear: null }, id)).statusCode).toBe(200);
    expect((await get('kunde', 'general', id)).json()).toMatchObject({ ...fullAnswers.general, direction: 'W', constructionYear: null });
    await put('kunde', 'storeys', fullAnswers.storeys, id);
    await put('kunde', 'storeys', { roof: { roofType: 'ZELTDACH' } }, id);
    expect((await get('kunde', 'storeys', id)).json().roof).toEqual({ ...fullAnswers.storeys.roof, roofType: 'ZELTDACH' });
  });

  it('ends four parallel saves of the four steps at 100 % and mails the completion once', async () => {
    const id = await newProject('Parallel');
    await Promise.all((Object.keys(fullAnswers) as Step[]).map((step) => put('kunde', step, fullAnswers[step], id)));
    expect((await project(id)).progress).toBe(100);
  });

  it('logs the true \'from\' value of every one of 50 parallel saves of one step', async () => {
    const id = await newProject('Wettlauf');
    const years = Array.from({ length: 50 }, (_, i) => 1900 + i);
    const answers = await Promise.all(years.map((constructionYear) => put('kunde', 'general', { constructionYear }, id)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const log = (await ctx.app.inject({ method: 'GET', url: `/api/questionnaire/${id}/changes`, headers: bearer(t.mara!) })).json() as Array<{
      changes: { constructionYear?: { from: number | null; to: number } };
    }>;
    const chain = log.map((entry) => entry.changes.constructionYear!).reverse();
    expect(chain).toHaveLength(50);
    // Each save's 'from' is the value the one before it wrote: the log is one unbroken chain.
    chain.forEach((change, index) => expect(change.from).toBe(index === 0 ? null : chain[index - 1]!.to));
    expect(new Set(chain.map((change) => change.to)).size).toBe(50);
  });

  it.each(['HEAT_PUMP', 'DISTRICT_HEAT_TRANSFER_STATION', 'OTHER'])(
    'keeps %s as heat producer, in the answers and in the JSON export the served schema describes',
    async (heatProducer) => {
      const id = await newProject(`Wärmeerzeuger ${heatProducer}`);
      const heating = { ...fullAnswers.heating, heatProducer, fuelType: heatProducer === 'HEAT_PUMP' ? 'HEAT_PUMP' : 'DISTRICT_HEAT' };
      expect((await put('kunde', 'heating', heating, id)).statusCode).toBe(200);
      expect((await get('kunde', 'heating', id)).json()).toMatchObject(heating);
      const exported = await ctx.app.inject({ method: 'GET', url: `/api/export/json/${id}`, headers: bearer(t.mara!) });
      expect(exported.json<ProjectExport>().questionnaire.heating).toMatchObject(heating);
      const schema = await ctx.app.inject({ method: 'GET', url: '/api/export/schema.json' });
      const validate = new Ajv2020({ strict: false }).compile(schema.json());
      expect(validate(exported.json()), JSON.stringify(validate.errors)).toBe(true);
    },
  );


  it('counts only the questions that apply when the windows differ', async () => {
    const id = await newProject('Altbau');
    await put('kunde', 'windows', { isDifferentWindows: true }, id);
    expect((await project(id)).progress).toBe(6); // 1 of the 18 that apply
  });

  it("clears the stored window details when the windows turn different (only 'Ja' is sent); back on 'Nein' they are asked again", async () => {
    const id = await newProject('Fensterwechsel');
    expect((await put('kunde', 'windows', fullAnswers.windows, id)).statusCode).toBe(200);
    expect((await put('kunde', 'windows', { isDifferentWindows: true }, id)).statusCode).toBe(200);
    expect((await get('kunde', 'windows', id)).json()).toEqual({
      isDifferentWindows: true,
      windowConstructionYear: null,
      typeOfGlass: null,
      frameMaterial: null,
      isRollerBlindHousing: null,
    });
    expect((await put('kunde', 'windows', { isDifferentWindows: false }, id)).statusCode).toBe(400);
    expect((await put('kunde', 'windows', { ...fullAnswers.windows, isDifferentWindows: false }, id)).statusCode).toBe(200);
    expect((await get('kunde', 'windows', id)).json()).toEqual(fullAnswers.windows);
    expect((await project(id)).progress).toBe(23); // 5 of 22, once answered again
  });

  it('reads all four steps in one call, each as its own GET answers it; 404 for everyone else', async () => {
    const id = await newProject('Reihenhaus Gruber');
    const record = (who: string) => ctx.app.inject({ method: 'GET', url: `/api/questionnaire/${id}`, headers: bearer(t[who]!) });
    expect((await record('kunde')).json()).toEqual({ general: {}, storeys: {}, windows: {}, heating: {} });
    expect((await put('kunde', 'storeys', fullAnswers.storeys, id)).statusCode).toBe(200);
    expect((await put('kunde', 'heating', { fuelType: 'GAS' }, id)).statusCode).toBe(200);
    for (const who of ['kunde', 'mara', 'tom']) {
      const response = await record(who);
      expect(response.statusCode, who).toBe(200);
      const body = response.json();
      for (const step of ['general', 'storeys', 'windows', 'heating'] as const) expect(body[step], `${who} ${step}`).toEqual((await get(who, step, id)).json());
    }
    expect((await record('kunde')).json().storeys).toMatchObject(fullAnswers.storeys);
    for (const who of ['fremd', 'andere']) expect((await record(who)).statusCode, who).toBe(404);
    expect((await record('chef')).statusCode, 'an administrator sees no projects').toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/questionnaire/${id}` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/questionnaire/999999', headers: bearer(t.kunde!) })).statusCode).toBe(404);
  });

  it('lets the architects of the project answer too; everyone else gets 404, an administrator 403', async () => {
    expect((await put('tom', 'general', { ...fullAnswers.general, direction: 'N' })).statusCode).toBe(200);
    for (const who of ['fremd', 'andere']) {
      expect((await get(who, 'general')).statusCode, who).toBe(404);
      expect((await put(who, 'general', fullAnswers.general)).statusCode, who).toBe(404);
    }
    expect((await get('chef', 'general')).statusCode).toBe(403);
    expect((await put('chef', 'general', fullAnswers.general)).statusCode).toBe(403);
    expect((await get('kunde', 'general', 999999)).statusCode).toBe(404);
    expect((await get('kunde', 'general')).json().direction).toBe('N');
  });

  it('records who changed what and when, for the architects only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/questionnaire/${projectId}/changes`, headers: bearer(t.mara!) });
    expect(response.statusCode).toBe(200);
    const changes = response.json() as Array<{ step: string; changedBy: string; changes: Record<string, { from: unknown; to: unknown }> }>;
    expect(changes[0]).toMatchObject({ step: 'general', changedBy: 'tom', changes: { direction: { from: 'S', to: 'N' } } });
    expect(changes.at(-1)).toMatchObject({ step: 'general', changedBy: 'kunde', changes: { buildingUsage: { from: null, to: 'WOHNBAU' } } });
    expect(changes).toHaveLength(5);
    // The spec's changedBy stays the username; the name comes beside it.
    expect(changes.at(-1)).toMatchObject({ changedByPerson: { username: 'kunde', firstName: 'Karl', lastName: 'Kunde' } });
    expect(changes[0]).toMatchObject({ changedByPerson: { username: 'tom', firstName: '', lastName: '' } });
    const forClient = await ctx.app.inject({ method: 'GET', url: `/api/questionnaire/${projectId}/changes`, headers: bearer(t.kunde!) });
    // Reading the log is an architects' action: the client, who sees the project, is refused it.
    expect(forClient.statusCode).toBe(403);
  });

  it('marks a saved project on the architects\' news until they open it', async () => {
    // The save must come after the opening on the clock too: a busy machine's clock may step back.
    const openedAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: openedAt });
    try {
      await project(); // mara opens it
      vi.setSystemTime(openedAt + 1_000);
      await put('kunde', 'heating', { ...fullAnswers.heating, fuelType: 'OIL' });
    } finally {
      vi.useRealTimers();
    }
    const news = await ctx.app.inject({ method: 'GET', url: '/api/ProjectManagment/dash/mara', headers: bearer(t.mara!) });
    expect((news.json() as Array<{ id: number }>).map((p) => p.id)).toContain(projectId);
  });

  describe('completion notices', () => {
    it('mails once when progress first reaches the chosen threshold', async () => {
      await settings({ form50: true });
      const id = await newProject('Schwellenhaus');
      await put('kunde', 'general', fullAnswers.general, id); // 27 %
      await settle();
      expect(mail.mails).toHaveLength(0);
      await put('kunde', 'storeys', fullAnswers.storeys, id); // 50 %
      const notice = await mail.waitFor('mara@example.at', /50 %/);
      expect(notice.subject).toBe('Fragebogen zu 50 % ausgefüllt: Schwellenhaus');
      expect(notice.text).toContain('Kunde/Kundin: Karl Kunde');
      expect(notice.text).toContain('Fortschritt: 50 %');
      expect(notice.text).toContain(`https://bauakte.example.at/projectOverview?projectId=${id}`);
      await put('kunde', 'storeys', { ...fullAnswers.storeys, numberOfStoreys: '3' }, id); // still 50 %
      await put('kunde', 'storeys', { ...fullAnswers.storeys, isRenovated: null }, id); // back to 45 %
      await put('kunde', 'storeys', fullAnswers.storeys, id); // 50 % again: already announced
      await put('kunde', 'windows', fullAnswers.windows, id); // 73 %
      await settle();
      expect(mail.mails).toHaveLength(1);
    });

    it('announces completion with the default setting (form100)', async () => {
      await settings({ form100: true });
      const id = await newProject('Fertighaus');
      for (const step of ['general', 'storeys', 'windows'] as Step[]) await put('kunde', step, fullAnswers[step], id);
      await settle();
      expect(mail.mails).toHaveLength(0);
      await put('kunde', 'heating', fullAnswers.heating, id);
      expect((await mail.waitFor('mara@example.at')).subject).toBe('Fragebogen vollständig: Fertighaus');
    });

    it('mails on every change with formAll, never with formNone, and never for the architect\'s own saves', async () => {
      const id = await newProject('Jedes Mal');
      await settings({ formAll: true });
      await put('kunde', 'general', fullAnswers.general, id);
      await mail.waitFor('mara@example.at');
      await put('kunde', 'general', fullAnswers.general, id); // nothing changed
      await put('mara', 'general', { ...fullAnswers.general, direction: 'W' }, id); // own save
      await settle();
      expect(mail.mails).toHaveLength(1);
      await put('kunde', 'general', { ...fullAnswers.general, direction: 'O' }, id);
      await settle();
      expect(mail.mails).toHaveLength(2);
      await settings({ formNone: true });
      await put('kunde', 'general', { ...fullAnswers.general, direction: 'NO' }, id);
      await put('kunde', 'storeys', fullAnswers.storeys, id);
      await settle();
      expect(mail.mails).toHaveLength(2);
    });
  });

  it('removes the answers with the project', async () => {
    const id = await newProject('Abriss');
    await put('kunde', 'general', fullAnswers.general, id);
    await ctx.app.inject({ method: 'DELETE', url: `/api/ProjectManagment/project/${id}`, headers: bearer(t.mara!) });
    const left = await ctx.database.db.selectFrom('questionnaireAnswers').select('step').where('projectId', '=', id).execute();
    expect(left).toEqual([]);
  });
});
