import type { FastifyBaseLogger } from 'fastify';
import { serverMessages, type MailFailure, type MailKind } from '@bauakte/domain';
import type { MailOutboxRow } from '../db/schema';
import { AppError } from '../errors';
import type { Mailer, MailMessage } from './mailer';
import type { MailQueueRepository } from './repository';

/** A mail for the queue: without attachments (an export's PDF is sent at once, see the export service). */
export type QueuedMail = Omit<MailMessage, 'attachments'>;

export interface MailQueueTiming {
  /** How often each instance looks for due mails (besides being woken when it queues one). */
  pollMs: number;
  /** The wait after the first failed attempt; it doubles with every further one … */
  firstRetryMs: number;
  /** … up to this. */
  maxRetryDelayMs: number;
  /** A mail not sent this long after it was queued is given up (MAIL_RETRY_MAX_HOURS). */
  giveUpAfterMs: number;
  /** How long an instance holds the mails it is sending; then another may take them (the first died). */
  claimMs: number;
  /** Sent and given-up mails are removed this long after their last attempt. */
  keepFinishedMs: number;
}

const minute = 60_000;
const hour = 60 * minute;

export function defaultMailQueueTiming(retryMaxHours: number): MailQueueTiming {
  return { pollMs: 1_000, firstRetryMs: minute, maxRetryDelayMs: hour, giveUpAfterMs: retryMaxHours * hour, claimMs: 5 * minute, keepFinishedMs: 7 * 24 * hour };
}

/** The wait after the n-th failed attempt: 1 min, 2, 4, 8 … at most an hour (by default). */
export function retryDelayMs(failedAttempts: number, timing: Pick<MailQueueTiming, 'firstRetryMs' | 'maxRetryDelayMs'>): number {
  return Math.min(timing.firstRetryMs * 2 ** Math.max(0, failedAttempts - 1), timing.maxRetryDelayMs);
}

/** Mails sent together by one instance; each batch is claimed in one statement. */
const batchSize = 10;
/** The admin sees the failures of this long. */
const failuresShownMs = 24 * hour;
const failuresListed = 200;

function parseLinks(json: string): string[] {
  const links: unknown = JSON.parse(json);
  return Array.isArray(links) ? links.filter((link): link is string => typeof link === 'string') : [];
}

function messageOf(row: MailOutboxRow): MailMessage {
  return {
    to: row.recipient,
    ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    links: parseLinks(row.links),
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export interface MailQueueDeps {
  /** The outbox on the database (DataLayer.repos.mailOutbox). */
  outbox: MailQueueRepository;
  /** Hands a mail over (SMTP, or the .eml outbox without SMTP_URL). */
  transport: Mailer;
  log: FastifyBaseLogger;
  /** More unsent mails than this, and queuing another is refused (MAIL_QUEUE_MAX). */
  maxUnsent: number;
  timing: MailQueueTiming;
  now?: () => Date;
}

/**
 * The outgoing mails of every instance, stored in the database. A mail is queued in the transaction
 * of the change that causes it, so both are stored or neither; each instance's sender then sends
 * what is due, retrying failures with a growing wait, and every mail goes out once across instances.
 */
export function createMailQueue(deps: MailQueueDeps) {
  const { timing, log } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = deps.outbox;
  let started = false;
  let stopping = false;
  let running: Promise<void> | undefined;
  let wakeAgain = false;
  let timer: NodeJS.Timeout | undefined;
  let removedAt = 0;

  /**
   * Stores the mail with `queue`, the outbox of the transaction of the change that causes it
   * (repos.mailOutbox inside DataLayer.transaction); call wake() once it has committed.
   */
  async function enqueue(queue: MailQueueRepository, kind: MailKind, mail: QueuedMail): Promise<void> {
    // A mail server down for long, or a flood of mails, must not fill the database.
    if (await queue.unsentAtLeast(deps.maxUnsent)) {
      log.error({ maxUnsent: deps.maxUnsent, kind }, 'mail queue is full: change refused');
      throw new AppError('MAIL_QUEUE_FULL', serverMessages.mailQueueFull, { headers: { 'retry-after': '300' } });
    }
    const at = now().toISOString();
    await queue.insert({
      kind,
      recipient: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      links: JSON.stringify(mail.links ?? []),
      state: 'PENDING',
      nextAttemptAt: at,
      createdAt: at,
    });
  }

  async function deliver(row: MailOutboxRow): Promise<void> {
    try {
      await deps.transport.send(messageOf(row));
    } catch (error) {
      const next = now().getTime() + retryDelayMs(row.attempts, timing);
      const giveUp = next > Date.parse(row.createdAt) + timing.giveUpAfterMs;
      await repository.markFailed(row.id, errorText(error), giveUp ? null : new Date(next).toISOString());
      if (giveUp) log.error({ to: row.recipient, subject: row.subject, attempts: row.attempts }, 'mail given up after its retries');
      return;
    }
    await repository.markSent(row.id, now().toISOString());
  }

  /** Sends every mail due now, a batch at a time; answers how many were tried. */
  async function sendDue(): Promise<number> {
    let tried = 0;
    while (!stopping) {
      const at = now();
      const batch = await repository.claimDue(at.toISOString(), new Date(at.getTime() + timing.claimMs).toISOString(), batchSize);
      if (batch.length === 0) break;
      const results = await Promise.allSettled(batch.map(deliver));
      for (const result of results) if (result.status === 'rejected') log.warn({ err: result.reason }, 'mail queue: recording an attempt failed');
      tried += batch.length;
    }
    return tried;
  }

  /** Once an hour: sent and given-up mails older than keepFinishedMs go. */
  async function removeFinished(): Promise<void> {
    const at = now().getTime();
    if (at - removedAt < hour) return;
    removedAt = at;
    const removed = await repository.deleteFinishedBefore(new Date(at - timing.keepFinishedMs).toISOString());
    if (removed > 0) log.info({ removed }, 'mail queue: old mails removed');
  }

  function schedule(): void {
    if (!started || stopping) return;
    clearTimeout(timer);
    timer = setTimeout(wake, timing.pollMs);
    timer.unref();
  }

  /** Looks for due mails now; while a round runs, once more right after it. */
  function wake(): void {
    if (!started || stopping) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    clearTimeout(timer);
    running = removeFinished()
      .then(sendDue)
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'mail queue: looking for due mails failed'),
      )
      .finally(() => {
        running = undefined;
        if (!wakeAgain) return schedule();
        wakeAgain = false;
        wake();
      });
  }

  return {
    enqueue,
    wake,
    sendDue,

    /** Queues a mail on its own (no change goes with it) and wakes the sender. */
    async send(kind: MailKind, mail: QueuedMail): Promise<void> {
      await enqueue(repository, kind, mail);
      wake();
    },

    /** Resolves once this instance has no due mail left to send, nor one it is sending (tests wait for mails so). */
    async idle(): Promise<void> {
      for (;;) {
        if (running) await running;
        else if ((await sendDue()) === 0 && !running) return;
      }
    },

    /** The failures of the last day: mails still being retried, and mails given up. */
    async failures(): Promise<MailFailure[]> {
      const rows = await repository.failuresSince(new Date(now().getTime() - failuresShownMs).toISOString(), failuresListed);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        recipient: row.recipient,
        subject: row.subject,
        attempts: row.attempts,
        lastError: row.lastError ?? '',
        state: row.state === 'FAILED' ? 'GAVE_UP' : 'RETRYING',
        createdAt: row.createdAt,
        lastAttemptAt: row.lastAttemptAt ?? row.createdAt,
        nextAttemptAt: row.state === 'PENDING' ? row.nextAttemptAt : null,
      }));
    },

    start(): void {
      if (started) return;
      started = true;
      wake();
    },

    /** Sends nothing more and waits for the mails being sent right now. */
    async stop(): Promise<void> {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
