import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export function createThrottleRepository(db: Kysely<Database>) {
  return {
    find: (key: string) =>
      db.selectFrom('loginThrottle').select(['failures', 'windowStartedAt']).where('key', '=', key).executeTakeFirst(),

    /** One atomic statement, so parallel failures are all counted. */
    countFailure: (key: string, now: string, windowStartCutoff: string) =>
      db
        .insertInto('loginThrottle')
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql<number>`case when login_throttle.window_started_at < ${windowStartCutoff} then 1 else login_throttle.failures + 1 end`,
            windowStartedAt: sql<string>`case when login_throttle.window_started_at < ${windowStartCutoff} then ${now} else login_throttle.window_started_at end`,
          }),
        )
        .execute(),

    remove: (key: string) => db.deleteFrom('loginThrottle').where('key', '=', key).execute(),
  };
}

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
