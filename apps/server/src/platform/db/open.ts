import path from 'node:path';
import { ConfigError } from '../../config';
import { checkDatabase, migrateToLatest, refreshStatistics, openDatabase, type DatabaseHandle } from './database';

/** The configured database (PostgreSQL, or SQLite in DATA_DIR), reachable and migrated: for the server and npm run seed:demo. */
export async function openAndMigrate(databaseUrl: string | undefined, dataDir: string, postgresPoolSize?: number): Promise<DatabaseHandle> {
  const database = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'app.db'), ...(postgresPoolSize ? { postgresPoolSize } : {}) });
  try {
    await checkDatabase(database.db);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`DATABASE_URL: the database cannot be reached (${reason})`);
  }
  await migrateToLatest(database.db);
  await refreshStatistics(database.db, 'start');
  return database;
}
