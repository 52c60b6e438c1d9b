import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { isDatabaseUnavailable, isStalePlan, rememberPostgresError } from './errors';

/**
 * The pool Kysely takes, sending each statement as a named one: PostgreSQL parses and plans every
 * statement anew when it comes unnamed, for every request on the same few statements.
 * Named, each connection prepares a statement once and afterwards only binds and executes it.
 *
 * - Names are hashes of the texts. Once `limit` different texts have been named, further new texts
 *   go unnamed, so no connection collects statements without bound.
 * - A statement prepared before another instance changed a table it reads (`select *` from a table
 *   that gained a column) fails with "cached plan must not change result type". The connection
 *   that held it is then closed instead of returned to the pool: one request fails, the next
 *   connection prepares afresh.
 * - A connection lost while a request holds it (the database restarted) would otherwise end the
 *   process: node-pg emits 'error' on the client, and the pool listens only to idle ones. Here it
 *   is reported as the pool's 'error', and the connection is closed instead of returned.
 * - Behind PgBouncer in transaction mode this needs its max_prepared_statements setting.
 */
export function withNamedStatements(pool: pg.Pool, limit = 1000): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= limit) return known;
    const name = `bauakte_${createHash('sha1').update(text).digest('hex')}`;
    names.set(text, name);
    return name;
  };

  return {
    connect: async () => {
      const client = await pool.connect().catch((error: unknown) => {
        rememberPostgresError(error);
        throw error;
      });
      let stale = false;
      let lost = false;
      const onError = (error: Error) => {
        lost = true;
        pool.emit('error', error, client);
      };
      client.on('error', onError);
      const run = async <R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> => {
        const name = nameOf(text);
        try {
          const result = await client.query({ text, values: [...parameters], ...(name === undefined ? {} : { name }) });
          return result as unknown as PostgresQueryResult<R>;
        } catch (error) {
          if (name !== undefined && isStalePlan(error)) stale = true;
          rememberPostgresError(error);
          // The database's FATAL answer comes before the socket closes: without this the connection
          // could go back to the pool and fail the next request too.
          if (isDatabaseUnavailable(error)) lost = true;
          throw error;
        }
      };
      function query<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(statement: string | PostgresCursor<R>, parameters: readonly unknown[] = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
        return typeof statement === 'string' ? run<R>(statement, parameters) : (client.query(statement as never) as PostgresCursor<R>);
      }
      const release = () => {
        client.off('error', onError);
        client.release(stale || lost);
      };
      const wrapped: PostgresPoolClient = { query, release };
      return wrapped;
    },
    end: () => pool.end(),
  };
}
