// Each Vitest worker runs its PostgreSQL tests in a database of its own: TEST_DATABASE_URL's name
// with the worker's number. Kysely's migrator reads the catalogue of the whole database, and that
// read fails when another worker drops a schema meanwhile ('schema … does not exist').
import pg from 'pg';

const base = process.env.TEST_DATABASE_URL;
const worker = process.env.VITEST_POOL_ID;

if (base && worker && !process.env.TEST_DATABASE_URL_SHARED) {
  const url = new URL(base);
  const name = `${decodeURIComponent(url.pathname.slice(1))}_worker${worker}`;
  const admin = new pg.Client({ connectionString: base });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      // 42P04: another run made it meanwhile.
      await admin.query(`create database "${name.replaceAll('"', '""')}"`).catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== '42P04') throw error;
      });
    }
  } finally {
    await admin.end();
  }
  url.pathname = `/${encodeURIComponent(name)}`;
  process.env.TEST_DATABASE_URL_SHARED = base;
  process.env.TEST_DATABASE_URL = url.toString();
}
