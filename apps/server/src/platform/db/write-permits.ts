import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * A pool whose writes wait for one of `permits` before they take a connection; reads never wait for
 * a permit, so `pool size − permits` connections are always left for them.
 *
 * Why: every commit waits until PostgreSQL has flushed its WAL to disk. When the disk is slow to
 * flush, all commits wait, and the writers arriving meanwhile would take every connection of the
 * pool. Reads, which need no flush, would then wait for a connection too, every operation as slow
 * as the disk. With permits, the reads go on answering while the writes wait for the disk.
 *
 * Kysely takes a connection before it knows the statement: here the connection is taken at the
 * first statement, which tells a read (a plain `select`) from a write (anything else — `begin`
 * too: a transaction counts as a write, as it is one that ends with a commit).
 */
export function withWritePermits(pool: PostgresPool, permits: number): PostgresPool {
  const writers = createSemaphore(permits);

  return {
    connect: async () => {
      let taking: Promise<PostgresPoolClient> | undefined;
      let client: PostgresPoolClient | undefined;
      let holdsPermit = false;

      const take = async (firstStatement: string): Promise<PostgresPoolClient> => {
        if (isWrite(firstStatement)) {
          await writers.acquire();
          holdsPermit = true;
        }
        try {
          client = await pool.connect();
          return client;
        } catch (error) {
          giveBackPermit();
          throw error;
        }
      };
      const giveBackPermit = () => {
        if (!holdsPermit) return;
        holdsPermit = false;
        writers.release();
      };

      function query<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(statement: string | PostgresCursor<R>, parameters: readonly unknown[] = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
        if (typeof statement !== 'string') {
          // A cursor is handed over at once, before a connection could be waited for.
          if (!client) throw new Error('withWritePermits: a streamed query needs a statement on its connection first');
          return client.query(statement);
        }
        taking ??= take(statement);
        return taking.then((taken) => taken.query<R>(statement, parameters));
      }

      const lazy: PostgresPoolClient = {
        query,
        release: () => {
          client?.release();
          giveBackPermit();
        },
      };
      return lazy;
    },
    end: () => pool.end(),
  };
}

/** Of a pool of `poolSize`, a quarter (at least one) is kept for reads; writes get the rest, at least one. */
export function writePermitsFor(poolSize: number): number {
  return Math.max(1, poolSize - Math.max(1, Math.floor(poolSize / 4)));
}

const plainSelect = /^\s*select\b/i;
const rowLock = /\bfor\s+(?:update|no\s+key\s+update|share|key\s+share)\b/i;

/** A statement that may have to wait for a commit's flush: anything but a select that locks no rows. */
export function isWrite(statement: string): boolean {
  return !plainSelect.test(statement) || rowLock.test(statement);
}

function createSemaphore(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    acquire: (): Promise<void> => {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release: (): void => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}
