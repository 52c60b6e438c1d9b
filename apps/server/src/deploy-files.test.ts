import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from './config';
import { createTestContext, type TestContext } from './test/test-app';

// No container runtime runs the tests: this checks what can be checked of Dockerfile, compose.yaml
// and the Caddyfile without one — that they name what the server reads and what the build makes.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function dockerfile(): Instruction[] {
  return read('Dockerfile')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [keyword = '', ...rest] = line.trim().split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** The instructions of the last (runtime) stage. */
function runtimeStage(): Instruction[] {
  const all = dockerfile();
  const lastFrom = all.map((instruction) => instruction.keyword).lastIndexOf('FROM');
  return all.slice(lastFrom);
}

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: unknown;
  volumes?: string[];
}

function compose(): { services: Record<string, ComposeService> } {
  return parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
}

/** Compose's interpolation of ${NAME}, ${NAME:-default} and ${NAME:?error} with the given variables. */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind?: string, fallback?: string) => {
    const given = variables[name];
    if (given) return given;
    if (kind === '?') throw new Error(`compose needs ${name}: ${fallback}`);
    return kind === '-' ? (fallback ?? '') : '';
  });
}

/** The files `npm run build` writes for the server, read from build.mjs's entry points and outdir. */
function serverBuildOutputs(): string[] {
  const build = read('apps/server/build.mjs');
  const entries = /entryPoints:\s*\{([^}]*)\}/.exec(build)?.[1] ?? '';
  const outdir = /outdir:\s*'([^']+)'/.exec(build)?.[1];
  const names = [...entries.matchAll(/(?:'([\w-]+)'|(\w+))\s*:/g)].map((match) => match[1] ?? match[2]);
  return names.map((name) => `apps/server/${outdir}/${name}.js`);
}

const secrets = { JWT_SECRET: 'j'.repeat(40), POSTGRES_PASSWORD: 'dbsecret42', MINIO_ROOT_PASSWORD: 'miniosecret42' };

describe('Dockerfile', () => {
  it('builds on a pinned Node 24 slim image, the same in every stage, and runs as the user node', () => {
    const instructions = dockerfile().filter((instruction) => instruction.keyword === 'FROM');
    const stages = instructions.flatMap((instruction) => /\bAS (\S+)$/i.exec(instruction.args)?.[1] ?? []);
    const images = instructions.map((instruction) => instruction.args.split(' ')[0]!).filter((image) => !stages.includes(image));
    expect(images.length).toBeGreaterThanOrEqual(2);
    expect(images[0]).toMatch(/^node:24\.\d+\.\d+-bookworm-slim$/);
    expect(new Set(images).size).toBe(1);
    const runtime = runtimeStage();
    expect(runtime[0]!.args).toBe(images[0]);
    expect(runtime.filter((instruction) => instruction.keyword === 'USER').map((instruction) => instruction.args)).toEqual(['node']);
  });

  it('starts the file `npm run build` writes, and carries the PDF process and the web app beside it', () => {
    const outputs = serverBuildOutputs();
    expect(outputs).toEqual(expect.arrayContaining(['apps/server/dist/main.js', 'apps/server/dist/pdf-process.js', 'apps/server/dist/preview-process.js']));
    const cmd = JSON.parse(runtimeStage().find((instruction) => instruction.keyword === 'CMD')!.args) as string[];
    expect(cmd[0]).toBe('node');
    expect(outputs).toContain(cmd[1]);
    // The PDF export and the previews start their bundles beside main.js (childEntry, in a build); the server serves ../../web/dist from there.
    expect(read('apps/server/src/modules/export/pdf/pdf-renderer.ts')).toContain("childEntry(import.meta.url, './pdf-process.ts', 'pdf-process.js')");
    expect(read('apps/server/src/modules/files/previews/pdf-previews.ts')).toContain("childEntry(import.meta.url, './preview-process.ts', 'preview-process.js')");
    expect(read('apps/server/src/app.ts')).toContain("new URL('../../web/dist', import.meta.url)");
    const build = dockerfile().map((instruction) => instruction.args).join('\n');
    expect(build).toContain('npm run build');
    expect(build).toContain('npm ci --omit=dev --workspace=@bauakte/server');
    const copied = runtimeStage().filter((instruction) => instruction.keyword === 'COPY').map((instruction) => instruction.args.split(' ').at(-1));
    expect(copied).toEqual(expect.arrayContaining(['./node_modules', 'apps/server/dist', 'apps/web/dist']));
  });

  it('finds every runtime dependency in the root node_modules the image copies (none nested below apps/server)', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, unknown> };
    expect(Object.keys(lock.packages).filter((key) => key.startsWith('apps/server/node_modules/'))).toEqual([]);
  });

  it('keeps DATA_DIR in a volume owned by node, exposes PORT and checks health on /api/ready', () => {
    const runtime = runtimeStage();
    const env = runtime.filter((instruction) => instruction.keyword === 'ENV').map((instruction) => instruction.args).join(' ');
    const port = /PORT=(\d+)/.exec(env)?.[1];
    expect(port).toBeDefined();
    expect(runtime.find((instruction) => instruction.keyword === 'EXPOSE')?.args).toBe(port);
    expect(env).toContain('DATA_DIR=/data');
    expect(runtime.find((instruction) => instruction.keyword === 'VOLUME')?.args).toBe('["/data"]');
    expect(runtime.find((instruction) => instruction.keyword === 'RUN')?.args).toContain('chown node:node /data');
    const envNames = [...env.matchAll(/(\w+)=/g)].map((match) => match[1]!).filter((name) => name !== 'NODE_ENV');
    expect(configVariables).toEqual(expect.arrayContaining(envNames));
  });

  it('keeps node_modules, builds, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['.git', '**/node_modules', '**/dist', 'data', '.env']));
  });
});

describe('the Dockerfile HEALTHCHECK command against a real server', () => {
  let ctx: TestContext;
  let elsewhere: TestContext;
  let port: string;
  let elsewherePort: string;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    port = new URL(await ctx.app.listen({ host: '127.0.0.1', port: 0 })).port;
    // HOST naming one address (another loopback address here): the server listens there only.
    elsewhere = await createTestContext('sqlite');
    elsewherePort = new URL(await elsewhere.app.listen({ host: '127.0.0.2', port: 0 })).port;
  });
  afterAll(async () => {
    await ctx.close();
    await elsewhere.close();
  });

  /** Runs the HEALTHCHECK's exec form as Docker would, with the container's PORT (and HOST). */
  function healthcheck(env: Record<string, string>): Promise<number | null> {
    const instruction = runtimeStage().find((candidate) => candidate.keyword === 'HEALTHCHECK')!;
    const exec = JSON.parse(instruction.args.slice(instruction.args.indexOf('CMD') + 3).trim()) as string[];
    expect(exec.join(' ')).toContain('/api/ready');
    const child = spawn(process.execPath, exec.slice(1), { env });
    return new Promise((resolve) => child.on('exit', resolve));
  }

  it('passes while the server is ready and fails once it is not', async () => {
    expect(await healthcheck({ PORT: port })).toBe(0);
    expect(await healthcheck({ PORT: port, HOST: '0.0.0.0' })).toBe(0);
    await sql`delete from kysely_migration`.execute(ctx.database.db);
    expect(await healthcheck({ PORT: port })).toBe(1);
  });

  it('asks the address HOST names, where the server listens', async () => {
    expect(await healthcheck({ PORT: elsewherePort, HOST: '127.0.0.2' })).toBe(0);
    expect(await healthcheck({ PORT: elsewherePort })).toBe(1);
  });
});

describe('compose.yaml', () => {
  it('pins every image', () => {
    for (const [name, service] of Object.entries(compose().services)) {
      if (service.build) continue;
      expect(service.image, name).toMatch(/:[^:]*\d[^:]*$/);
      expect(service.image, name).not.toMatch(/:latest$/);
    }
  });

  it('runs two app instances from the Dockerfile with the same settings, every one a variable config.ts knows', () => {
    const { services } = compose();
    const apps = Object.entries(services).filter(([, service]) => service.build !== undefined);
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    const [first, second] = apps.map(([, service]) => service.environment!);
    expect(second).toEqual(first);
    expect(configVariables).toEqual(expect.arrayContaining(Object.keys(first!)));
    expect(Object.keys(first!)).toEqual(expect.arrayContaining(['DATABASE_URL', 'JWT_SECRET', 'PUBLIC_URL', 'TRUST_PROXY', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'SMTP_URL']));
  });

  it('gives the apps settings config.ts accepts: PostgreSQL, MinIO path-style, behind the proxy', () => {
    const environment = compose().services.app1!.environment!;
    const env = Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, interpolate(String(value), secrets)]));
    const config = loadConfig(env);
    expect(config.databaseUrl).toBe('postgres://bauakte:dbsecret42@db:5432/bauakte');
    expect(config.jwtSecret).toBe(secrets.JWT_SECRET);
    expect(config.trustProxy).toBe(true);
    expect(config.publicUrl).toBe('https://localhost');
    expect(config.s3).toEqual({
      bucket: 'bauakte', endpoint: 'http://minio:9000', region: 'eu-central-1', forcePathStyle: true,
      credentials: { accessKeyId: 'bauakte', secretAccessKey: secrets.MINIO_ROOT_PASSWORD },
    });
    expect(config.smtpUrl).toBeUndefined();
    expect(() => interpolate(String(environment.JWT_SECRET), {})).toThrow(/JWT_SECRET/);
  });

  it('hands the apps the store MinIO runs with and the bucket the one-shot service creates', () => {
    const { services } = compose();
    const minio = services.minio!.environment!;
    const app = services.app1!.environment!;
    expect(app.S3_ACCESS_KEY_ID).toBe(minio.MINIO_ROOT_USER);
    expect(interpolate(app.S3_SECRET_ACCESS_KEY!, secrets)).toBe(interpolate(minio.MINIO_ROOT_PASSWORD!, secrets));
    const bucketService = Object.values(services).find((service) => JSON.stringify(service).includes('"mb"'))!;
    expect(JSON.stringify(bucketService)).toContain(`store/${app.S3_BUCKET}`);
    expect(app.S3_ENDPOINT).toMatch(/^http:\/\/minio:9000$/);
  });

  it('starts each service after what it depends on is healthy, and only on checks that exist', () => {
    const { services } = compose();
    const hasHealthcheck = (name: string) => services[name]!.healthcheck !== undefined || services[name]!.build !== undefined;
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services[dependency], `${name} → ${dependency}`).toBeDefined();
        if (condition === 'service_healthy') expect(hasHealthcheck(dependency), `${name} → ${dependency}`).toBe(true);
      }
    }
    expect(services.app1!.depends_on).toMatchObject({ db: { condition: 'service_healthy' } });
  });

  it('proxies to both app instances on the port the image listens on, WebSockets included', () => {
    const caddyfile = read('deploy/Caddyfile');
    const upstreams = /reverse_proxy\s+([^{\n]+)/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    const port = /PORT=(\d+)/.exec(runtimeStage().map((instruction) => instruction.args).join(' '))?.[1];
    expect(upstreams).toEqual([`app1:${port}`, `app2:${port}`]);
    expect(caddyfile).toMatch(/health_uri \/api\/ready/);
    expect(caddyfile).toMatch(/tls \{\$BAUAKTE_TLS:internal\}/);
    const proxy = compose().services.proxy!;
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});
