import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { holdInstallationSharedSql } from '../db/installation-lock';

/**
 * What one instance tells all (itself included): ids only, never message text — receivers read the
 * rows. PostgreSQL NOTIFY payloads must stay under 8,000 bytes; these are far below.
 */
export type LiveEvent =
  | { type: 'message'; messageId: number }
  | { type: 'chat-deleted'; chatId: number; userIds: number[] }
  | { type: 'presence'; instance: string; userIds: number[]; online: boolean }
  /** A new instance asks the others to announce who is connected to them. */
  | { type: 'presence-hello'; instance: string }
  /** Sent every few seconds; an instance not heard from for a while is taken as gone, with its users. */
  | { type: 'presence-alive'; instance: string }
  /** These sessions, or every session of these users, ended or changed: drop their cached verification. */
  | { type: 'sessions-ended'; sessionIds: string[]; userIds: number[] }
  /** A team's members changed: whom an architect works with must be read again (access/team-scope-cache.ts). */
  | { type: 'teams-changed' }
  /** A project or an account was deleted: live subscriptions are asked of the access policy again (live/access-recheck.ts). */
  | { type: 'access-changed'; projectId?: number }
  /** Something on a server-written topic changed (live/topics.ts); the body holds ids only. */
  | { type: 'topic'; destination: string; body: string }
  /** Someone saved their notification settings: the notices must read them again (notifications/service.ts). */
  | { type: 'notification-settings-changed' };

export interface Fanout {
  /** 'postgres' reaches every instance on the database; 'in-process' only this one. */
  readonly kind: 'in-process' | 'postgres';
  publish(event: LiveEvent): Promise<void>;
  subscribe(handler: (event: LiveEvent) => void): void;
  /**
   * Events of other instances may have been missed: called when the LISTEN connection is lost and
   * again when it is back (never in-process, where nothing can be lost).
   */
  onGap(handler: () => void): void;
  /** False while the LISTEN connection is down, when other instances' events do not arrive. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** One instance (SQLite, or tests): events go straight to the handlers, after the current work. */
export function createInProcessFanout(): Fanout {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'in-process',
    async publish(event) {
      queueMicrotask(() => emitter.emit('event', event));
    },
    subscribe(handler) {
      emitter.on('event', handler);
    },
    onGap() {},
    listening: true,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** The channel of one database schema, so test schemas (and installations sharing a server) stay apart. */
export function channelOf(schema: string | undefined): string {
  return schema ? `bauakte_live_${schema.replace(/[^a-z0-9_]/gi, '_')}`.slice(0, 63).toLowerCase() : 'bauakte_live';
}

/**
 * Waits between attempts to open the LISTEN connection again: short at first (a restart of
 * PostgreSQL takes a second or two), doubling up to a few seconds while the database stays away.
 */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(250 * 2 ** attempt, 5_000);
}

/**
 * Several instances on one PostgreSQL database: LISTEN on one dedicated connection, NOTIFY through
 * it too. If the connection breaks (PostgreSQL restarting, a failover), it is opened again with a
 * growing wait and LISTENs again; events during the gap are lost, which costs a live update, never
 * a message (they are stored before they are announced), and the gap handlers empty the caches
 * those events keep right.
 */
export async function createPostgresFanout(options: { url: string; schema?: string; log: FastifyBaseLogger }): Promise<Fanout> {
  const channel = channelOf(options.schema);
  const handlers: Array<(event: LiveEvent) => void> = [];
  const gapHandlers: Array<() => void> = [];
  const gap = () => gapHandlers.forEach((handler) => handler());
  let client: pg.Client | null = null;
  let closed = false;

  const dispatch = (payload: string | undefined) => {
    if (!payload) return;
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    for (const handler of handlers) handler(event);
  };

  async function connect(): Promise<void> {
    // Named after its channel in pg_stat_activity, for operators (and the reconnect test).
    const next = new pg.Client({ connectionString: options.url, application_name: channel });
    next.on('notification', (message) => {
      if (message.channel === channel) dispatch(message.payload);
    });
    next.on('error', (error) => {
      options.log.warn({ err: error }, 'live channel: PostgreSQL connection lost');
      void reconnect(next);
    });
    // A connection closed by the server without an error is lost just the same.
    next.on('end', () => void reconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      // While this connection lives, a restore refuses to replace the installation (db/installation-lock.ts).
      await next.query(holdInstallationSharedSql, [options.schema ?? null]);
    } catch (error) {
      // Half opened (the database went away again between the steps): close it, the next attempt opens another.
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  }

  async function reconnect(broken: pg.Client): Promise<void> {
    if (client !== broken || closed) return;
    client = null;
    gap();
    await broken.end().catch(() => undefined);
    for (let attempt = 0; !closed && client === null; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(attempt)));
      if (closed) break;
      await connect().catch((error: unknown) => options.log.warn({ reason: (error as NodeJS.ErrnoException).code ?? (error as Error).message }, 'live channel: reconnect failed'));
    }
    if (client !== null) {
      options.log.info('live channel: PostgreSQL connection back');
      gap();
    }
  }

  // A pg client runs one query at a time (a second one while the first runs is deprecated and goes
  // away in pg 9): events wait here while a NOTIFY is on its way, and the next one sends them all.
  let waiting: Array<{ payload: string; resolve: () => void; reject: (error: unknown) => void }> = [];
  let sending = false;

  async function sendWaiting(): Promise<void> {
    sending = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const current = client;
      const notifies = batch.map((_, index) => `pg_notify($1, $${index + 2})`).join(', ');
      const sent = current ? current.query(`select ${notifies}`, [channel, ...batch.map((event) => event.payload)]) : Promise.resolve();
      await sent.then(
        () => batch.forEach((event) => event.resolve()),
        (error: unknown) => batch.forEach((event) => event.reject(error)),
      );
    }
    sending = false;
  }

  await connect();
  return {
    kind: 'postgres',
    publish(event) {
      if (!client) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiting.push({ payload: JSON.stringify(event), resolve, reject });
        if (!sending) void sendWaiting();
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    onGap(handler) {
      gapHandlers.push(handler);
    },
    get listening() {
      return client !== null;
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
