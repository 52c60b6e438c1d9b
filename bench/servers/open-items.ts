// The real app (buildApp) with open items (pins on plans) to measure, on SQLite or on PostgreSQL
// with BENCH_DATABASE_URL; prints its port, the architect's token and what it seeded as one JSON line.
// BENCH_SEED picks what: 'list' (a project of BENCH_OPEN_ITEMS items on 20 plans and one of 20 on one
// plan), 'report' (projects of BENCH_REPORT_ITEMS and 20 items, each with a photo of its own) or
// 'viewer' (one A1 plan with BENCH_VIEWER_PINS pins on its first page and one with 5; the built web
// app served from BENCH_WEB_DIST). Plans and photos go through the API (their previews made as at an
// upload); the pins, their replies and status changes straight into the tables through the pins'
// repository, in one transaction.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { pinKinds, type PinKind, type PinStatus } from '@bauakte/domain';
import { onPostgres } from './on-postgres';
import { uploadBody, type UploadedFile } from './upload-body';
import { unspentBudgets } from './budgets';
import { loadConfig } from '../../apps/server/src/config';
import { buildApp } from '../../apps/server/src/app';
import { migrateToLatest, openDatabase, type Db } from '../../apps/server/src/platform/db/database';
import { hashPassword } from '../../apps/server/src/platform/auth/password';
import { createUserRepository } from '../../apps/server/src/platform/db/users-repository';
import { createPinRepository } from '../../apps/server/src/modules/pins/repository';
import { createItemPhotoRepository } from '../../apps/server/src/modules/files/repository';
import { samplePdf } from '../../apps/server/src/test/sample-files';
import { planPdf } from '../previews';

const seed = process.env.BENCH_SEED ?? 'list';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-bench-items-'));
const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;
const schema = postgresUrl ? `bench_${process.pid}` : undefined;
if (schema) await onPostgres(postgresUrl, `create schema ${schema}`);
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: process.env.BENCH_WEB_DIST ?? path.join(dataDir, 'none'),
  ...unspentBudgets,
  // One PDF process, at normal priority: the report's own time and memory, not its wait behind
  // other work on a shared machine (at idle priority it runs only when the machine has nothing else).
  EXPORT_MAX_CONCURRENT: '1',
  WORKER_PRIORITY: 'normal',
});
const database = openDatabase({ databaseUrl: postgresUrl, postgresSchema: schema, sqliteFile: path.join(dataDir, 'app.db') });
await migrateToLatest(database.db);
const { app } = await buildApp({ config, database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0000', logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

const now = new Date().toISOString();
const users = createUserRepository(database.db);
const passwordHash = await hashPassword('bench-passwort');
const person = (username: string, firstName: string, lastName: string) => ({ username, firstName, lastName, email: `${username}@example.at`, passwordHash, status: 'ACTIVE' as const, createdAt: now, updatedAt: now });
const architectId = await users.insert({ ...person('gruber', 'Maria', 'Gruber'), role: 'ARCHI' });
const clientId = await users.insert({ ...person('huber', 'Anna', 'Huber'), role: 'CLIENT', createdById: architectId });
const login = async (username: string) => (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: 'bench-passwort' } })).json<{ token: string }>().token;
const token = await login('gruber');
const architect = { authorization: `Bearer ${token}` };

async function newProject(name: string): Promise<number> {
  const created = await app.inject({ method: 'POST', url: '/api/ProjectManagment', headers: architect, payload: { name, assignedUser: 'huber' } });
  if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`project: ${created.statusCode} ${created.body}`);
  return created.json<{ id: number }>().id;
}

async function upload(projectId: number, file: UploadedFile): Promise<number> {
  const { payload, contentType } = uploadBody(projectId, file);
  const uploaded = await app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...architect, 'content-type': contentType }, payload });
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  return uploaded.json<{ id: number }>().id;
}

const uploadPlan = (projectId: number, index: number, bytes: Buffer) =>
  upload(projectId, { title: `Grundriss ${index + 1}. Obergeschoß`, fileName: `grundriss-${index + 1}.pdf`, documentType: 'PDF', contentType: 'application/pdf', bytes });

/** The plans' first pages are rendered in the background after the upload: the pins' views need them. */
async function previewsDone(): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const pending = await database.db.selectFrom('projectFiles').select(sql<number>`count(*)`.as('count')).where('previewPending', '=', 1).executeTakeFirstOrThrow();
    if (Number(pending.count) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the plans\' previews were not made within 5 minutes');
}

interface PinSpec {
  projectId: number;
  fileId: number;
  photoFileId?: number;
  /** A reply and a status change under the item, as the report shows them. */
  story?: boolean;
}

const statusesNotDone: PinStatus[] = ['OFFEN', 'IN_BEARBEITUNG'];
const kinds: readonly PinKind[] = pinKinds;

/**
 * The items, numbered per plan, spread over the page on a jittered grid; kinds, statuses (none done:
 * the list's default filter shows them all), the responsible person and due dates vary as in use.
 */
async function insertPins(specs: PinSpec[]): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const pins = createPinRepository(trx as Db);
    const photos = createItemPhotoRepository(trx as Db);
    const numbers = new Map<number, number>();
    for (const [index, spec] of specs.entries()) {
      const number = (numbers.get(spec.fileId) ?? 0) + 1;
      numbers.set(spec.fileId, number);
      const day = String(1 + (index % 28)).padStart(2, '0');
      const status = statusesNotDone[index % 2]!;
      const pinId = await pins.insert({
        projectId: spec.projectId,
        fileId: spec.fileId,
        page: 1,
        x: 0.03 + 0.94 * (((number * 37) % 100) / 100),
        y: 0.03 + 0.94 * (((number * 61) % 97) / 97),
        number,
        comment: `Anschluss Fensterbank ${number} prüfen: Fuge offen, Dichtband fehlt an der Laibung.`,
        createdById: architectId,
        createdByName: 'Maria Gruber',
        createdAt: now,
        updatedAt: now,
        status,
        kind: kinds[index % kinds.length]!,
        responsibleId: index % 3 === 0 ? null : index % 3 === 1 ? clientId : architectId,
        dueDate: index % 4 === 0 ? null : `2027-0${1 + (index % 9)}-${day}`,
      });
      if (spec.photoFileId) await photos.link(spec.projectId, { pinId }, [spec.photoFileId], now);
      if (!spec.story) continue;
      await pins.insertReply({ pinId, authorId: clientId, authorName: 'Anna Huber', text: 'Der Installateur kommt am Dienstag und sieht es sich an.', createdAt: now });
      if (status !== 'OFFEN') await pins.recordStatusChange({ pinId, fromStatus: 'OFFEN', toStatus: status, changedById: clientId, changedByName: 'Anna Huber', changedAt: now });
    }
  });
  // The table's statistics as PostgreSQL's autovacuum keeps them after such an insert: planned on
  // the empty table's, the list's statement ran as nested loops over 2,000 rows.
  if (postgresUrl) await sql`analyze`.execute(database.db);
}

/** `count` items spread evenly over the plans. */
const spread = (projectId: number, plans: number[], count: number, extra: (index: number) => Partial<PinSpec> = () => ({})): PinSpec[] =>
  Array.from({ length: count }, (_, index) => ({ projectId, fileId: plans[index % plans.length]!, ...extra(index) }));

async function seedList() {
  const items = Number(process.env.BENCH_OPEN_ITEMS ?? 2000);
  const large = await newProject('Wohnanlage Mühlgasse');
  const small = await newProject('Dachbodenausbau Gmünd');
  const largePlans: number[] = [];
  for (let index = 0; index < 20; index++) largePlans.push(await uploadPlan(large, index, samplePdf(`Plan ${index + 1}`)));
  const smallPlans = [await uploadPlan(small, 0, samplePdf('Plan'))];
  await previewsDone();
  await insertPins([...spread(large, largePlans, items), ...spread(small, smallPlans, 20)]);
  return { largeProjectId: large, smallProjectId: small, largeItems: items, smallItems: 20, plans: largePlans.length };
}

/** Photos as a phone takes them, a few distinct ones cycled (each item still gets an upload, a file and a preview of its own). */
async function phonePhotos(): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (let index = 0; index < 6; index++) {
    photos.push(await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 110 + index * 5, sigma: 40 } } }).jpeg({ quality: 85 }).toBuffer());
  }
  return photos;
}

async function seedReport() {
  const items = Number(process.env.BENCH_REPORT_ITEMS ?? 200);
  const photos = await phonePhotos();
  const plan = await planPdf(1);
  const reportProject = async (name: string, count: number) => {
    const projectId = await newProject(name);
    const plans: number[] = [];
    for (let index = 0; index < 5; index++) plans.push(await uploadPlan(projectId, index, plan));
    const photoIds: number[] = [];
    for (let index = 0; index < count; index++) {
      photoIds.push(await upload(projectId, { title: `Foto ${index + 1}`, fileName: `foto-${index + 1}.jpg`, documentType: 'JPG', contentType: 'image/jpeg', bytes: photos[index % photos.length]! }));
    }
    return { projectId, specs: spread(projectId, plans, count, (index) => ({ photoFileId: photoIds[index]!, story: true })) };
  };
  const large = await reportProject('Wohnanlage Mühlgasse', items);
  const small = await reportProject('Dachbodenausbau Gmünd', 20);
  await previewsDone();
  await insertPins([...large.specs, ...small.specs]);
  return { largeProjectId: large.projectId, smallProjectId: small.projectId, largeItems: items, smallItems: 20 };
}

async function seedViewer() {
  const pins = Number(process.env.BENCH_VIEWER_PINS ?? 500);
  const projectId = await newProject('Wohnanlage Mühlgasse');
  const plan = await planPdf(1);
  const manyPlanId = await uploadPlan(projectId, 0, plan);
  const fewPlanId = await uploadPlan(projectId, 1, plan);
  await previewsDone();
  await insertPins([...spread(projectId, [manyPlanId], pins), ...spread(projectId, [fewPlanId], 5)]);
  return { projectId, manyPlanId, fewPlanId, manyPins: pins, fewPins: 5 };
}

const seeders = { list: seedList, report: seedReport, viewer: seedViewer } as const;
if (!(seed in seeders)) throw new Error(`BENCH_SEED: one of ${Object.keys(seeders).join(', ')}`);
const seeded = await seeders[seed as keyof typeof seeders]();

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, token, username: 'gruber', password: 'bench-passwort', ...seeded })}\n`);

// Exit cleanly on a signal, leaving no schema or files behind.
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
