import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, startInstancesOnPostgres, testDialects, type SharedInstances } from '../../test/test-app';
import { startMailCatcher, type MailCatcher } from '../../test/mail-catcher';
import type { DatabaseHandle } from '../db/database';
import { AppError } from '../errors';
import { createMailQueue, defaultMailQueueTiming, type QueuedMail } from './mail-queue';
import type { MailMessage } from './mailer';
import { createMailQueueRepository } from './repository';
import { openDataLayer } from '../../data-layer';

const log = Fastify({ logger: false }).log;
const minute = 60_000;
const mail = (to: string): QueuedMail => ({ to, subject: 'Ihre Einladung zu Bauakte', text: 'Guten Tag', html: '<p>Guten Tag</p>', links: ['https://bauakte.example.at/register?token=x'] });

describe.each(testDialects)('the mail queue on %s', (dialect) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(dialect));
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });
  afterEach(async () => {
    await database.db.deleteFrom('mailOutbox').execute();
  });

  /** A queue on a clock the test moves, over a transport that fails while `down` is true. */
  function queueOnClock(options: { maxUnsent?: number; retryMaxHours?: number } = {}) {
    const state = { clock: new Date('2026-11-26T10:00:00.000Z'), down: true, sent: [] as MailMessage[], tried: [] as string[] };
    const queue = createMailQueue({
      outbox: createMailQueueRepository(database.db),
      log,
      maxUnsent: options.maxUnsent ?? 100,
      timing: defaultMailQueueTiming(options.retryMaxHours ?? 24),
      now: () => state.clock,
      transport: {
        async send(message) {
          state.tried.push(state.clock.toISOString());
          if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
          state.sent.push(message);
        },
      },
    });
    const advance = (ms: number) => (state.clock = new Date(state.clock.getTime() + ms));
    return { queue, state, advance };
  }

  const rows = () => database.db.selectFrom('mailOutbox').selectAll().orderBy('id').execute();

  it('retries a failed mail after 1, 2, 4 … minutes, at most an hour apart, and sends it once the server answers', async () => {
    const { queue, state, advance } = queueOnClock();
    await queue.send('INVITATION', mail('anna@example.at'));
    expect(await queue.sendDue()).toBe(1);
    const waits: number[] = [];
    for (let retry = 0; retry < 8; retry += 1) {
      const [row] = await rows();
      const wait = Date.parse(row!.nextAttemptAt) - state.clock.getTime();
      waits.push(wait / minute);
      // Not a moment early.
      advance(wait - 1_000);
      expect(await queue.sendDue()).toBe(0);
      advance(1_000);
      expect(await queue.sendDue()).toBe(1);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(state.tried).toHaveLength(9);
    const [failing] = await rows();
    expect(failing).toMatchObject({ state: 'PENDING', attempts: 9, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });

    state.down = false;
    advance(Date.parse(failing!.nextAttemptAt) - state.clock.getTime());
    expect(await queue.sendDue()).toBe(1);
    expect(state.sent).toEqual([{ to: 'anna@example.at', subject: 'Ihre Einladung zu Bauakte', text: 'Guten Tag', html: '<p>Guten Tag</p>', links: ['https://bauakte.example.at/register?token=x'] }]);
    expect(await rows()).toEqual([expect.objectContaining({ state: 'SENT', attempts: 10, sentAt: state.clock.toISOString() })]);
    advance(24 * 60 * minute);
    expect(await queue.sendDue()).toBe(0);
    expect(state.sent).toHaveLength(1);
  });

  it('gives a mail up after MAIL_RETRY_MAX_HOURS and shows the admin its failures of the last day only', async () => {
    const { queue, state, advance } = queueOnClock({ retryMaxHours: 2 });
    await queue.send('PASSWORD_RESET', mail('bert@example.at'));
    for (let round = 0; round < 20; round += 1) {
      await queue.sendDue();
      advance(10 * minute);
    }
    // Tried every ten minutes at most: the seventh failure, at 100 minutes, would wait past the two hours.
    expect(state.tried).toHaveLength(7);
    expect(await rows()).toEqual([expect.objectContaining({ state: 'FAILED', attempts: 7 })]);
    expect(await queue.failures()).toEqual([
      expect.objectContaining({ kind: 'PASSWORD_RESET', recipient: 'bert@example.at', attempts: 7, state: 'GAVE_UP', nextAttemptAt: null, lastError: expect.stringContaining('ECONNREFUSED') }),
    ]);
    advance(24 * 60 * minute);
    expect(await queue.failures()).toEqual([]);
  });

  it('refuses a mail with 503 while too many wait to be sent', async () => {
    const { queue } = queueOnClock({ maxUnsent: 2 });
    await queue.send('CHAT_NOTICE', mail('a@example.at'));
    await queue.send('CHAT_NOTICE', mail('b@example.at'));
    const refused = await queue.send('CHAT_NOTICE', mail('c@example.at')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'MAIL_QUEUE_FULL' });
    expect((await rows()).map((row) => row.recipient)).toEqual(['a@example.at', 'b@example.at']);
  });

  it('takes a mail again whose claim ran out (its instance died), not before', async () => {
    const { queue, state, advance } = queueOnClock();
    await queue.send('INVITATION', mail('claus@example.at'));
    const repository = createMailQueueRepository(database.db);
    const at = state.clock.getTime();
    const claimed = await repository.claimDue(new Date(at).toISOString(), new Date(at + 5 * minute).toISOString(), 10);
    expect(claimed.map((row) => row.recipient)).toEqual(['claus@example.at']);
    state.down = false;
    advance(4 * minute);
    expect(await queue.sendDue()).toBe(0);
    advance(2 * minute);
    expect(await queue.sendDue()).toBe(1);
    expect(state.sent.map((message) => message.to)).toEqual(['claus@example.at']);
  });

  it('on stop finishes the mail it is sending, then sends nothing more (the next mail waits for another instance)', async () => {
    let release: () => void = () => {};
    const sending = new Promise<void>((resolve) => (release = resolve));
    const handed: string[] = [];
    // What happened, in order: a stop that did not wait for the mail being sent would come before its hand-over.
    const events: string[] = [];
    const queue = createMailQueue({
      outbox: createMailQueueRepository(database.db),
      log,
      maxUnsent: 100,
      timing: { ...defaultMailQueueTiming(24), pollMs: 20 },
      transport: {
        async send(message) {
          await sending;
          handed.push(message.to);
          events.push(`handed ${message.to}`);
        },
      },
    });
    queue.start();
    await queue.send('INVITATION', mail('erste@example.at'));
    await expect.poll(async () => (await rows())[0]?.attempts, { interval: 10 }).toBe(1);
    const stopping = queue.stop().then(() => events.push('stopped'));
    release();
    await stopping;
    expect(events).toEqual(['handed erste@example.at', 'stopped']);
    await queue.send('INVITATION', mail('zweite@example.at'));
    // Idle once nothing is due or being sent: a stopped queue sends nothing more, even when asked.
    await queue.idle();
    expect(handed).toEqual(['erste@example.at']);
    expect((await rows()).map((row) => [row.recipient, row.state])).toEqual([
      ['erste@example.at', 'SENT'],
      ['zweite@example.at', 'PENDING'],
    ]);
  });

  it('removes sent and given-up mails after their keeping time, never pending ones', async () => {
    const { queue, state, advance } = queueOnClock();
    state.down = false;
    await queue.send('INVITATION', mail('sent@example.at'));
    await queue.sendDue();
    state.down = true;
    await queue.send('INVITATION', mail('pending@example.at'));
    await queue.sendDue();
    const repository = createMailQueueRepository(database.db);
    expect(await repository.deleteFinishedBefore(state.clock.toISOString())).toBe(0);
    advance(1_000);
    expect(await repository.deleteFinishedBefore(state.clock.toISOString())).toBe(1);
    expect((await rows()).map((row) => row.recipient)).toEqual(['pending@example.at']);
  });
});

describe.runIf(testDialects.includes('postgres'))('two instances on one PostgreSQL database', () => {
  let catcher: MailCatcher;
  let shared: SharedInstances;
  beforeAll(async () => {
    catcher = await startMailCatcher();
    shared = await startInstancesOnPostgres(2, { env: { SMTP_URL: catcher.url } });
  });
  afterAll(async () => {
    await shared?.close();
    await catcher?.close();
  });

  it('send each queued mail exactly once', async () => {
    const [first, second] = shared.instances;
    const recipients = Array.from({ length: 40 }, (_, index) => `person${index}@example.at`);
    await openDataLayer(shared.database).transaction(async (repos) => {
      for (const to of recipients) await first!.mailQueue.enqueue(repos.mailOutbox, 'INVITATION', mail(to));
    });
    first!.mailQueue.wake();
    second!.mailQueue.wake();
    await Promise.all(recipients.map((to) => catcher.waitFor(to, undefined, 15_000)));
    // Neither instance is sending any more; a mail sent twice would have reached the catcher by now.
    await Promise.all([first!.mailQueue.idle(), second!.mailQueue.idle()]);
    expect(catcher.mails.map((received) => received.to[0]).sort()).toEqual([...recipients].sort());
    const stored = await shared.database.db.selectFrom('mailOutbox').select(['state', 'attempts']).execute();
    expect(stored).toHaveLength(40);
    expect(stored.every((row) => row.state === 'SENT' && row.attempts === 1)).toBe(true);
  });
});
