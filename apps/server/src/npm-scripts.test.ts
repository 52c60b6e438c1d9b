import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeVersionProblem, requiredNapiVersion, requiredNodeVersion } from '../../../scripts/check-node.mjs';
import { processStartTimeoutMs, tempDir } from './test/server-process';

// The operator's entry points in package.json (npm start, test, dev, bench, backup, restore,
// seed:demo), run as npm runs them.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const requireFromServer = createRequire(new URL('../package.json', import.meta.url));
const requireFromWeb = createRequire(new URL('../../web/package.json', import.meta.url));
const requireFromRoot = createRequire(new URL('../../../package.json', import.meta.url));

/** The lowest version of the newest line an engines range allows: '^20.19.0 || >=22.12.0' → [22, 12, 0]. */
function lowestOfNewestLine(range: string): number[] {
  const newest = range.split('||').at(-1)!.trim();
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(newest);
  if (!match) throw new Error(`unexpected engines range ${range}`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** a ≥ b for [major, minor, patch] versions. */
function atLeast(a: readonly number[], b: readonly number[]): boolean {
  const differing = a.findIndex((part, i) => part !== b[i]);
  return differing === -1 || a[differing]! > b[differing]!;
}

describe('the Node.js version check', () => {
  it('refuses Node 20, 22 before 22.19 and 23 before Node-API 10 in one line that says what to install, and accepts 22.19 and later', () => {
    const problem = nodeVersionProblem('v20.20.2', '9');
    expect(problem).toBe(
      "Bauakte needs Node.js 22.19 or later (Node.js 24 LTS recommended, see .nvmrc), this is Node.js v20.20.2: install Node.js 24 ('nvm install' in this folder, or https://nodejs.org/), then run 'npm ci' again so the native modules are rebuilt for it.",
    );
    expect(nodeVersionProblem('18.19.0', '9')).toContain('this is Node.js v18.19.0');
    // 22.12 loads better-sqlite3's binary and crashes: it has Node-API 9.
    expect(nodeVersionProblem('v22.12.0', '9')).toContain('Node.js 22.19 or later');
    // 22.14 has Node-API 10, but lighthouse (a development dependency) needs 22.19: npm install refuses it.
    expect(nodeVersionProblem('v22.14.0', '10')).toContain('this is Node.js v22.14.0');
    expect(nodeVersionProblem('v23.5.0', '9')).toContain('this is Node.js v23.5.0');
    for (const [version, napi] of [['v22.19.0', '10'], ['v22.21.1', '10'], ['v23.6.0', '10'], ['v24.0.0', '10'], ['v25.1.0', '10'], [process.version, process.versions.napi]]) {
      expect(nodeVersionProblem(version!, napi), version).toBeNull();
    }
  });

  it("requires what package.json's engines says, which is at least what better-sqlite3 and Vite require, and better-sqlite3's Node-API version", () => {
    const engines = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('>=22.19');
    const required = requiredNodeVersion();
    expect(required).toEqual([22, 19, 0]);
    for (const [name, resolve] of [['better-sqlite3', requireFromServer], ['vite', requireFromWeb]] as const) {
      const manifest = resolve(`${name}/package.json`) as { engines: { node: string } };
      const needed = lowestOfNewestLine(manifest.engines.node);
      // The check must not let through a Node the dependency refuses.
      expect(atLeast(required, needed), `${name} needs ${manifest.engines.node}, the check lets ${required.join('.')} through`).toBe(true);
    }
    const bindingGyp = fs.readFileSync(path.join(path.dirname(requireFromServer.resolve('better-sqlite3/package.json')), 'binding.gyp'), 'utf8');
    const napiOfBetterSqlite = Number(/NAPI_VERSION=(\d+)/.exec(bindingGyp)?.[1]);
    expect(napiOfBetterSqlite).toBeGreaterThan(0);
    expect(requiredNapiVersion).toBeGreaterThanOrEqual(napiOfBetterSqlite);
  });

  it('is what npm install enforces (engine-strict), and every package it installs accepts the lowest Node that engines allows', () => {
    expect(fs.readFileSync(path.join(root, '.npmrc'), 'utf8').split('\n')).toContain('engine-strict=true');
    // npm's own range check, which engine-strict applies to each package of the lockfile.
    const { satisfies } = requireFromRoot('semver') as { satisfies(version: string, range: string): boolean };
    const lowest = requiredNodeVersion().join('.');
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: unknown }; optional?: boolean }> };
    const refusing = Object.entries(lock.packages).flatMap(([name, entry]) => {
      const range = entry.engines?.node;
      // An optional package that does not fit is left out by npm, not refused.
      return typeof range === 'string' && !entry.optional && !satisfies(lowest, range) ? [`${name} needs ${range}`] : [];
    });
    expect(refusing, `npm install refuses Node ${lowest}`).toEqual([]);
  });
});

// Debian's own Node (20 on the development machines) is what a bare `node` or `npm` runs there.
const systemNode = '/usr/bin/node';
const [systemNodeVersion = '', systemNodeNapi = ''] = fs.existsSync(systemNode)
  ? spawnSync(systemNode, ['-p', 'process.version + " " + process.versions.napi'], { encoding: 'utf8' }).stdout.trim().split(' ')
  : [];
const systemNodeProblem = systemNodeVersion === '' ? null : nodeVersionProblem(systemNodeVersion, systemNodeNapi);

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command in its own process group; a command that runs on past `ms` (npm alone takes seconds on a busy machine) is killed with its children. */
function run(command: string, args: string[], env: Record<string, string>, ms = 60_000): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { HOME: process.env.HOME ?? '', ...env }, detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), ms);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe.skipIf(systemNodeProblem === null)(`on ${systemNode} ${systemNodeVersion || '(missing)'}, older than required`, () => {
  const oldNodeFirst = { PATH: `${path.dirname(systemNode)}:${process.env.PATH ?? ''}` };

  it('node scripts/start.mjs stops with the one line and exit code 1 before better-sqlite3 loads', async () => {
    const result = await run(systemNode, ['scripts/start.mjs'], { ...oldNodeFirst, DATA_DIR: tempDir(), PORT: '0' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([systemNodeProblem]);
    expect(result.stdout).toBe('');
  });

  it.each(['start', 'test', 'run dev', 'run bench', 'run backup -- sicherung.tar.gz', 'run restore -- sicherung.tar.gz', 'run seed:demo'])(
    'npm %s stops with the one line and a non-zero exit code',
    async (command) => {
      const result = await run('npm', ['--silent', ...command.split(' ')], { ...oldNodeFirst, DATA_DIR: tempDir(), PORT: '0' });
      expect(result.code).not.toBe(0);
      expect(result.stderr.trim().split('\n')).toEqual([systemNodeProblem]);
    },
  );
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Whether something takes connections on the port. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start', () => {
  let npm: ChildProcess | undefined;
  let serverPid: number | undefined;

  afterEach(() => {
    npm?.kill('SIGKILL');
    // A server the signal did not reach would keep the port for the following tests.
    if (serverPid !== undefined && isAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
  });

  // Builds first when the build is missing or older than the sources (start.mjs decides, as for an
  // operator), as in a fresh clone, hence the long timeout; with a current build it takes a few seconds.
  it('stops the server and frees its port when npm itself gets SIGTERM', async () => {
    const port = await freePort();
    npm = spawn('npm', ['start'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: tempDir() },
    });
    let output = '';
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Bauakte läuft auf')) started();
    };
    npm.stdout!.on('data', collect);
    npm.stderr!.on('data', collect);
    const npmExited = new Promise<number | null>((resolve) => npm!.on('exit', resolve));

    await Promise.race([running, npmExited]);
    expect(output).toContain(`Bauakte läuft auf http://localhost:${port}`);
    const pid = Number(/"pid":(\d+)/.exec(output)?.[1]);
    serverPid = pid;
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    npm.kill('SIGTERM');
    await expect.poll(() => isListening(port), { message: 'the port is still taken 5 s after SIGTERM to npm', timeout: 5_000, interval: 100 }).toBe(false);
    // The port can be free before the server's last lines have come through npm's pipe.
    await npmExited;
    expect(output).toContain('Bauakte wird beendet');
    await expect.poll(() => isAlive(pid), { message: 'the server still runs 5 s after npm ended', timeout: 5_000, interval: 100 }).toBe(false);
  }, 4 * processStartTimeoutMs); // the web app's and the server's build, and the start
});
