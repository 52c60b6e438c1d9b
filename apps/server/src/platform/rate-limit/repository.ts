import { sql } from 'kysely';
import type { Db } from '../db/database';

export function createThrottleRepository(db: Db) {
  return {
    /**
     * Counts one attempt in a single atomic statement and answers the count including it, so that
     * parallel attempts each see a different number and at most the limit of them get through.
     */
    countAttempt: (key: string, now: string, windowStartCutoff: string) =>
      db
        .insertInto('loginThrottle')
        .values({ key, attempts: 1, windowStartedAt: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            attempts: sql<number>`case when login_throttle.window_started_at < ${windowStartCutoff} then 1 else login_throttle.attempts + 1 end`,
            windowStartedAt: sql<string>`case when login_throttle.window_started_at < ${windowStartCutoff} then ${now} else login_throttle.window_started_at end`,
          }),
        )
        .returning(['attempts', 'windowStartedAt'])
        .executeTakeFirstOrThrow(),

    /** Takes one attempt back (it succeeded), never below zero. */
    forgive: (key: string) =>
      db
        .updateTable('loginThrottle')
        .set({ attempts: sql<number>`login_throttle.attempts - 1` })
        .where('key', '=', key)
        .where('attempts', '>', 0)
        .execute(),

    remove: (key: string) => db.deleteFrom('loginThrottle').where('key', '=', key).execute(),
  };
}

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;

declare module '../db/repositories' {
  interface Repositories {
    readonly throttle: ThrottleRepository;
  }
}
