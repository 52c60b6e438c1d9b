// The built server with the demo data on a fresh data folder, for the benches that drive the app in
// Chromium as a person of the demo would (take-along.ts, offline-start.ts). Needs `npm run build`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/server/src/platform/db/database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface DemoSite {
  origin: string;
  /** The server's data folder: its SQLite file tells which project to take. */
  dataDir: string;
  stop(): void;
}

async function waitForServer(origin: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (await fetch(`${origin}/api/health`).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('Der Server ist nicht gestartet.');
}

/** Starts the built server with DEMO=1 on the port and answers once it is up; `stop` ends it and removes its data. */
export async function startDemoSite(port: number): Promise<DemoSite> {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-demo-site-'));
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn' },
  });
  const stop = () => {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(origin);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, dataDir, stop };
}

/** The demo's client project with the most files (most PDF pages on a tie), and one of its PDF plans with pages. */
export interface LargestProject {
  projectId: number;
  projectName: string;
  /** Its client, who logs in. */
  username: string;
  files: number;
  pages: number;
  planFileId: number | null;
}

/** Read from the site's SQLite file. */
export async function largestClientProject(site: DemoSite): Promise<LargestProject> {
  const handle = openDatabase({ sqliteFile: path.join(site.dataDir, 'app.db') });
  try {
    const row = await handle.db
      .selectFrom('projectFiles')
      .innerJoin('projects', 'projects.id', 'projectFiles.projectId')
      .innerJoin('users', 'users.id', 'projects.assignedUserId')
      .select((eb) => ['projectFiles.projectId as projectId', 'projects.name as projectName', 'users.username as username', eb.fn.countAll<number>().as('files'), eb.fn.sum<number>('projectFiles.pageCount').as('pages')])
      .groupBy(['projectFiles.projectId', 'projects.name', 'users.username'])
      .orderBy('files', 'desc')
      .orderBy('pages', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const plan = await handle.db
      .selectFrom('projectFiles')
      .select('id')
      .where('projectId', '=', Number(row.projectId))
      .where('documentType', '=', 'PDF')
      .where('pageCount', 'is not', null)
      .orderBy('id')
      .executeTakeFirst();
    return { projectId: Number(row.projectId), projectName: row.projectName, username: row.username, files: Number(row.files), pages: Number(row.pages ?? 0), planFileId: plan?.id ?? null };
  } finally {
    await handle.close();
  }
}
