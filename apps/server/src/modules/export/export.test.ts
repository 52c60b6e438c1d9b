import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { exportSchemaVersion, type ProjectChange, type ProjectExport } from '@bauakte/domain';
import { bearer, createTestContext, generousBudgets, testDialects, type TestContext } from '../../test/test-app';
import { multipartBody } from '../../test/multipart';
import { pagedPdf, samplePdf, samplePng } from '../../test/sample-files';
import { startMailCatcher, type MailCatcher } from '../../test/mail-catcher';
import { startS3Server, type TestS3 } from '../../test/s3-server';
import { pdfText } from '../../test/pdf-text';
import { processStartTimeoutMs } from '../../test/server-process';

const completeAnswers = {
  general: { buildingUsage: 'WOHNBAU', buildingtype: 'ECKHAUS', apartmentUnits: 'UNITS_1_2', renovatedUnits: 'ALL', direction: 'SO', constructionYear: 1978 },
  storeys: { roof: { roofType: 'SATTELDACH', isAtticHeated: false }, numberOfStoreys: '2', isBasementHeated: true, isRenovated: false },
  // The client does not know how old the windows are: 'Weiß ich nicht' answers the question too.
  windows: { isDifferentWindows: false, typeOfGlass: 'DOUBLE_ISOLATION', frameMaterial: 'WOOD', isRollerBlindHousing: true, unknown: ['windowConstructionYear'] },
  heating: { heatProducer: 'LOW_TEMP_BOILER', fuelType: 'GAS', constructionYearHeating: 'um 1990', hotWaterProduction: 'DECENTRALIZED', heatEmission: 'AREA_HEATING', temperatureRegulation: 'SINGLE_ROOM_VALVE' },
};

describe.each(testDialects)('project export on %s', (dialect) => {
  let ctx: TestContext;
  let mail: MailCatcher;
  let completeId = 0;
  const tokens: Record<string, string> = {};
  let projectId = 0;

  beforeAll(async () => {
    mail = await startMailCatcher();
    ctx = await createTestContext(dialect, { env: { SMTP_URL: mail.url, PUBLIC_URL: 'https://bauakte.example.at', ...generousBudgets } });
    await ctx.createUser({ username: 'chef', password: 'chef-passwort', role: 'ADMIN' });
    const mara = await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', firstName: 'Mara', lastName: 'Berger', email: 'mara@example.at', phoneNumber: '+43 1 234' });
    await ctx.createUser({ username: 'fremd', password: 'fremd-passwort', role: 'ARCHI' });
    await ctx.createUser({ username: 'kunde', password: 'kunde-passwort', role: 'CLIENT', createdById: mara, firstName: 'Jürgen', lastName: 'Größl', email: 'kunde@example.at' });
    for (const name of ['chef', 'mara', 'fremd', 'kunde']) tokens[name] = await ctx.login(name, `${name}-passwort`);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/ProjectManagment',
      headers: bearer(tokens.mara!),
      payload: { name: 'Dachgeschoß Ausbau', assignedUser: 'kunde', address: { street: 'Grünbergstraße', number: '5', city: 'Wien', katastral: 1002, postalCode: '1120', country: 'Österreich' } },
    });
    projectId = created.json<{ id: number }>().id;
    const put = (step: string, payload: object) => ctx.app.inject({ method: 'PUT', url: `/api/${step}/${projectId}`, headers: bearer(tokens.kunde!), payload });
    expect((await put('general', { buildingUsage: 'WOHNBAU' })).statusCode).toBe(200);
    expect((await put('heating', { fuelType: 'GAS' })).statusCode).toBe(200);
    const { payload, headers } = await multipartBody([
      ['projectId', String(projectId)],
      ['fileName', 'Ansicht Süd'],
      ['documentType', 'PNG'],
      ['file', { name: 'ansicht.png', bytes: await samplePng(40, 30) }],
    ]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(tokens.kunde!) }, payload })).statusCode).toBe(201);
    completeId = await completeProject();
  });
  afterAll(async () => {
    await ctx.close();
    await mail.close();
  });

  /** A finished questionnaire with an image and a PDF plan, as the issue's 'done when' describes. */
  async function completeProject(): Promise<number> {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/ProjectManagment',
      headers: bearer(tokens.mara!),
      payload: {
        name: 'Sanierung Mühlgasse „Altbau“ – Größl',
        assignedUser: 'kunde',
        description: 'Thermische Sanierung des Altbaus.\nBudget rund 120.000 €.',
        address: { street: 'Mühlgasse', number: '12/3/5', city: 'Gmünd', katastral: 1004, postalCode: '3950', country: 'Österreich' },
      },
    });
    const id = created.json<{ id: number }>().id;
    for (const [step, answers] of Object.entries(completeAnswers)) {
      const saved = await ctx.app.inject({ method: 'PUT', url: `/api/${step}/${id}`, headers: bearer(tokens.kunde!), payload: answers });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const uploaded: number[] = [];
    for (const [title, name, type, bytes] of [
      ['Ansicht Nord', 'nord.png', 'PNG', await samplePng(800, 600)],
      ['Grundriss EG', 'grundriss.pdf', 'PDF', samplePdf()],
    ] as const) {
      const { payload, headers } = await multipartBody([
        ['projectId', String(id)],
        ['fileName', title],
        ['comment', 'Stand März – „final“'],
        ['documentType', type],
        ['file', { name, bytes }],
      ]);
      const response = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(tokens.mara!) }, payload });
      expect(response.statusCode).toBe(201);
      uploaded.push(response.json<{ id: number }>().id);
    }
    // The plan's first page (its preview in the PDF) is made after the upload's answer.
    await ctx.background.drained();
    const [photo, plan] = uploaded;
    const pinned = await ctx.app.inject({
      method: 'POST',
      url: `/api/s3/project/${id}/files/${plan}/pins`,
      headers: bearer(tokens.kunde!),
      payload: { page: 1, x: 0.25, y: 0.5, comment: 'Riss über dem Fenster', photoFileId: photo },
    });
    expect(pinned.statusCode).toBe(201);
    // The item's story: a reply and a status change, which the JSON export carries.
    const pin = pinned.json<{ id: number }>();
    await ctx.app.inject({ method: 'POST', url: `/api/s3/pins/${pin.id}/replies`, headers: bearer(tokens.mara!), payload: { text: 'Schaue ich mir an.', photoFileIds: [photo] } });
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/s3/pins/${pin.id}/status`, headers: bearer(tokens.mara!), payload: { status: 'IN_BEARBEITUNG', version: 1 } })).statusCode).toBe(200);
    return id;
  }

  const exportAs = (who: string) => ctx.app.inject({ method: 'GET', url: `/api/export/json/${projectId}`, headers: bearer(tokens[who]!) });

  it('downloads the JSON named after the project, which validates against the served JSON Schema', async () => {
    const response = await exportAs('mara');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="projekt_${projectId}_Dachgescho__Ausbau.json"; filename*=UTF-8''${encodeURIComponent(`projekt_${projectId}_Dachgeschoß_Ausbau.json`)}`,
    );
    const schema = await ctx.app.inject({ method: 'GET', url: '/api/export/schema.json' });
    expect(schema.statusCode).toBe(200);
    expect(schema.headers['content-type']).toContain('application/schema+json');
    const validate = new Ajv2020({ strict: false }).compile(schema.json());
    const document = response.json<ProjectExport>();
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it('validates the full project\'s export against the served schema, which states its version and the five-digit KG code', async () => {
    const schema = (await ctx.app.inject({ method: 'GET', url: '/api/export/schema.json' })).json<Record<string, unknown>>();
    expect(schema.$id).toBe(`https://bauakte.at/schemas/project-export-v${exportSchemaVersion}.json`);
    expect(JSON.stringify(schema)).toContain('katastralCode');
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/export/json/${completeId}`, headers: bearer(tokens.mara!) });
    const document = response.json<ProjectExport>();
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document.schemaVersion).toBe(exportSchemaVersion);
    // 'Weiß ich nicht' is a list of field names per step, the field itself null; the schema refuses other names.
    expect(document.questionnaire.windows).toMatchObject({ windowConstructionYear: null, unknown: ['windowConstructionYear'] });
    expect(document.questionnaire.general?.unknown).toEqual([]);
    expect(validate({ ...document, questionnaire: { ...document.questionnaire, windows: { ...document.questionnaire.windows, unknown: ['isDifferentWindows'] } } })).toBe(false);
  });

  it('keeps the KG number with its leading zero beside the number, in the project and in the general step', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/ProjectManagment',
      headers: bearer(tokens.mara!),
      payload: { name: 'KG Bad Aussee', assignedUser: 'kunde', address: { street: 'Kurhausplatz', number: '1', city: 'Bad Aussee', katastral: 1544, postalCode: '8990', country: 'Österreich' } },
    });
    const id = created.json<{ id: number }>().id;
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/general/${id}`, headers: bearer(tokens.kunde!), payload: { constructionYear: 1910 } })).statusCode).toBe(200);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/export/json/${id}`, headers: bearer(tokens.mara!) });
    const document = response.json<ProjectExport>();
    expect(document.project.address).toMatchObject({ katastral: 1544, katastralCode: '01544' });
    expect(document.questionnaire.general).toMatchObject({ constructionYear: 1910, katastral: 1544, katastralCode: '01544' });
    expect(response.body).toContain('"katastralCode": "01544"');
  });

  describe('answers the windows hide', () => {
    const details = { windowConstructionYear: 1995, typeOfGlass: 'TRIPLE_HEAT_PROTECTION', frameMaterial: 'ALUMINIUM', isRollerBlindHousing: true };
    const hiddenCleared = { isDifferentWindows: true, windowConstructionYear: null, typeOfGlass: null, frameMaterial: null, isRollerBlindHousing: null };

    async function projectWithWindows(name: string): Promise<number> {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens.mara!), payload: { name, assignedUser: 'kunde' } });
      const id = created.json<{ id: number }>().id;
      const saved = await ctx.app.inject({ method: 'PUT', url: `/api/windows/${id}`, headers: bearer(tokens.kunde!), payload: { isDifferentWindows: false, ...details } });
      expect(saved.statusCode).toBe(200);
      return id;
    }

    const exportsOf = async (id: number) => {
      const json = await ctx.app.inject({ method: 'GET', url: `/api/export/json/${id}`, headers: bearer(tokens.mara!) });
      const pdf = await ctx.app.inject({ method: 'GET', url: `/api/export/pdf/${id}`, headers: bearer(tokens.mara!) });
      // The change log at the end may name the removed answers; the questionnaire before it may not.
      const [answers = ''] = (await pdfText(pdf.rawPayload)).text.split('Letzte Änderungen am Fragebogen');
      return { document: json.json<ProjectExport>(), pdf: answers };
    };

    const expectNoDetails = ({ document, pdf }: { document: ProjectExport; pdf: string }) => {
      expect(document.questionnaire.windows).toEqual({ ...hiddenCleared, unknown: [], confirmed: [] });
      for (const shown of ['Baujahr der Fenster 1995', '1995', 'Dreifach-Wärmeschutzverglasung', 'Aluminium']) expect(pdf).not.toContain(shown);
      expect(pdf).toContain('Erhebt die Architektin bzw. der Architekt');
    };

    it('clears them when the client switches to different windows, logs them as removed, and exports none', async () => {
      const id = await projectWithWindows('Fenster gemischt');
      const saved = await ctx.app.inject({ method: 'PUT', url: `/api/windows/${id}`, headers: bearer(tokens.kunde!), payload: { isDifferentWindows: true } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject(hiddenCleared);
      const stored = await ctx.app.inject({ method: 'GET', url: `/api/windows/${id}`, headers: bearer(tokens.kunde!) });
      expect(stored.json()).toMatchObject(hiddenCleared);
      const log = (await ctx.app.inject({ method: 'GET', url: `/api/questionnaire/${id}/changes`, headers: bearer(tokens.mara!) })).json<ProjectChange[]>();
      expect(log[0]).toMatchObject({
        kind: 'QUESTIONNAIRE',
        step: 'windows',
        changes: {
          isDifferentWindows: { from: false, to: true },
          windowConstructionYear: { from: 1995, to: null },
          typeOfGlass: { from: 'TRIPLE_HEAT_PROTECTION', to: null },
          frameMaterial: { from: 'ALUMINIUM', to: null },
          isRollerBlindHousing: { from: true, to: null },
        },
      });
      expectNoDetails(await exportsOf(id));
    });

    it('never exports them from answers stored before they were hidden', async () => {
      const id = await projectWithWindows('Fenster alt gespeichert');
      await ctx.database.db
        .updateTable('questionnaireAnswers')
        .set({ answers: JSON.stringify({ isDifferentWindows: true, ...details }) })
        .where('projectId', '=', id)
        .where('step', '=', 'windows')
        .execute();
      expectNoDetails(await exportsOf(id));
    });
  });

  it('holds the project, people, answers with the spec\'s enum values, and the files — no secrets', async () => {
    const response = await exportAs('mara');
    const document = response.json<ProjectExport>();
    expect(document).toMatchObject({
      schemaVersion: exportSchemaVersion,
      project: { id: projectId, name: 'Dachgeschoß Ausbau', address: { street: 'Grünbergstraße', katastral: 1002 } },
      customer: { username: 'kunde', firstName: 'Jürgen', lastName: 'Größl', email: 'kunde@example.at' },
      architect: { username: 'mara', phoneNumber: '+43 1 234' },
      questionnaire: { general: { buildingUsage: 'WOHNBAU' }, heating: { fuelType: 'GAS' }, storeys: null, windows: null },
      files: [{ name: 'Ansicht Süd', fileName: 'ansicht.png', documentType: 'PNG', contentType: 'image/png', uploadedBy: 'Jürgen Größl', version: 1, versions: [{ version: 1, fileName: 'ansicht.png' }] }],
    });
    expect(Date.parse(document.exportedAt)).not.toBeNaN();
    for (const secret of ['passwordHash', 'password_hash', '$argon2', 'storageKey', 'signature=', '/api/s3/download']) expect(response.body).not.toContain(secret);
  });

  it('lists the pins on a plan with page, point, comment, photos (also of replies) and who placed them', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/export/json/${completeId}`, headers: bearer(tokens.mara!) });
    const plan = response.json<ProjectExport>().files.find((file) => file.name === 'Grundriss EG');
    expect(plan?.pins).toEqual([
      {
        number: 1,
        version: 1,
        page: 1,
        x: 0.25,
        y: 0.5,
        comment: 'Riss über dem Fenster',
        photo: 'Ansicht Nord',
        photos: ['Ansicht Nord'],
        createdBy: 'Jürgen Größl',
        createdAt: expect.any(String),
        status: 'IN_BEARBEITUNG',
        kind: 'INFORMATION',
        responsible: null,
        dueDate: null,
        carriedFrom: null,
        statusHistory: [{ from: 'OFFEN', to: 'IN_BEARBEITUNG', by: 'Mara Berger', at: expect.any(String) }],
        replies: [{ text: 'Schaue ich mir an.', by: 'Mara Berger', at: expect.any(String), photos: ['Ansicht Nord'] }],
      },
    ]);
    // The item's photo is the item's, not a file of the project's plans.
    expect(response.json<ProjectExport>().files.map((file) => file.name)).toEqual(['Grundriss EG']);
  });

  it('is for the project\'s architects: a client or an administrator gets 403, others 404', async () => {
    expect((await exportAs('kunde')).statusCode).toBe(403);
    expect((await exportAs('chef')).statusCode).toBe(403);
    expect((await exportAs('fremd')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/export/json/999999', headers: bearer(tokens.mara!) })).statusCode).toBe(404);
  });

  describe("'Offene Punkte als PDF'", () => {
    const report = (who: string, query = '') => ctx.app.inject({ method: 'GET', url: `/api/export/open-items/${completeId}${query}`, headers: bearer(tokens[who]!) });

    it('holds the items the filters choose, each with its status, conversation and a crop of its plan', async () => {
      const response = await report('mara', '?status=UNERLEDIGT&kind=INFORMATION');
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain('offene_punkte_');
      const { text } = await pdfText(response.rawPayload);
      const flat = text.replace(/\s+/g, ' ');
      for (const expected of [
        'Offene Punkte: Sanierung Mühlgasse „Altbau“ – Größl',
        'Punkt 1 · Grundriss EG · Version 1 · Seite 1',
        'Information · In Bearbeitung · Zuständig: niemand · ohne Fälligkeit',
        'Riss über dem Fenster',
        'Mara Berger: Schaue ich mir an.',
        'Status geändert von Offen auf In Bearbeitung – Mara Berger',
        'Foto',
      ]) expect(flat).toContain(expected);
      // The crop of the plan, the item's photo and its reply's photo are embedded as pictures.
      expect(response.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    });

    it('shows the crop of an item on a later page of a PDF plan, rendered for the report', async () => {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens.mara!), payload: { name: 'Mehrseitiger Plan', assignedUser: 'kunde' } });
      const id = created.json<{ id: number }>().id;
      const { payload, headers } = await multipartBody([
        ['projectId', String(id)],
        ['fileName', 'Schnitte'],
        ['documentType', 'PDF'],
        ['file', { name: 'schnitte.pdf', bytes: await pagedPdf(3) }],
      ]);
      const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(tokens.mara!) }, payload });
      expect(uploaded.statusCode).toBe(201);
      await ctx.background.drained();
      const fileId = uploaded.json<{ id: number }>().id;
      const pinned = await ctx.app.inject({ method: 'POST', url: `/api/s3/project/${id}/files/${fileId}/pins`, headers: bearer(tokens.kunde!), payload: { page: 3, x: 0.5, y: 0.5, comment: 'Stiege zu steil' } });
      expect(pinned.statusCode).toBe(201);
      const response = await ctx.app.inject({ method: 'GET', url: `/api/export/open-items/${id}`, headers: bearer(tokens.mara!) });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect((await pdfText(response.rawPayload)).text.replace(/\s+/g, ' ')).toContain('Punkt 1 · Schnitte · Version 1 · Seite 3');
      // The item has no photo: the one picture is the crop of page 3.
      expect(response.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0).toBe(1);
    });

    it('leaves out what the filters do not choose, and is the architects\'', async () => {
      const { text } = await pdfText((await report('mara', '?status=ERLEDIGT')).rawPayload);
      expect(text).toContain('Keine Punkte entsprechen den gewählten Filtern.');
      expect(text).not.toContain('Riss über dem Fenster');
      expect((await report('kunde')).statusCode).toBe(403);
      expect((await report('fremd')).statusCode).toBe(404);
      expect((await report('mara', '?status=IRGENDWAS')).statusCode).toBe(400);
    });
  });

  describe('PDF', () => {
    const pdfAs = (who: string, id = completeId) => ctx.app.inject({ method: 'GET', url: `/api/export/pdf/${id}`, headers: bearer(tokens[who]!) });

    it("lists the follow-ups on answers ('Rückfrage') with their answers in the JSON and under 'Rückfragen' in the PDF", async () => {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens.mara!), payload: { name: 'Mit Rückfrage', assignedUser: 'kunde' } });
      const id = created.json<{ id: number }>().id;
      const raise = (note: string) => ctx.app.inject({ method: 'POST', url: `/api/questionnaire/${id}/follow-ups`, headers: bearer(tokens.mara!), payload: { questionKey: 'windowConstructionYear', note } });
      const first = (await raise('Stimmt 1890?')).json<{ id: number; version: number }>();
      expect((await raise('Welche Verglasung?')).statusCode).toBe(201);
      const answered = await ctx.app.inject({ method: 'POST', url: `/api/questionnaire/${id}/follow-ups/${first.id}/answer`, headers: bearer(tokens.kunde!), payload: { text: 'Ja, laut Hausbuch.', version: first.version } });
      expect(answered.statusCode).toBe(200);

      const schema = (await ctx.app.inject({ method: 'GET', url: '/api/export/schema.json' })).json<Record<string, unknown>>();
      const document = (await ctx.app.inject({ method: 'GET', url: `/api/export/json/${id}`, headers: bearer(tokens.mara!) })).json<ProjectExport>();
      expect(new Ajv2020({ strict: false }).compile(schema)(document)).toBe(true);
      expect(document.followUps).toEqual([
        { step: 'windows', question: 'windowConstructionYear', questionText: 'Baujahr der Fenster', note: 'Stimmt 1890?', status: 'ERLEDIGT', by: 'Mara Berger', at: expect.any(String), answer: 'Ja, laut Hausbuch.', answeredBy: expect.any(String), answeredAt: expect.any(String) },
        { step: 'windows', question: 'windowConstructionYear', questionText: 'Baujahr der Fenster', note: 'Welche Verglasung?', status: 'OFFEN', by: 'Mara Berger', at: expect.any(String), answer: null, answeredBy: null, answeredAt: null },
      ]);
      const { text } = await pdfText((await pdfAs('mara', id)).rawPayload);
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain('Rückfragen');
      expect(flat).toContain('Erledigt · Mara Berger: Stimmt 1890? — Antwort von');
      expect(flat).toContain('Offen · Mara Berger: Welche Verglasung?');
    });

    it('lists a photo to a question by its title and file name in the JSON, and shows it small beside the answer in the PDF', async () => {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens.mara!), payload: { name: 'Heizung mit Foto', assignedUser: 'kunde' } });
      const id = created.json<{ id: number }>().id;
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/heating/${id}`, headers: bearer(tokens.kunde!), payload: { heatProducer: 'LOW_TEMP_BOILER', fuelType: 'GAS' } })).statusCode).toBe(200);
      const { payload, headers } = await multipartBody([
        ['projectId', String(id)],
        ['fileName', 'Typenschild Kessel'],
        ['documentType', 'PNG'],
        ['question', 'heatProducer'],
        ['file', { name: 'typenschild.png', bytes: await samplePng(120, 90) }],
      ]);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(tokens.kunde!) }, payload })).statusCode).toBe(201);

      const schema = (await ctx.app.inject({ method: 'GET', url: '/api/export/schema.json' })).json<Record<string, unknown>>();
      const document = (await ctx.app.inject({ method: 'GET', url: `/api/export/json/${id}`, headers: bearer(tokens.mara!) })).json<ProjectExport>();
      expect(new Ajv2020({ strict: false }).compile(schema)(document)).toBe(true);
      expect(document.files).toEqual([]);
      expect(document.questionPhotos).toEqual([
        { step: 'heating', question: 'heatProducer', name: 'Typenschild Kessel', fileName: 'typenschild.png', contentType: 'image/png', size: expect.any(Number), uploadedBy: 'Jürgen Größl', uploadedAt: expect.any(String) },
      ]);

      const raw = (await pdfAs('mara', id)).rawPayload.toString('latin1');
      expect(raw.match(/\/Subtype \/Image/g)).toHaveLength(1);
    });

    it('downloads the PDF named after the project: A4, fonts embedded, title, author and language de-AT', async () => {
      const response = await pdfAs('mara');
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`projekt_${completeId}_Sanierung_Mühlgasse_Altbau_Größl.pdf`)}`);
      const bytes = response.rawPayload;
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const raw = bytes.toString('latin1');
      expect(raw).toContain('/Lang (de-AT)');
      expect(raw).toContain('/MediaBox [0 0 595.28 841.89]');
      expect(raw).toContain('/FontFile2');
      expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
      const { info, pages } = await pdfText(bytes);
      expect(info.Title).toBe('Projektexport: Sanierung Mühlgasse „Altbau“ – Größl');
      expect(info.Author).toBe('Mara Berger');
      expect(pages.length).toBeGreaterThanOrEqual(2);
    });

    it('holds the project, address with KG-Nr., people, German questions and answers, files and changes', async () => {
      const { text, pages } = await pdfText((await pdfAs('mara')).rawPayload);
      for (const expected of [
        'Sanierung Mühlgasse „Altbau“ – Größl',
        'Mühlgasse 12/3/5, 3950 Gmünd, Österreich',
        'KG-Nr. 01004',
        'Budget rund 120.000 €.',
        'Status: Vollständig',
        '100 % · 22 von 22 Fragen beantwortet',
        'Jürgen Größl',
        'kunde@example.at',
        'mara@example.at',
        'Allgemeine Informationen',
        'Gebäudenutzung',
        'Wohnbau',
        'Ausrichtung der Hauptfassade',
        'Südost',
        'Satteldach',
        'Zweifach-Isolierverglasung',
        'unbekannt',
        'Niedertemperaturkessel',
        'Fußbodenheizung',
        'Einzelraumregelung mit Thermostatventilen',
        'um 1990',
        'Dateien (1)',
        'Grundriss EG',
        'Stand März – „final“',
        'Punkt 1 · Version 1 · Information · In Bearbeitung: Riss über dem Fenster — Foto: Ansicht Nord',
        'Letzte Änderungen am Fragebogen',
        'Brennstoff: nicht beantwortet → Gas',
      ]) expect(text).toContain(expected);
      expect(text).not.toContain('Nicht beantwortet');
      expect(text).not.toContain('SATTELDACH');
      // The change log names people by name, as the rest of the PDF does.
      expect(text).toMatch(/ · Jürgen Größl · (Allgemeine Informationen|Stockwerke|Fenster|Heizung)/);
      expect(text).not.toContain(' · kunde · ');
      pages.forEach((page, index) => {
        expect(page).toContain(`Seite ${index + 1} von ${pages.length}`);
        expect(page).toMatch(new RegExp(`Exportiert am \\d{1,2}\\. [A-Za-zäöü]+ \\d{4} .* · Exportschema Version ${exportSchemaVersion}`));
      });
    });

    it('embeds the preview of the plan\'s first page, and the plan once more, large, with its pin (the item\'s photo is no file among the plans)', async () => {
      const raw = (await pdfAs('mara')).rawPayload.toString('latin1');
      expect(raw.match(/\/Subtype \/Image/g)).toHaveLength(2);
      expect(raw).toContain('/DCTDecode');
    });

    it("names the heat producers beyond the spec's boilers in German: Fernwärme-Übergabestation, then Sonstiges", async () => {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens.mara!), payload: { name: 'Fernwärme Hof', assignedUser: 'kunde' } });
      const id = created.json<{ id: number }>().id;
      const save = (heatProducer: string) => ctx.app.inject({ method: 'PUT', url: `/api/heating/${id}`, headers: bearer(tokens.kunde!), payload: { heatProducer } });
      expect((await save('DISTRICT_HEAT_TRANSFER_STATION')).statusCode).toBe(200);
      expect((await save('OTHER')).statusCode).toBe(200);
      const { text } = await pdfText((await pdfAs('mara', id)).rawPayload);
      expect(text).toContain('Sonstiges');
      expect(text).toContain('Wärmeerzeuger: Fernwärme-Übergabestation → Sonstiges');
      expect(text).not.toContain('DISTRICT_HEAT_TRANSFER_STATION');
    });

    it('marks unanswered questions of a project barely begun', async () => {
      const { text } = await pdfText((await pdfAs('mara', projectId)).rawPayload);
      expect(text).toContain('Dachgeschoß Ausbau');
      expect(text).toContain('Grünbergstraße 5, 1120 Wien, Österreich · KG-Nr. 01002');
      expect(text).toContain('Nicht beantwortet');
      expect(text).toContain('Status: In Bearbeitung');
    });

    it('wraps names, titles and comments without a space within their column: 50 such files export', async () => {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/ProjectManagment',
        headers: bearer(tokens.mara!),
        payload: { name: `Projekt${'Ü'.repeat(193)}`, assignedUser: 'kunde', address: { street: 'Gasse', number: '1', city: 'Wien', katastral: null, postalCode: '1010', country: 'Österreich' } },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: number }>().id;
      // The longest each field takes, in letters that give a line no place to break.
      const title = (index: number) => `Titel${index}${'W'.repeat(200 - 5 - String(index).length)}`;
      const fileName = (index: number) => `Plan${index}${'m'.repeat(251 - 4 - String(index).length)}.pdf`;
      for (let index = 0; index < 50; index += 1) {
        const { payload, headers } = await multipartBody([
          ['projectId', String(id)],
          ['fileName', title(index)],
          ['comment', `Kommentar${'x'.repeat(1991)}`],
          ['documentType', 'PDF'],
          ['file', { name: fileName(index), bytes: samplePdf() }],
        ]);
        const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(tokens.mara!) }, payload });
        expect(uploaded.statusCode, uploaded.body).toBe(201);
      }
      const response = await pdfAs('mara', id);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      const { text } = await pdfText(response.rawPayload);
      expect(text).toContain('Dateien (50)');
      for (const index of [0, 49]) {
        expect(text).toContain(title(index).slice(0, 40));
        expect(text).toContain(`Datei: ${fileName(index).slice(0, 30)}`);
      }
      expect(text).toContain(`Kommentar${'x'.repeat(30)}`);
      expect(text).toContain(`Projekt${'Ü'.repeat(20)}`);
    });

    it('is for the project\'s architects: a client or an administrator gets 403, others 404', async () => {
      expect((await pdfAs('kunde')).statusCode).toBe(403);
      expect((await pdfAs('chef')).statusCode).toBe(403);
      expect((await pdfAs('fremd')).statusCode).toBe(404);
      expect((await pdfAs('mara', 999999)).statusCode).toBe(404);
    });
  });

  describe('by e-mail', () => {
    const send = (who: string, format: 'pdf' | 'json', payload: unknown) =>
      ctx.app.inject({ method: 'POST', url: `/api/email/send-${format}`, headers: bearer(tokens[who]!), payload: payload as object });

    it('mails the JSON to the address named after the project, the subject naming the project, replies to the architect', async () => {
      const response = await send('mara', 'json', { email: 'berater@energie.example.at', projectId: completeId });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: 'Der Export wurde an berater@energie.example.at gesendet.', email: 'berater@energie.example.at' });
      const received = await mail.waitFor('berater@energie.example.at', /JSON/);
      expect(received.subject).toBe('Projektexport „Sanierung Mühlgasse „Altbau“ – Größl“ (JSON)');
      expect(received.replyTo).toEqual(['mara@example.at']);
      expect(received.text).toContain('Mara Berger sendet Ihnen aus Bauakte die Daten des Projekts');
      expect(received.text).toContain('https://bauakte.example.at/api/export/schema.json');
      expect(received.attachments).toHaveLength(1);
      const [attachment] = received.attachments;
      expect(attachment?.filename).toBe(`projekt_${completeId}_Sanierung_Mühlgasse_Altbau_Größl.json`);
      expect(attachment?.mimeType).toBe('application/json');
      const document = JSON.parse(attachment!.content.toString('utf8')) as ProjectExport;
      expect(document.project.name).toBe('Sanierung Mühlgasse „Altbau“ – Größl');
      expect(document.questionnaire.storeys?.roof.roofType).toBe('SATTELDACH');
    });

    it('mails the PDF named after the project, taking the project id as text too', async () => {
      const response = await send('mara', 'pdf', { email: 'amt@gmuend.example.at', projectId: String(completeId) });
      expect(response.statusCode, response.body).toBe(200);
      const received = await mail.waitFor('amt@gmuend.example.at', /PDF/);
      const [attachment] = received.attachments;
      expect(attachment?.filename).toBe(`projekt_${completeId}_Sanierung_Mühlgasse_Altbau_Größl.pdf`);
      expect(attachment?.mimeType).toBe('application/pdf');
      const { text } = await pdfText(attachment!.content);
      expect(text).toContain('Sanierung Mühlgasse „Altbau“ – Größl');
    });

    it('refuses an invalid address with a German message beside the field, and mails nothing', async () => {
      const before = mail.mails.length;
      const response = await send('mara', 'json', { email: 'kein-at-zeichen', projectId: completeId });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ issues: { path: string; message: string }[] }>().issues).toContainEqual({ path: 'body/email', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' });
      for (const payload of [{ projectId: completeId }, { email: 'a@b.at' }, { email: 'a@b.at', projectId: completeId, cc: 'x@y.at' }, null, []]) {
        expect((await send('mara', 'json', payload)).statusCode).toBe(400);
      }
      expect(mail.mails.length).toBe(before);
    });

    it('is for the project\'s architects: client and administrator 403, another architect 404, nothing mailed', async () => {
      const before = mail.mails.length;
      const payload = { email: 'spion@example.at', projectId: completeId };
      expect((await send('kunde', 'json', payload)).statusCode).toBe(403);
      expect((await send('chef', 'pdf', payload)).statusCode).toBe(403);
      expect((await send('fremd', 'json', payload)).statusCode).toBe(404);
      expect((await send('fremd', 'pdf', { ...payload, projectId: 999999 })).statusCode).toBe(404);
      expect(mail.mails.length).toBe(before);
    });
  });
});

describe('export mails are limited and fail cleanly', () => {
  let ctx: TestContext;
  let mail: MailCatcher;
  let projectId = 0;
  let token = '';

  beforeAll(async () => {
    mail = await startMailCatcher();
    ctx = await createTestContext('sqlite', { env: { SMTP_URL: mail.url, ...generousBudgets } });
    await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI', email: 'mara@example.at' });
    token = await ctx.login('mara', 'mara-passwort');
    const created = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(token), payload: { name: 'Limit', assignedUser: '' } });
    projectId = created.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await ctx.close();
    await mail.close();
  });

  it('sends 20 exports an hour per architect; the 21st is refused with 429 and Retry-After', async () => {
    const send = () => ctx.app.inject({ method: 'POST', url: '/api/email/send-json', headers: bearer(token), payload: { email: 'ziel@example.at', projectId } });
    for (let index = 0; index < 20; index += 1) expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe('Sie können höchstens 20 Exporte pro Stunde per E-Mail versenden. Bitte versuchen Sie es später erneut.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(mail.mails.filter((received) => received.to.includes('ziel@example.at'))).toHaveLength(20);
  });

  it('answers 502 MAIL_FAILED when the mail server is unreachable, without using up the limit', async () => {
    const broken = await createTestContext('sqlite', { env: { SMTP_URL: 'smtp://127.0.0.1:9', ...generousBudgets } });
    try {
      await broken.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
      const brokenToken = await broken.login('mara', 'mara-passwort');
      const created = await broken.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(brokenToken), payload: { name: 'Kein Versand', assignedUser: '' } });
      const id = created.json<{ id: number }>().id;
      for (let index = 0; index < 21; index += 1) {
        const format = index === 0 ? 'pdf' : 'json';
        const response = await broken.app.inject({ method: 'POST', url: `/api/email/send-${format}`, headers: bearer(brokenToken), payload: { email: 'ziel@example.at', projectId: id } });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toMatchObject({ code: 'MAIL_FAILED', message: 'Die E-Mail mit dem Export konnte nicht versendet werden. Bitte versuchen Sie es später erneut.' });
      }
    } finally {
      await broken.close();
    }
  });
});

describe('PDF export with the files in an S3 bucket', () => {
  let s3: TestS3;
  let ctx: TestContext;

  beforeAll(async () => {
    s3 = await startS3Server();
    ctx = await createTestContext('sqlite', { env: s3.env });
  });
  afterAll(async () => {
    await ctx.close();
    await s3.close();
  });

  it('shows the preview of an image kept in the bucket: the export process reads it from there', async () => {
    await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
    const token = await ctx.login('mara', 'mara-passwort');
    const created = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(token), payload: { name: 'Im Bucket', assignedUser: '' } });
    const id = created.json<{ id: number }>().id;
    const { payload, headers } = await multipartBody([
      ['projectId', String(id)],
      ['fileName', 'Foto Süd'],
      ['documentType', 'PNG'],
      ['file', { name: 'sued.png', bytes: await samplePng(640, 480) }],
    ]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(token) }, payload })).statusCode).toBe(201);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/export/pdf/${id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect((await pdfText(response.rawPayload)).text).toContain('Foto Süd');
  });
});

describe.each(testDialects)('PDF exports are bounded on %s', (dialect) => {
  const aborted =
    'Der PDF-Export wurde abgebrochen, weil er zu lange gedauert oder zu viel Speicher gebraucht hat. Bitte versuchen Sie es später erneut oder exportieren Sie das Projekt als JSON.';
  const timeLimitSeconds = 30;
  let s3: TestS3;
  let ctx: TestContext;
  let token = '';
  let pictureId = 0;
  let lightId = 0;

  const createProject = async (name: string) => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(token), payload: { name, assignedUser: '' } });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  };
  const pdf = (id: number) => ctx.app.inject({ method: 'GET', url: `/api/export/pdf/${id}`, headers: bearer(token) });

  beforeAll(async () => {
    s3 = await startS3Server();
    // One export at a time, none waiting.
    ctx = await createTestContext(dialect, {
      env: { ...s3.env, EXPORT_MAX_CONCURRENT: '1', EXPORT_MAX_QUEUED: '0', EXPORT_TIME_LIMIT_SECONDS: String(timeLimitSeconds), ...generousBudgets },
    });
    await ctx.createUser({ username: 'mara', password: 'mara-passwort', role: 'ARCHI' });
    token = await ctx.login('mara', 'mara-passwort');
    lightId = await createProject('Kleines Projekt');
    // Its PDF shows the image's preview, which the export process reads from the bucket: held there, the export waits.
    pictureId = await createProject('Projekt mit Bild');
    const { payload, headers } = await multipartBody([
      ['projectId', String(pictureId)],
      ['fileName', 'Foto Nord'],
      ['documentType', 'PNG'],
      ['file', { name: 'nord.png', bytes: await samplePng(40, 30) }],
    ]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(token) }, payload })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await ctx.close();
    await s3.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses an export beyond the queue with 503 and Retry-After; one over the time limit answers a German error, and the next export is made', async () => {
    // The time limit runs on fake time: the waiting export is over it exactly when the test moves the clock there.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reads = s3.holdReads();
    try {
      const waiting = pdf(pictureId);
      await reads.requested;
      const busy = await pdf(pictureId);
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('60');
      expect(busy.json()).toMatchObject({ code: 'EXPORT_BUSY', message: 'Gerade werden zu viele Exporte erstellt. Bitte versuchen Sie es in Kürze erneut.' });

      // Just short of its limit the export still runs: another one is still refused.
      vi.advanceTimersByTime(timeLimitSeconds * 1000 - 1);
      expect((await pdf(lightId)).json()).toMatchObject({ code: 'EXPORT_BUSY' });
      vi.advanceTimersByTime(1);
      const stopped = await waiting;
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json()).toMatchObject({ code: 'EXPORT_ABORTED', message: aborted });
    } finally {
      reads.release();
    }

    const next = await pdf(lightId);
    expect(next.statusCode, next.body.slice(0, 200)).toBe(200);
    expect((await pdfText(next.rawPayload)).text).toContain('Kleines Projekt');
  }, 2 * processStartTimeoutMs); // the export process, and the fresh one after it was stopped
});
