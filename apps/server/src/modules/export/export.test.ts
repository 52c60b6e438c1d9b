import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ProjectExport } from '@bauakte/domain';
import { bearer, createTestContext, testDialects, type TestContext } from '../../test/test-app';
import { multipartBody } from '../../test/multipart';
import { samplePng } from '../../test/sample-files';

describe.each(testDialects)('JSON export on %s', (dialect) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let projectId = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
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
  });
  afterAll(() => ctx.close());

  const exportAs = (who: string) => ctx.app.inject({ method: 'GET', url: `/api/export/json/${projectId}`, headers: bearer(tokens[who]!) });

  it('downloads projekt_{id}.json that validates against the served JSON Schema', async () => {
    const response = await exportAs('mara');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`filename="projekt_${projectId}.json"`);
    const schema = await ctx.app.inject({ method: 'GET', url: '/api/export/schema.json' });
    expect(schema.statusCode).toBe(200);
    expect(schema.headers['content-type']).toContain('application/schema+json');
    const validate = new Ajv2020({ strict: false }).compile(schema.json());
    const document = response.json<ProjectExport>();
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it('holds the project, people, answers with the spec\'s enum values, and the files — no secrets', async () => {
    const response = await exportAs('mara');
    const document = response.json<ProjectExport>();
    expect(document).toMatchObject({
      schemaVersion: 1,
      project: { id: projectId, name: 'Dachgeschoß Ausbau', address: { street: 'Grünbergstraße', katastral: 1002 } },
      customer: { username: 'kunde', firstName: 'Jürgen', lastName: 'Größl', email: 'kunde@example.at' },
      architect: { username: 'mara', phoneNumber: '+43 1 234' },
      questionnaire: { general: { buildingUsage: 'WOHNBAU' }, heating: { fuelType: 'GAS' }, storeys: null, windows: null },
      files: [{ name: 'Ansicht Süd', fileName: 'ansicht.png', documentType: 'PNG', contentType: 'image/png', uploadedBy: 'Jürgen Größl' }],
    });
    expect(Date.parse(document.exportedAt)).not.toBeNaN();
    for (const secret of ['passwordHash', 'password_hash', '$argon2', 'storageKey', 'signature=', '/api/s3/download']) expect(response.body).not.toContain(secret);
  });

  it('is for the project\'s architects: a client or an administrator gets 403, others 404', async () => {
    expect((await exportAs('kunde')).statusCode).toBe(403);
    expect((await exportAs('chef')).statusCode).toBe(403);
    expect((await exportAs('fremd')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/export/json/999999', headers: bearer(tokens.mara!) })).statusCode).toBe(404);
  });
});
