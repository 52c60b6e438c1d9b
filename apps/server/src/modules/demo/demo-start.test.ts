import { afterEach, describe, expect, it } from 'vitest';
import { killStartedServers, processStartTimeoutMs, startServer, tempDir } from '../../test/server-process';
import { demoPassword } from './seed-demo';

afterEach(() => {
  killStartedServers();
});

async function projectTotal(url: string, username: string): Promise<number> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: demoPassword }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const page = await fetch(`${url}/api/projects?pageSize=1`, { headers: { authorization: `Bearer ${token}` } });
  return ((await page.json()) as { total: number }).total;
}

describe('DEMO=1', () => {
  it('seeds an empty database before listening, logs the demo logins, and leaves a seeded database alone at the next start', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, PORT: '0', DEMO: '1', ADMIN_USERNAME: 'chef', ADMIN_PASSWORD: 'sehr-geheim' };
    const first = startServer(env);
    const [, url] = await first.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    expect(first.output()).toContain(`Passwort für alle Demo-Konten: ${demoPassword}`);
    expect(first.output()).toMatch(/5000 Projekte, 100000 Nachrichten/);
    // architekt1 works in the Vienna office of seven: 7 × 250 projects.
    expect(await projectTotal(url!, 'architekt1')).toBe(1750);
    first.child.kill('SIGTERM');
    await first.exited;

    const second = startServer(env);
    const [, again] = await second.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    expect(second.output()).toContain('DEMO: the database already holds projects, no demo data added');
    expect(await projectTotal(again!, 'architekt1')).toBe(1750);
  }, 3 * processStartTimeoutMs); // two starts, and the seeding of the full demo between them
});
