import { sql } from 'kysely';
import { isPostgresDb, type Db } from '../db/database';
import type { MailOutboxRow, NewMailOutboxRow } from '../db/schema';

export function createMailQueueRepository(db: Db) {
  return {
    insert: async (row: NewMailOutboxRow): Promise<void> => {
      await db.insertInto('mailOutbox').values(row).execute();
    },

    /** Whether at least `count` mails wait to be sent: stops at the count, however many there are. */
    unsentAtLeast: async (count: number): Promise<boolean> =>
      (await db.selectFrom('mailOutbox').select('id').where('state', '=', 'PENDING').limit(1).offset(count - 1).executeTakeFirst()) !== undefined,

    /**
     * Takes up to `limit` due mails for this instance until `claimedUntil`, counting the attempt, in
     * one statement. On PostgreSQL rows another instance is claiming right now are skipped (SKIP
     * LOCKED), so every mail goes to one instance; a claim that has run out (its instance died) is
     * taken again. SQLite has one writer at a time: the conditional update alone is enough.
     */
    claimDue: (now: string, claimedUntil: string, limit: number): Promise<MailOutboxRow[]> => {
      const due = db
        .selectFrom('mailOutbox')
        .select('id')
        .where('state', '=', 'PENDING')
        .where('nextAttemptAt', '<=', now)
        .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
        .orderBy('nextAttemptAt')
        .limit(limit);
      return db
        .updateTable('mailOutbox')
        .set({ claimedUntil, attempts: sql<number>`attempts + 1`, lastAttemptAt: now })
        .where('id', 'in', isPostgresDb(db) ? due.forUpdate().skipLocked() : due)
        .returningAll()
        .execute();
    },

    markSent: async (id: number, sentAt: string): Promise<void> => {
      await db.updateTable('mailOutbox').set({ state: 'SENT', sentAt, claimedUntil: null }).where('id', '=', id).execute();
    },

    /** The attempt failed: tried again at nextAttemptAt, or given up (FAILED) without one. */
    markFailed: async (id: number, error: string, nextAttemptAt: string | null): Promise<void> => {
      await db
        .updateTable('mailOutbox')
        .set({ lastError: error, claimedUntil: null, ...(nextAttemptAt ? { nextAttemptAt } : { state: 'FAILED' }) })
        .where('id', '=', id)
        .execute();
    },

    /** Mails that failed at least once and were last tried since `since`: still pending, or given up. Newest first. */
    failuresSince: (since: string, limit: number): Promise<MailOutboxRow[]> =>
      db
        .selectFrom('mailOutbox')
        .selectAll()
        .where('state', 'in', ['PENDING', 'FAILED'])
        .where('lastAttemptAt', '>=', since)
        .where('lastError', 'is not', null)
        .orderBy('lastAttemptAt', 'desc')
        .limit(limit)
        .execute(),

    /** Removes sent and given-up mails last tried before `before`; answers how many. */
    deleteFinishedBefore: async (before: string): Promise<number> => {
      const result = await db.deleteFrom('mailOutbox').where('state', 'in', ['SENT', 'FAILED']).where('lastAttemptAt', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type MailQueueRepository = ReturnType<typeof createMailQueueRepository>;

declare module '../db/repositories' {
  interface Repositories {
    readonly mailOutbox: MailQueueRepository;
  }
}
