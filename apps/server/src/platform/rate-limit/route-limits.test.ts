import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { CreatedChat } from '@bauakte/domain';
import { bearer, testDialects } from '../../test/test-app';
import { chatCalls, chatSetUp, type ChatSetup } from '../../test/chat-fixtures';
import { multipartBody } from '../../test/multipart';
import { samplePng } from '../../test/sample-files';
import { openRawStomp } from '../../test/stomp-client';

/** Small budgets, so that a few calls use one up. */
const budgets = {
  RATE_LIMIT_UPLOADS_PER_MINUTE: '2',
  RATE_LIMIT_EXPORTS_PER_MINUTE: '2',
  RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE: '3',
  RATE_LIMIT_SEARCHES_PER_MINUTE: '2',
};
const refusal = 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.';

function expectRefused(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: refusal });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe.each(testDialects)('per-user budgets of the expensive routes on %s', (dialect) => {
  let setup: ChatSetup;
  let call: ReturnType<typeof chatCalls>;
  const projects: Record<string, number> = {};

  const as = (who: string) => bearer(setup.tokens[who]!);
  const upload = async (who: string) => {
    const { payload, headers } = await multipartBody([
      ['projectId', String(projects[who])],
      ['fileName', 'Plan'],
      ['documentType', 'PNG'],
      ['file', { name: 'plan.png', bytes: await samplePng(40, 30) }],
    ]);
    return setup.ctx.app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...as(who) }, payload });
  };
  const exportJson = (who: string) => setup.ctx.app.inject({ method: 'GET', url: `/api/export/json/${projects[who]}`, headers: as(who) });
  const search = (who: string) => setup.ctx.app.inject({ method: 'GET', url: '/api/projects?query=Umbau', headers: as(who) });

  beforeAll(async () => {
    setup = await chatSetUp(dialect, budgets);
    call = chatCalls(setup);
    for (const who of ['mara', 'tom', 'fremd']) {
      const created = await setup.ctx.app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: as(who), payload: { name: `Umbau ${who}`, assignedUser: '' } });
      projects[who] = created.json<{ id: number }>().id;
    }
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => setup.ctx.close());

  it('refuses an upload beyond the budget with 429, Retry-After and a German message; another user still uploads', async () => {
    for (let index = 0; index < 2; index += 1) expect((await upload('mara')).statusCode).toBe(201);
    expectRefused(await upload('mara'));
    expect((await upload('tom')).statusCode).toBe(201);
  });

  it('refuses an export beyond the budget, downloads and e-mails alike; another user still exports', async () => {
    expect((await exportJson('mara')).statusCode).toBe(200);
    const mailed = await setup.ctx.app.inject({ method: 'POST', url: '/api/email/send-json', headers: as('mara'), payload: { email: 'ziel@example.at', projectId: projects.mara } });
    expect(mailed.statusCode).not.toBe(429);
    expectRefused(await exportJson('mara'));
    expectRefused(await setup.ctx.app.inject({ method: 'POST', url: '/api/email/send-pdf', headers: as('mara'), payload: { email: 'ziel@example.at', projectId: projects.mara } }));
    expect((await exportJson('tom')).statusCode).toBe(200);
  });

  it('counts chat messages over REST and the live channel together; the live channel refuses with an ERROR frame like the REST 429', async () => {
    const created = await call.createChat('kunde', 'mara', 'Guten Tag!');
    expect(created.statusCode).toBe(201);
    const { chatId } = created.json<CreatedChat>();
    expect((await call.send('kunde', chatId, 'Zweite')).statusCode).toBe(201);

    const live = await openRawStomp(await setup.ctx.app.listen({ host: '127.0.0.1', port: 0 }));
    live.send(`CONNECT\naccept-version:1.2\nheart-beat:0,0\nAuthorization:Bearer ${setup.tokens.kunde}\n\n\u0000`);
    await live.next((frame) => frame.startsWith('CONNECTED'));
    const send = (message: string, receipt: string) =>
      live.send(`SEND\ndestination:/app/chat/${chatId}\nreceipt:${receipt}\n\n${JSON.stringify({ message, senderUsername: 'kunde', receiverUsername: 'mara', chatId })}\u0000`);
    send('Dritte', 'r3');
    await live.next((frame) => frame.startsWith('RECEIPT') && frame.includes('receipt-id:r3'));
    send('Vierte', 'r4');
    const error = await live.next((frame) => frame.startsWith('ERROR'));
    expect(error).toContain(`message:${refusal}`);
    expect(error).toContain('code:TOO_MANY_ATTEMPTS');
    // Like the REST 429: when another try may succeed, and the answer's body.
    const retryAfter = Number(/\nretry-after:(\d+)\n/.exec(error)?.[1]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(JSON.parse(error.slice(error.indexOf('\n\n') + 2).replace(/\u0000$/, ''))).toEqual({ message: refusal, code: 'TOO_MANY_ATTEMPTS' });
    await live.closed;

    expectRefused(await call.send('kunde', chatId, 'Fünfte'));
    // Mara answers in the same chat: her budget is her own.
    expect((await call.send('mara', chatId, 'Antwort')).statusCode).toBe(201);
  });

  it('refuses a search beyond the budget; a caller refused by role is not counted, another user still searches', async () => {
    for (let index = 0; index < 4; index += 1) expect((await search('kunde')).statusCode).toBe(403);
    for (let index = 0; index < 2; index += 1) expect((await search('mara')).statusCode).toBe(200);
    expectRefused(await search('mara'));
    expect((await search('tom')).statusCode).toBe(200);
  });

  it('gives the budget back once the minute that began with its first request is over', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    for (let index = 0; index < 2; index += 1) expect((await search('fremd')).statusCode).toBe(200);
    vi.setSystemTime(start + 30_000);
    const refused = await search('fremd');
    expectRefused(refused);
    expect(Number(refused.headers['retry-after'])).toBe(30);
    vi.setSystemTime(start + 60_001);
    expect((await search('fremd')).statusCode).toBe(200);
  });
});
