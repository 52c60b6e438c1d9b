import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testDialects, type TestContext } from '../../test/test-app';

describe.each(testDialects)('health and Impressum on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { env: { IMPRESSUM_COMPANY: 'Planwerk Muster GmbH' } });
  });
  afterAll(() => ctx.close());

  it('answers 200 with JSON without a token while the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers the configured operator details without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/impressum' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ company: 'Planwerk Muster GmbH', businessPurpose: 'Softwareentwicklung' });
  });

  it('answers the privacy notice without a token: the operator as controller, the contact defaulting to its e-mail', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/privacy' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      controller: {
        company: 'Planwerk Muster GmbH', street: 'Mariahilfer Straße 1', postalCode: '1060', city: 'Wien', country: 'Österreich',
        email: 'office@bauakte.at', phone: '+43 1 234 56 78',
      },
      contactEmail: 'office@bauakte.at',
      hosting: 'Rechenzentrum in Österreich (Europäische Union)',
    });
  });

  it('names a separate data-protection contact and the hosting when configured', async () => {
    const configured = await createTestContext(dialect, { env: { PRIVACY_CONTACT_EMAIL: 'datenschutz@planwerk.at', PRIVACY_HOSTING: 'Exoscale, Wien' } });
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/api/privacy' });
      expect(response.json()).toMatchObject({ contactEmail: 'datenschutz@planwerk.at', hosting: 'Exoscale, Wien' });
    } finally {
      await configured.close();
    }
  });
});

describe('health without a database', () => {
  it('answers 503 once the database is gone', async () => {
    const ctx = await createTestContext('sqlite');
    await ctx.database.close();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
    await ctx.app.close();
  });
});
