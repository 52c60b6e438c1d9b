// The real app (buildApp) on SQLite, or on PostgreSQL with BENCH_DATABASE_URL, with one architect
// logged in; prints its port and token for the load generator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { buildApp } from '../../apps/server/src/app';
import { migrateToLatest, openDatabase } from '../../apps/server/src/platform/db/database';
import { hashPassword } from '../../apps/server/src/platform/auth/password';
import { createUserRepository } from '../../apps/server/src/modules/users/repository';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-bench-'));
const postgresUrl = process.env.BENCH_DATABASE_URL;
// On PostgreSQL the bench works in a schema of its own and drops it on exit.
const schema = postgresUrl ? `bench_${process.pid}` : undefined;
async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}
if (schema) await onPostgres(`create schema ${schema}`);
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'none'), UPLOAD_MAX_BYTES: String(256 * 1024 * 1024) });
const database = openDatabase({ databaseUrl: postgresUrl, postgresSchema: schema, sqliteFile: path.join(dataDir, 'app.db') });
await migrateToLatest(database.db);
const { app } = await buildApp({ config, database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0000', logger: false });
const now = new Date().toISOString();
const username = `bench${Date.now()}`;
await createUserRepository(database.db).insert({
  username,
  role: 'ARCHI',
  status: 'ACTIVE',
  passwordHash: await hashPassword('bench-passwort'),
  createdAt: now,
  updatedAt: now,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'bench-passwort' } });
const token: string = login.json().token;
// Two projects of the architect: one receives the large uploads, one holds many files to list.
const newProject = async (name: string) =>
  (await app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: { authorization: `Bearer ${token}` }, payload: { name } })).json<{ id: number }>().id;
const projectId = await newProject('Upload');
const listProjectId = await newProject('Liste');
// A customer of the architect and their chat, for the live channel's figures.
const clientUsername = `kunde${Date.now()}`;
await createUserRepository(database.db).insert({
  username: clientUsername,
  role: 'CLIENT',
  status: 'ACTIVE',
  passwordHash: await hashPassword('bench-passwort'),
  createdById: (await createUserRepository(database.db).findByUsername(username))!.id,
  createdAt: now,
  updatedAt: now,
});
const clientToken: string = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: clientUsername, password: 'bench-passwort' } })).json().token;
const chatId = (
  await app.inject({
    method: 'POST',
    url: '/api/MessageManagment/createChat',
    headers: { authorization: `Bearer ${token}` },
    payload: { message: 'Bench', senderUsername: username, receiverUsername: clientUsername },
  })
).json<{ chatId: number }>().chatId;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, token, username, projectId, listProjectId, clientToken, clientUsername, chatId })}\n`);

// Exit cleanly on a signal (so --cpu-prof can write its output), leaving no schema or files behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (async () => {
      await app.close();
      await database.close();
      if (schema) await onPostgres(`drop schema ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}
