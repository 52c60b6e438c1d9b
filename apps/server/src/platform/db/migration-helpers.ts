import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they are frozen in time and must not follow today's schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MigrationDb = Kysely<any>;

export function isPostgres(db: MigrationDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key named id, in each dialect's own idiom. */
export function withIdColumn<T extends string>(db: MigrationDb, table: CreateTableBuilder<T>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
