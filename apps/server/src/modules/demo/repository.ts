import { sql, type Insertable } from 'kysely';
import { isPostgresDb, type Db } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';

/** Tables whose rows the demo writes with ids of its own choosing. */
export const demoTablesWithIds = ['users', 'teams', 'projects', 'questionnaireChanges', 'projectFiles', 'chats', 'chatMessages'] as const;
export type DemoTableWithId = (typeof demoTablesWithIds)[number];

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Rows per INSERT: SQLite takes at most 32,766 parameters per statement, PostgreSQL 65,535; the
 * widest demo row (a project) has 15 columns.
 */
const rowsPerStatement = 1000;

export function createDemoRepository(db: Db) {
  return {
    projectCount: async (): Promise<number> =>
      Number((await db.selectFrom('projects').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow()).count),

    /** The highest id in use per table, so the demo's ids follow whatever is there (the first administrator). */
    async highestIds(): Promise<Record<DemoTableWithId, number>> {
      const entries = await Promise.all(
        demoTablesWithIds.map(async (table) => {
          const row = await db
            .selectFrom(table)
            .select((eb) => eb.fn.max<number | string | null>(sql.ref<number>('id')).as('highest'))
            .executeTakeFirstOrThrow();
          return [table, Number(row.highest ?? 0)] as const;
        }),
      );
      return Object.fromEntries(entries) as Record<DemoTableWithId, number>;
    },

    /** Many rows in statements of up to a thousand rows each. */
    async insertRows<T extends keyof Database & string>(table: T, rows: readonly Insertable<Database[T]>[]): Promise<void> {
      for (let start = 0; start < rows.length; start += rowsPerStatement) {
        const chunk = rows.slice(start, start + rowsPerStatement);
        // Kysely cannot narrow a generic table name to its row type; the caller's rows are typed by T.
        await db.insertInto(table).values(chunk as never).execute();
      }
    },

    /**
     * Both databases plan by statistics, which they gather only some time after a bulk load
     * (PostgreSQL's autovacuum, SQLite's PRAGMA optimize at the next start): until then PostgreSQL
     * guesses a few rows per architect where there are hundreds, and SQLite picks a worse index for
     * the customer list. Gather them at once.
     */
    async gatherStatistics(): Promise<void> {
      if (!isPostgresDb(db)) {
        await sql`analyze`.execute(db);
        return;
      }
      const tables = ['users', 'team_members', 'projects', 'project_views', 'questionnaire_answers', 'questionnaire_changes', 'project_files', 'chats', 'chat_messages'];
      await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
    },

    /**
     * PostgreSQL's identity columns do not notice explicit ids: move each sequence past the highest,
     * so the next project or message made in the portal gets a free id. SQLite keeps track itself.
     */
    async advanceIdSequences(): Promise<void> {
      if (!isPostgresDb(db)) return;
      for (const table of demoTablesWithIds) {
        const name = snakeCase(table);
        await sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce((select max(id) from ${sql.table(name)}), 0) + 1, false)`.execute(db);
      }
    },
  };
}

export type DemoRepository = ReturnType<typeof createDemoRepository>;

declare module '../../platform/db/repositories' {
  interface Repositories {
    readonly demo: DemoRepository;
  }
}
