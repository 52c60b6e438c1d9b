// The real app (buildApp) on SQLite, or on PostgreSQL with BENCH_DATABASE_URL, with one architect
// logged in; prints its port and token for the load generator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onPostgres } from './on-postgres';
import { uploadBody, type UploadedFile } from './upload-body';
import { unspentBudgets } from './budgets';
import sharp from 'sharp';
import { loadConfig } from '../../apps/server/src/config';
import { buildApp } from '../../apps/server/src/app';
import { migrateToLatest, openDatabase } from '../../apps/server/src/platform/db/database';
import { hashPassword } from '../../apps/server/src/platform/auth/password';
import { createUserRepository } from '../../apps/server/src/platform/db/users-repository';
import { samplePdf } from '../../apps/server/src/test/sample-files';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-bench-'));
const postgresUrl = process.env.BENCH_DATABASE_URL;
// On PostgreSQL the bench works in a schema of its own and drops it on exit.
const schema = postgresUrl ? `bench_${process.pid}` : undefined;
if (schema) await onPostgres(postgresUrl, `create schema ${schema}`);
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: path.join(dataDir, 'none'),
  UPLOAD_MAX_BYTES: String(256 * 1024 * 1024),
  ...unspentBudgets,
  // bench/run.ts measures the read once more with the cache off (0).
  ...(process.env.SESSION_CACHE_SECONDS ? { SESSION_CACHE_SECONDS: process.env.SESSION_CACHE_SECONDS } : {}),
});
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
// With BENCH_EXPORT_PROJECT=1: the customer's project with a finished questionnaire and 20 photos, to
// export; and one of 50 plans named as long as names may be, without a space.
const exportProjectId = process.env.BENCH_EXPORT_PROJECT === '1' ? await exportProject() : undefined;
const longNamesProjectId = process.env.BENCH_EXPORT_PROJECT === '1' ? await longNamesProject() : undefined;

async function exportProject(): Promise<number> {
  const architect = { authorization: `Bearer ${token}` };
  const client = { authorization: `Bearer ${clientToken}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/ProjectManagment',
    headers: architect,
    payload: {
      name: 'Thermische Sanierung Mühlgasse 12',
      assignedUser: clientUsername,
      description: 'Dämmung der obersten Geschoßdecke, Fenstertausch und Umstieg auf eine Wärmepumpe. '.repeat(8),
      address: { street: 'Mühlgasse', number: '12/3/5', city: 'Gmünd', katastral: 1004, postalCode: '3950', country: 'Österreich' },
    },
  });
  const id = created.json<{ id: number }>().id;
  const answers: Record<string, object> = {
    general: { buildingUsage: 'WOHNBAU', buildingtype: 'ECKHAUS', apartmentUnits: 'UNITS_3_9', renovatedUnits: 'ALL', direction: 'SO', constructionYear: 1968 },
    storeys: { roof: { roofType: 'SATTELDACH', isAtticHeated: false }, numberOfStoreys: '3', isBasementHeated: false, isRenovated: true },
    windows: { isDifferentWindows: false, windowConstructionYear: 1994, typeOfGlass: 'DOUBLE_ISOLATION', frameMaterial: 'PLASTIC', isRollerBlindHousing: true },
    heating: { heatProducer: 'LOW_TEMP_BOILER', fuelType: 'GAS', constructionYearHeating: 'um 1990', hotWaterProduction: 'CENTRALIZED_THROUGH_HEATING', heatEmission: 'SMALL_AREA_HEAT_EMISSION', temperatureRegulation: 'SINGLE_ROOM_VALVE' },
  };
  for (const [step, body] of Object.entries(answers)) {
    const saved = await app.inject({ method: 'PUT', url: `/api/${step}/${id}`, headers: client, payload: body });
    if (saved.statusCode !== 200) throw new Error(`${step}: ${saved.statusCode} ${saved.body}`);
  }
  // Photos as a phone takes them (2,000 × 1,500 JPEG with some texture), each with its preview.
  for (let index = 0; index < 20; index++) {
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120 + index, sigma: 40 } } }).jpeg({ quality: 85 }).toBuffer();
    await upload(client, id, { title: `Foto ${index + 1} – Fassade`, comment: 'Aufgenommen bei der Begehung, Blick nach Südosten.', documentType: 'JPG', fileName: `foto-${index + 1}.jpg`, contentType: 'image/jpeg', bytes: photo });
  }
  return id;
}

async function upload(headers: Record<string, string>, projectId: number, file: UploadedFile): Promise<void> {
  const { payload, contentType } = uploadBody(projectId, file);
  const uploaded = await app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, 'content-type': contentType }, payload });
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
}

/** 50 PDF plans whose titles (200 characters) and file names (255) hold no space to break a line at. */
async function longNamesProject(): Promise<number> {
  const architect = { authorization: `Bearer ${token}` };
  const created = await app.inject({
    method: 'POST',
    url: '/api/ProjectManagment',
    headers: architect,
    payload: { name: `Projekt${'N'.repeat(193)}`, assignedUser: clientUsername, address: { street: 'Mühlgasse', number: '12', city: 'Gmünd', katastral: 1004, postalCode: '3950', country: 'Österreich' } },
  });
  const id = created.json<{ id: number }>().id;
  for (let index = 0; index < 50; index++) {
    const suffix = String(index).padStart(2, '0');
    await upload(architect, id, {
      title: `Plan${suffix}${'W'.repeat(194)}`,
      comment: `Kommentar${'x'.repeat(246)}`,
      documentType: 'PDF',
      fileName: `Plan${suffix}${'m'.repeat(245)}.pdf`,
      contentType: 'application/pdf',
      bytes: samplePdf(),
    });
  }
  return id;
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, token, username, projectId, listProjectId, clientToken, clientUsername, chatId, exportProjectId, longNamesProjectId })}\n`);

// Exit cleanly on a signal (so --cpu-prof can write its output), leaving no schema or files behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (async () => {
      await app.close();
      await database.close();
      if (schema) await onPostgres(postgresUrl, `drop schema ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}
