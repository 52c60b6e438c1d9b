import pg from 'pg';

/** Runs one statement (create or drop the bench's schema) on its own connection to the given database. */
export async function onPostgres(url: string | undefined, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
