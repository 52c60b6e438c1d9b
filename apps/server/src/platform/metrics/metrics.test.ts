import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, mailsDelivered, testDialects, type TestContext } from '../../test/test-app';
import { chatSetUp, type ChatSetup } from '../../test/chat-fixtures';
import { connectStomp } from '../../test/stomp-client';
import { sample } from '../../test/metrics-text';
import { multipartBody } from '../../test/multipart';
import { samplePdf } from '../../test/sample-files';

const metricsToken = 'scrape-token-0123456789abcdef';

async function scrape(ctx: TestContext): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(metricsToken) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  await expect.poll(condition, { interval: 20 }).toBe(true);
}

describe.each(testDialects)('metrics on %s', (dialect) => {
  let setup: ChatSetup;
  let url: string;
  beforeAll(async () => {
    setup = await chatSetUp(dialect, { METRICS_TOKEN: metricsToken });
    url = await setup.ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => setup.ctx.close());

  it('refuses a scrape without the token or with a wrong one (401)', async () => {
    expect((await setup.ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await setup.ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer('scrape-token-0123456789abcdeX') });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(wrong.body).not.toContain('http_request_duration_seconds');
  });

  it('times requests per route template, never per raw URL, and puts unmatched paths under one label', async () => {
    const { ctx, tokens } = setup;
    const project = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens.mara!), payload: { name: 'Zählbau' } });
    const id = project.json<{ id: number }>().id;
    const route = '/api/questionnaire/:projectId/changes';
    const before = sample(await scrape(ctx), 'http_request_duration_seconds_count', { method: 'GET', route, status_code: '200' }) ?? 0;
    for (let i = 0; i < 3; i++) await ctx.app.inject({ method: 'GET', url: `/api/questionnaire/${id}/changes`, headers: bearer(tokens.mara!) });
    await ctx.app.inject({ method: 'GET', url: `/api/questionnaire/${id}/changes`, headers: bearer(tokens.fremd!) });
    await ctx.app.inject({ method: 'GET', url: '/wp-login.php?id=123' });
    const text = await scrape(ctx);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: '200' })).toBe(before + 3);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: '404' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { method: 'GET', route, status_code: '200', le: '+Inf' })).toBe(before + 3);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/api/questionnaire/${id}/`);
    expect(text).not.toContain('wp-login');
    // prom-client's default process metrics come along.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts open WebSocket connections and their subscriptions, and shows every kind of refusal from the start', async () => {
    const { ctx, tokens } = setup;
    const live = async () => sample(await scrape(ctx), 'bauakte_websocket_connections');
    const subscriptions = async () => sample(await scrape(ctx), 'bauakte_websocket_subscriptions');
    expect(await live()).toBe(0);
    expect(await subscriptions()).toBe(0);
    const kunde = connectStomp(url, tokens.kunde!);
    const mara = connectStomp(url, tokens.mara!);
    await Promise.all([kunde.connected, mara.connected]);
    expect(await live()).toBe(2);
    kunde.subscribe('/topic/activeUsers');
    kunde.subscribe('/user/queue/messages');
    await until(async () => (await subscriptions()) === 2);
    expect(await subscriptions()).toBe(2);
    await kunde.close();
    await until(async () => (await live()) === 1);
    expect(await live()).toBe(1);
    expect(await subscriptions()).toBe(0);
    await mara.close();

    const text = await scrape(ctx);
    for (const kind of ['subscription_limit', 'duplicate_subscription', 'connection_limit', 'frame_timeout', 'frame_too_large']) {
      expect(sample(text, 'bauakte_websocket_refusals_total', { kind }), kind).toBe(0);
    }
    expect(sample(text, 'bauakte_websocket_slow_consumer_closes_total')).toBe(0);
    expect(sample(text, 'bauakte_websocket_buffered_bytes')).toBe(0);
  });

  it('counts the bytes of stored uploads', async () => {
    const { ctx, tokens } = setup;
    const project = await ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: bearer(tokens.mara!), payload: { name: 'Uploadbau', assignedUser: 'kunde' } });
    const projectId = project.json<{ id: number }>().id;
    const pdf = samplePdf();
    const before = sample(await scrape(ctx), 'bauakte_upload_bytes_total');
    expect(before).toBe(0);
    const { payload, headers } = await multipartBody([
      ['projectId', String(projectId)], ['fileName', 'Grundriss'], ['comment', ''], ['documentType', 'PDF'], ['file', { name: 'plan.pdf', bytes: pdf }],
    ]);
    const upload = await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(tokens.kunde!) }, payload });
    expect(upload.statusCode).toBe(201);
    // A refused upload stores nothing and counts nothing.
    const refused = await multipartBody([
      ['projectId', String(projectId)], ['fileName', 'Falsch'], ['comment', ''], ['documentType', 'PDF'], ['file', { name: 'plan.pdf', bytes: Buffer.from('<html>') }],
    ]);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...refused.headers, ...bearer(tokens.kunde!) }, payload: refused.payload })).statusCode).toBe(415);
    expect(sample(await scrape(ctx), 'bauakte_upload_bytes_total')).toBe(pdf.length);
  });

  it('counts mails sent (outbox)', async () => {
    const { ctx } = setup;
    expect(sample(await scrape(ctx), 'bauakte_mails_sent_total')).toBe(0);
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { username: 'mara', email: 'mara@example.at' } });
    expect(reset.statusCode).toBe(200);
    await mailsDelivered(ctx);
    const text = await scrape(ctx);
    expect(sample(text, 'bauakte_mails_sent_total')).toBe(1);
    expect(sample(text, 'bauakte_mails_failed_total')).toBe(0);
  });
});

describe('metrics', () => {
  it('counts mails that could not be handed to the SMTP server as failed', async () => {
    const ctx = await createTestContext('sqlite', { env: { METRICS_TOKEN: metricsToken, SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      await ctx.createUser({ username: 'mara', password: 'mara-passwort', email: 'mara@example.at' });
      await ctx.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { username: 'mara', email: 'mara@example.at' } });
      await mailsDelivered(ctx);
      const text = await scrape(ctx);
      expect(sample(text, 'bauakte_mails_failed_total')).toBe(1);
      expect(sample(text, 'bauakte_mails_sent_total')).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it('are off without METRICS_TOKEN: /metrics answers 404, also with a token', async () => {
    const ctx = await createTestContext('sqlite');
    try {
      for (const headers of [{}, bearer(metricsToken)]) {
        const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    } finally {
      await ctx.close();
    }
  });

  it('keeps a registry per app: two apps count apart', async () => {
    const first = await createTestContext('sqlite', { env: { METRICS_TOKEN: metricsToken } });
    const second = await createTestContext('sqlite', { env: { METRICS_TOKEN: metricsToken } });
    try {
      for (let i = 0; i < 2; i++) await first.app.inject({ method: 'GET', url: '/api/impressum' });
      const count = (text: string) => sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/impressum', status_code: '200' });
      expect(count(await scrape(first))).toBe(2);
      expect(count(await scrape(second))).toBeUndefined();
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
