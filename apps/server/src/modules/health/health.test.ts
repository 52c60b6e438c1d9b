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
