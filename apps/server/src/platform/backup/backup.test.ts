import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../../config';
import { buildApp } from '../../app';
import { migrateToLatest, openDatabase, type DatabaseHandle, type DialectName } from '../db/database';
import { hashPassword } from '../auth/password';
import { createUserRepository } from '../db/users-repository';
import { bearer, generousBudgets, mailsDelivered, testDialects, withPostgres } from '../../test/test-app';
import { multipartBody } from '../../test/multipart';
import { samplePdf, samplePng } from '../../test/sample-files';
import { killStartedServers, listeningUrl, processStartTimeoutMs, startServer, tempDir as newTempDir, type StartedServer } from '../../test/server-process';
import { readManifest } from './archive';
import { createBackup } from './backup';
import { filesBelow } from './file-tree';
import type { Manifest } from './manifest';
import { createBackupRepository } from './repository';
import { restoreBackup } from './restore';
import { restorePostgres } from './database-copy';
import { childEntry } from '../workers/child-entry';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Folders this file made in the system's temp folder, removed when it is done. */
const madeFolders: string[] = [];
const tempDir = (): string => {
  const dir = newTempDir();
  madeFolders.push(dir);
  return dir;
};
afterAll(() => madeFolders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const repositoryRoot = fileURLToPath(new URL('../../../../..', import.meta.url));

type Snapshot = Record<string, string[]>;

/** Every row of every table the database has (enumerated, not listed), as sorted JSON lines. */
async function readAllRows(database: DatabaseHandle): Promise<Snapshot> {
  const repository = createBackupRepository(database.db);
  const snapshot: Snapshot = {};
  for (const table of await repository.tables()) snapshot[table] = (await repository.rows(table)).map((row) => JSON.stringify(row)).sort();
  return snapshot;
}

async function readAllFiles(dataDir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const root = path.join(dataDir, 'files');
  for await (const key of filesBelow(root)) files.set(key, fs.readFileSync(path.join(root, key)));
  return files;
}

/** The archive unpacked, changed by edit, and packed again (manifest first) as a new file. */
async function repack(archive: string, edit: (dir: string) => void): Promise<string> {
  const dir = tempDir();
  await tar.extract({ file: archive, cwd: dir });
  edit(dir);
  const target = path.join(tempDir(), 'geaendert.tar.gz');
  await tar.create({ gzip: true, cwd: dir, file: target }, fs.readdirSync(dir).sort((a, b) => (a === 'manifest.json' ? -1 : b === 'manifest.json' ? 1 : a.localeCompare(b))));
  return target;
}

const passwords = { chef: 'chef-passwort', mara: 'mara-passwort', tom: 'tom-passwort', kunde: 'kunde-passwort' } as const;

/**
 * An installation with rows in every table, made through the API as its users would: a team and
 * an invited architect, a customer, projects, questionnaire answers and their change log, a
 * dashboard layout, notification settings, uploaded files (with thumbnails, a PDF's page rendered), a chat with umlauts.
 */
async function buildInstallation(config: Config, openInstallation: () => DatabaseHandle): Promise<{ chatId: number }> {
  const database = openInstallation();
  await migrateToLatest(database.db);
  const users = createUserRepository(database.db);
  const now = new Date().toISOString();
  for (const [username, role] of [['chef', 'ADMIN'], ['mara', 'ARCHI'], ['tom', 'ARCHI']] as const) {
    await users.insert({ username, role, status: 'ACTIVE', passwordHash: await hashPassword(passwords[username]), email: `${username}@example.at`, firstName: username === 'mara' ? 'Mara' : 'Tom', lastName: 'Gruber', createdAt: now, updatedAt: now });
  }
  const built = await buildApp({ config, database, jwtSecret: 'backup-test-secret-that-is-long-enough-0123456789', logger: false });
  const { app } = built;
  await app.ready();
  try {
    const call = async (token: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const response = await app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      return response.json<Record<string, unknown>>();
    };
    const login = async (username: string, password: string) => (await call(undefined, 'POST', '/api/auth/login', { username, password })).token as string;
    const chef = await login('chef', passwords.chef);
    await call(chef, 'POST', '/api/team/create', { name: 'Wien Süd' });
    for (const username of ['mara', 'tom']) await call(chef, 'POST', '/api/team/addMembers?teamName=Wien%20S%C3%BCd', { username });
    await call(chef, 'POST', '/api/team/createUser', { username: 'jürgen', email: 'juergen@example.at', firstName: 'Jürgen', lastName: 'Weiß', creationName: 'chef', teamName: 'Wien Süd' });
    // A failed login leaves a throttling row.
    expect((await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'mara', password: 'falsch-falsch' } })).statusCode).toBe(401);
    const mara = await login('mara', passwords.mara);
    await call(mara, 'POST', '/api/ClientManagment', { username: 'kunde', firstName: 'Käthe', lastName: 'Größ', email: 'kunde@example.at', creationName: 'mara' });
    const project = await call(mara, 'POST', '/api/ProjectManagment', { name: 'Dachgeschoß Ausbau', assignedUser: 'kunde' });
    await call(mara, 'POST', '/api/ProjectManagment', { name: 'Zubau Garage' });
    await call(mara, 'PUT', '/api/notificationSettings/mara', { chatAll: true, chatNone: false, formAll: false, form50: true, form75: false, form95: false, form100: false, formNone: false });
    await call(mara, 'PUT', '/api/dashboardLayout/architect', [{ i: 'projects', x: 0, y: 0, w: 2, h: 4 }]);
    await call(mara, 'PUT', `/api/general/${project.id}`, { buildingUsage: 'WOHNBAU', buildingtype: 'FREISTEHEND', apartmentUnits: 'UNITS_1_2', renovatedUnits: 'ALL', direction: 'S', constructionYear: 1965 });
    await call(mara, 'PUT', `/api/general/${project.id}`, { buildingUsage: 'WOHNBAU', buildingtype: 'FREISTEHEND', constructionYear: 1966 });
    // Tom (Mara's team-mate) takes the questionnaire to 50 %: Mara's setting 'from 50 %' records its notice.
    const tom = await login('tom', passwords.tom);
    await call(tom, 'PUT', `/api/storeys/${project.id}`, { roof: { roofType: 'SATTELDACH', isAtticHeated: false }, numberOfStoreys: '2', isBasementHeated: false, isRenovated: true });
    await call(mara, 'GET', `/api/DashboardClient/project/${project.id}`);
    const uploadedIds: number[] = [];
    for (const file of [{ name: 'Grundriss Erdgeschoß.pdf', bytes: samplePdf('Grundriss Erdgeschoß'), type: 'PDF' }, { name: 'Fassade.png', bytes: await samplePng(), type: 'PNG' }]) {
      const { payload, headers } = await multipartBody([
        ['projectId', String(project.id)],
        ['fileName', file.name],
        ['comment', 'Stand März'],
        ['documentType', file.type],
        ['file', { name: file.name, bytes: file.bytes }],
      ]);
      const uploaded = await app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...headers, ...bearer(mara) }, payload });
      expect(uploaded.statusCode).toBe(201);
      uploadedIds.push(uploaded.json<{ id: number }>().id);
    }
    // The plan viewer's page of the PDF (its first page is made after the upload's answer), kept in the store and counted.
    await built.background.drained();
    const listed = (await app.inject({ method: 'GET', url: `/api/s3/project/${String(project.id)}`, headers: bearer(mara) })).json<Array<{ id: number; pagesUrl: string | null }>>();
    const pagesUrl = listed.find((file) => file.id === uploadedIds[0])?.pagesUrl;
    expect(pagesUrl).toBeTruthy();
    expect((await app.inject({ method: 'GET', url: `${pagesUrl}&page=1&width=960` })).statusCode).toBe(200);
    // A pin on the plan, with the photo of the façade.
    const pin = await call(mara, 'POST', `/api/s3/project/${project.id}/files/${uploadedIds[0]}/pins`, { page: 1, x: 0.25, y: 0.75, comment: 'Riss über dem Fenster – „dringend“', photoFileId: uploadedIds[1] });
    // The pin as an open item: given to the client (who is mailed), answered, and its status changed.
    const assigned = await call(mara, 'PUT', `/api/s3/pins/${String(pin.id)}/item`, { kind: 'MANGEL', responsible: 'kunde', dueDate: '2026-12-10', version: pin.version });
    await call(mara, 'POST', `/api/s3/pins/${String(pin.id)}/replies`, { text: 'Bitte bis Mittwoch prüfen.' });
    await call(mara, 'POST', `/api/questionnaire/${String(project.id)}/follow-ups`, { questionKey: 'constructionYear', note: 'Stimmt das Baujahr 1890?' });
    await call(mara, 'PUT', `/api/s3/pins/${String(pin.id)}/status`, { status: 'IN_BEARBEITUNG', version: assigned.version });
    // A photo of the roof, kept with its question of the questionnaire.
    const roofPhoto = await multipartBody([
      ['projectId', String(project.id)],
      ['fileName', 'Dach von der Straße'],
      ['documentType', 'PNG'],
      ['question', 'roofType'],
      ['file', { name: 'dach.png', bytes: await samplePng(120, 80) }],
    ]);
    expect((await app.inject({ method: 'POST', url: '/api/s3/upload', headers: { ...roofPhoto.headers, ...bearer(mara) }, payload: roofPhoto.payload })).statusCode).toBe(201);
    const chat = await call(mara, 'POST', '/api/MessageManagment/createChat', { message: 'Grüß Gott, Frau Größ! Die Pläne für das Dachgeschoß sind da.', senderUsername: 'mara', receiverUsername: 'kunde' });
    // Notices and mails are sent after the answer.
    await mailsDelivered(built);
    return { chatId: chat.chatId as number };
  } finally {
    await app.close();
    await database.close();
  }
}

/** Sends chat messages to the running server as fast as it takes them, until stopped. */
function startWriting(url: string, token: string, chatId: number) {
  const acknowledged: Array<{ at: number }> = [];
  let running = true;
  const loop = async (writer: number) => {
    for (let i = 0; running; i += 1) {
      const response = await fetch(`${url}/api/MessageManagment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(token) },
        body: JSON.stringify({ message: `Schreiber ${writer}, Nachricht ${i}: Grüße aus Österreich`, senderUsername: 'mara', receiverUsername: 'kunde', chatId, isRead: false }),
      });
      if (response.status !== 201 && response.status !== 200) throw new Error(`message refused: ${response.status} ${await response.text()}`);
      acknowledged.push({ at: Date.now() });
    }
  };
  let failure: unknown;
  const loops = [loop(1), loop(2)].map((running) => running.catch((error: unknown) => (failure = error)));
  return {
    acknowledged,
    /** Resolves once count messages are stored; a refused message fails the test. */
    waitFor: (count: number) =>
      vi.waitFor(
        () => {
          if (failure) throw failure;
          if (acknowledged.length < count) throw new Error(`${acknowledged.length} of ${count} messages stored`);
        },
        { timeout: 60_000, interval: 20 },
      ),
    stop: async () => {
      running = false;
      await Promise.all(loops);
      if (failure) throw failure;
    },
  };
}

async function loginOver(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

describe.each(testDialects)('backup and restore on %s', (dialect: DialectName) => {
  const dataDir = tempDir();
  const schema = `test_backup_${process.pid}`;
  // The backup is taken while messages are written as fast as the server takes them: far beyond a person's budget.
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...generousBudgets, ...(dialect === 'postgres' ? { DATABASE_URL: `${postgresUrl}?options=-c%20search_path%3D${schema}` } : {}) };
  const config = loadConfig(env);
  const openInstallation = () => openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(dataDir, 'app.db') });
  const archive = path.join(tempDir(), 'bauakte-sicherung.tar.gz');
  const wipe = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') await withPostgres((client) => client.query(`drop schema if exists ${schema} cascade`));
  };
  const readInstallation = async () => {
    const database = openInstallation();
    try {
      return await readAllRows(database);
    } finally {
      await database.close();
    }
  };

  let manifest: Manifest;
  let before: Snapshot;
  let after: Snapshot;
  let filesBefore: Map<string, Buffer>;
  let secretBefore: string;
  let writtenDuringBackup: number;
  let server: StartedServer;

  beforeAll(async () => {
    if (dialect === 'postgres') await withPostgres((client) => client.query(`drop schema if exists ${schema} cascade; create schema ${schema}`));
    const { chatId } = await buildInstallation(config, openInstallation);
    server = startServer({ ...env, PORT: '0', LOG_LEVEL: 'info' });
    const url = await listeningUrl(server);
    const writer = startWriting(url, await loginOver(url, 'mara', passwords.mara), chatId);
    await writer.waitFor(5);
    before = await readInstallation();
    filesBefore = await readAllFiles(dataDir);
    secretBefore = fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');
    const started = Date.now();
    manifest = await createBackup(config, archive);
    const finished = Date.now();
    writtenDuringBackup = writer.acknowledged.filter((message) => message.at >= started && message.at <= finished).length;
    await writer.stop();
    after = await readInstallation();
  }, 120_000);

  afterAll(async () => {
    killStartedServers();
    await wipe();
  });

  it('backs up while the server writes, and restore refuses while that server runs', async () => {
    expect(writtenDuringBackup).toBeGreaterThan(0);
    expect(manifest).toMatchObject({ format: 'bauakte-backup', formatVersion: 1, dialect, jwtSecret: true, files: { store: 'disk', count: filesBefore.size } });
    expect(manifest.files.count).toBeGreaterThanOrEqual(3);
    await expect(restoreBackup(config, archive, { force: true })).rejects.toThrow(/Server läuft .* stop it before restoring/);
    if (dialect === 'postgres') {
      // The same refusal inside the restore's own transaction, for a server that starts after the first check.
      const unpacked = tempDir();
      await tar.extract({ file: archive, cwd: unpacked });
      const dump = path.join(unpacked, manifest.database.path);
      await expect(restorePostgres(config.databaseUrl!, schema, dump, manifest.database.rowCounts)).rejects.toThrow(`Ein Bauakte-Server läuft auf Schema ${schema} / a server is running on this database: stop it before restoring`);
    }
    expect(await readInstallation()).toEqual(after);
    server.child.kill();
    await server.exited;
  });

  it('restores into a wiped installation every row of every table and every file, as they were at backup time', async () => {
    await wipe();
    const restored = await restoreBackup(config, archive, { force: false });
    expect(restored.createdAt).toBe(manifest.createdAt);
    const rows = await readInstallation();

    // Every table of the installation had rows, so none was left out unnoticed.
    expect(Object.keys(rows).sort()).toEqual(Object.keys(before).sort());
    for (const [table, lines] of Object.entries(before)) expect(lines.length, table).toBeGreaterThan(0);
    for (const [table, lines] of Object.entries(rows)) {
      expect(lines.length, table).toBe(manifest.database.rowCounts[table]);
      const untouchedDuringBackup = JSON.stringify(before[table]) === JSON.stringify(after[table]);
      if (untouchedDuringBackup) {
        expect(lines, table).toEqual(before[table]);
        continue;
      }
      // Written while the backup ran: each restored row is one the server really had, then or later.
      // A throttle row is a counter (the writers' message budget) that moves on meanwhile: its key must be real.
      const identity = (line: string) => (table === 'login_throttle' ? (JSON.parse(line) as { key: string }).key : line);
      const known = new Set([...before[table]!, ...after[table]!].map(identity));
      expect(lines.filter((line) => !known.has(identity(line))), table).toEqual([]);
    }
    // Messages: all sent before the backup, and a consistent state of those sent during it. Each writer
    // sends its next message only once the last is stored, so the backup holds a beginning of each
    // writer's messages, without gaps. (Across the two writers PostgreSQL may commit a later id first.)
    const ids = (lines: string[]) => lines.map((line) => (JSON.parse(line) as { id: number }).id).sort((a, b) => a - b);
    const restoredIds = ids(rows.chat_messages!);
    expect(restoredIds).toEqual(expect.arrayContaining(ids(before.chat_messages!)));
    expect(ids(after.chat_messages!)).toEqual(expect.arrayContaining(restoredIds));
    const numbersByWriter = new Map<string, number[]>();
    for (const line of rows.chat_messages!) {
      const sent = /^Schreiber (\d+), Nachricht (\d+):/.exec((JSON.parse(line) as { body: string }).body);
      if (sent) numbersByWriter.set(sent[1]!, [...(numbersByWriter.get(sent[1]!) ?? []), Number(sent[2])]);
    }
    expect(numbersByWriter.size).toBeGreaterThan(0);
    for (const [writer, numbers] of numbersByWriter) expect(numbers.sort((a, b) => a - b), `Schreiber ${writer}`).toEqual(numbers.map((_, index) => index));
    expect(rows.chat_messages!.some((line) => line.includes('Grüß Gott, Frau Größ!'))).toBe(true);

    const files = await readAllFiles(dataDir);
    expect([...files.keys()].sort()).toEqual([...filesBefore.keys()].sort());
    for (const [key, bytes] of filesBefore) expect(files.get(key)!.equals(bytes), key).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secretBefore);
  });

  it('starts a server on the restored installation, where the architect logs in and downloads a restored file byte for byte', async () => {
    const restarted = startServer({ ...env, PORT: '0', LOG_LEVEL: 'info' });
    try {
      const url = await listeningUrl(restarted);
      const token = await loginOver(url, 'mara', passwords.mara);
      const project = (await readInstallation()).projects!.map((line) => JSON.parse(line) as { id: number; name: string }).find((row) => row.name === 'Dachgeschoß Ausbau')!;
      const listed = (await (await fetch(`${url}/api/s3/project/${project.id}`, { headers: bearer(token) })).json()) as Array<{ url: string; name: string }>;
      // Fassade.png is the pin's photo: kept with its item, not among the plans.
      expect(listed.map((file) => file.name).sort()).toEqual(['Grundriss Erdgeschoß.pdf']);
      const pdf = listed.find((file) => file.name.endsWith('.pdf'))!;
      const download = Buffer.from(await (await fetch(`${url}${pdf.url}`)).arrayBuffer());
      expect(download.equals(samplePdf('Grundriss Erdgeschoß'))).toBe(true);
    } finally {
      restarted.child.kill();
      await restarted.exited;
    }
  }, processStartTimeoutMs);

  it('refuses a non-empty installation without --force and replaces it with --force', async () => {
    const database = openInstallation();
    const now = new Date().toISOString();
    await createUserRepository(database.db).insert({ username: 'nachher', role: 'ARCHI', status: 'INVITED', passwordHash: null, createdAt: now, updatedAt: now });
    await database.close();
    fs.writeFileSync(path.join(dataDir, 'files', 'spaeter.txt'), 'nach der Sicherung');

    await expect(restoreBackup(config, archive, { force: false })).rejects.toThrow(/nicht leer .* restore with --force/);
    expect(JSON.stringify(await readInstallation())).toContain('nachher');

    await restoreBackup(config, archive, { force: true });
    const rows = await readInstallation();
    expect(JSON.stringify(rows.users)).not.toContain('nachher');
    for (const [table, lines] of Object.entries(rows)) expect(lines.length, table).toBe(manifest.database.rowCounts[table]);
    expect([...(await readAllFiles(dataDir)).keys()].sort()).toEqual([...filesBefore.keys()].sort());
  });

  it('refuses a foreign, a damaged and a mismatched archive with one clear line, leaving the installation as it was', async () => {
    const rowsBefore = await readInstallation();
    const folder = tempDir();
    fs.writeFileSync(path.join(folder, 'notizen.txt'), 'keine Sicherung');
    const foreign = path.join(folder, 'fremd.tar.gz');
    await tar.create({ gzip: true, cwd: folder, file: foreign }, ['notizen.txt']);
    await expect(restoreBackup(config, foreign, { force: true })).rejects.toThrow(/keine Bauakte-Sicherung .* first entry is notizen.txt/);

    const text = path.join(folder, 'text.tar.gz');
    fs.writeFileSync(text, 'Das ist kein Archiv.');
    await expect(restoreBackup(config, text, { force: true })).rejects.toThrow(/beschädigt|keine Bauakte-Sicherung/);

    // Bytes changed after the manifest: the unpacked data no longer matches its checksums or its gzip trailer.
    const damaged = path.join(folder, 'beschaedigt.tar.gz');
    const bytes = fs.readFileSync(archive);
    const middle = Math.floor(bytes.length * 0.6);
    bytes.fill(0x41, middle, middle + 64);
    fs.writeFileSync(damaged, bytes);
    await expect(restoreBackup(config, damaged, { force: true })).rejects.toThrow(/beschädigt \/ the archive is damaged/);

    const otherDialect = loadConfig({ ...env, DATABASE_URL: dialect === 'sqlite' ? 'postgres://127.0.0.1:9/none' : '' });
    await expect(restoreBackup(otherDialect, archive, { force: true })).rejects.toThrow(/the backup holds a (SQLite|PostgreSQL) database but this installation uses/);

    expect(await readInstallation()).toEqual(rowsBefore);
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.'))).toEqual([]);
    expect((await readManifest(archive)).createdAt).toBe(manifest.createdAt);
  });

  it('leaves the installation as it was when the database in the archive turns out wrong half-way', async () => {
    const rowsBefore = await readInstallation();
    const filesNow = await readAllFiles(dataDir);
    const miscounted = await repack(archive, (dir) => {
      const edited = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
      edited.database.rowCounts.users! += 1;
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(edited));
    });
    const expected = manifest.database.rowCounts.users! + 1;
    await expect(restoreBackup(config, miscounted, { force: true })).rejects.toThrow(`Tabelle users hat ${expected - 1} Zeilen, erwartet ${expected}`);
    expect(await readInstallation()).toEqual(rowsBefore);
    expect([...(await readAllFiles(dataDir)).keys()].sort()).toEqual([...filesNow.keys()].sort());

    if (dialect === 'postgres') {
      // pg_restore stops in the middle of the data: what it had written is rolled back with the dropped schema.
      const truncated = await repack(archive, (dir) => {
        const dump = path.join(dir, manifest.database.path);
        fs.truncateSync(dump, Math.floor(fs.statSync(dump).size * 0.7));
      });
      await expect(restoreBackup(config, truncated, { force: true })).rejects.toThrow(/^pg_restore failed: /);
      expect(await readInstallation()).toEqual(rowsBefore);
    }
  });

  it('refuses an archive whose file bytes no longer match their sha256, and one from a newer Bauakte', async () => {
    const rowsBefore = await readInstallation();
    const changedFile = await repack(archive, (dir) => {
      const [key] = [...filesBefore.keys()];
      fs.writeFileSync(path.join(dir, 'files', key!), 'überschrieben');
    });
    await expect(restoreBackup(config, changedFile, { force: true })).rejects.toThrow(/the archive is damaged \(files\/.* does not match its sha256\)/);

    const newer = await repack(archive, (dir) => {
      const edited = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
      edited.database.migrations.push('2099-01-01T0000-from-the-future');
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(edited));
    });
    await expect(restoreBackup(config, newer, { force: true })).rejects.toThrow(/from a newer Bauakte .*2099-01-01T0000-from-the-future\): update Bauakte first/);
    expect(await readInstallation()).toEqual(rowsBefore);
  });
});

describe('the backup commands as the operator runs them', () => {
  const run = (command: string, args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(command, args, { cwd: repositoryRoot, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  it('writes an archive with npm run backup -- FILE and stops with exit code 1 and one line on a bad one', async () => {
    const dataDir = tempDir();
    const database = openDatabase({ sqliteFile: path.join(dataDir, 'app.db') });
    await migrateToLatest(database.db);
    await database.close();
    const file = path.join(tempDir(), 'sicherung.tar.gz');

    const backup = await run('npm', ['run', '--silent', 'backup', '--', file], { DATA_DIR: dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Sicherung geschrieben / backup written: ${file}`);
    expect((await readManifest(file)).database.migrations.length).toBeGreaterThan(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const again = await run('npm', ['run', '--silent', 'backup', '--', file], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toEqual([`Bauakte backup failed: ${file} existiert bereits / already exists: choose a new file name`]);

    const missing = await run('npm', ['run', '--silent', 'restore', '--', path.join(dataDir, 'fehlt.tar.gz')], { DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Bauakte restore failed: .*fehlt\.tar\.gz gibt es nicht \/ does not exist$/)]);
  }, 180_000);

  it('with the S3 store archives the database only and refuses to restore it onto the disk store', async () => {
    const dataDir = tempDir();
    const database = openDatabase({ sqliteFile: path.join(dataDir, 'app.db') });
    await migrateToLatest(database.db);
    await database.close();
    const s3Env = { DATA_DIR: dataDir, S3_BUCKET: 'bauakte-dateien', S3_ENDPOINT: 'http://127.0.0.1:9' };
    const file = path.join(tempDir(), 's3.tar.gz');
    const manifest = await createBackup(loadConfig(s3Env), file);
    expect(manifest.files).toEqual({ store: 's3', count: 0, bytes: 0, entries: [] });
    await expect(restoreBackup(loadConfig({ DATA_DIR: tempDir() }), file, { force: false })).rejects.toThrow(/files of this backup are in an S3 bucket: set S3_BUCKET/);
    fs.rmSync(path.join(dataDir, 'app.db'));
    await restoreBackup(loadConfig(s3Env), file, { force: false });
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);
  });

  it('removes what a killed backup left in DATA_DIR, and leaves nothing of its own', async () => {
    const dataDir = tempDir();
    const database = openDatabase({ sqliteFile: path.join(dataDir, 'app.db') });
    await migrateToLatest(database.db);
    await database.close();
    // A process id no process has: the backup that made this folder is gone.
    const leftover = path.join(dataDir, '.backup-2147483646-x1y2z3');
    fs.mkdirSync(path.join(leftover, 'files'), { recursive: true });
    fs.writeFileSync(path.join(leftover, 'files', 'geloescht.pdf'), 'Platz, der sonst nie frei würde');
    await createBackup(loadConfig({ DATA_DIR: dataDir }), path.join(tempDir(), 'a.tar.gz'));
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it.runIf(Boolean(postgresUrl))('says in one line that pg_dump is needed when it is not on the PATH', async () => {
    const nodeOnly = path.dirname(process.execPath);
    const entry = childEntry(import.meta.url, '../../backup-main.ts', 'backup.js');
    const result = await run(process.execPath, [...entry.execArgv, entry.file, 'backup', path.join(tempDir(), 'pg.tar.gz')], {
      DATA_DIR: tempDir(),
      DATABASE_URL: postgresUrl!,
      PATH: nodeOnly,
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Bauakte backup failed: pg_dump wurde nicht gefunden \/ pg_dump was not found on the PATH: install the PostgreSQL client tools/)]);
  });
});
