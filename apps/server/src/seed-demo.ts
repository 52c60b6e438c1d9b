// npm run seed:demo: fills the configured database (DATA_DIR or DATABASE_URL, as for the server)
// with the demo installation and prints the logins. `--scale=0.1` makes a smaller one.
import { ConfigError, loadConfig } from './config';
import { ensureWritableDataDir } from './platform/data-dir';
import { openAndMigrate } from './platform/db/open';
import { createObjectStore } from './platform/storage/create-store';
import { ensureFirstAdmin, type FirstAdminLog } from './modules/auth/first-admin';
import { openDataLayer } from './data-layer';
import { DemoRefusedError, demoLoginLines, seedDemo } from './modules/demo/seed-demo';

const consoleLog: FirstAdminLog = {
  info: (first: unknown, message?: unknown) => console.log(typeof first === 'string' ? first : String(message ?? '')),
  warn: (first: unknown, message?: unknown) => console.warn(typeof first === 'string' ? first : String(message ?? '')),
};

function scaleArgument(): number {
  const given = process.argv.find((argument) => argument.startsWith('--scale='));
  const scale = given ? Number(given.slice('--scale='.length)) : 1;
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10) throw new ConfigError('--scale must be a number above 0 and at most 10');
  return scale;
}

async function main(): Promise<void> {
  process.umask(0o077);
  const config = loadConfig();
  const scale = scaleArgument();
  ensureWritableDataDir(config.dataDir);
  const database = await openAndMigrate(config.databaseUrl, config.dataDir, config.databasePoolSize);
  const data = openDataLayer(database);
  try {
    const summary = await seedDemo(data, { scale, store: createObjectStore(config) });
    await ensureFirstAdmin(data.repos.users, config.admin, consoleLog);
    for (const line of demoLoginLines(summary)) console.log(line);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DemoRefusedError;
  console.error(known ? `seed:demo: ${error.message}` : error);
  process.exit(1);
});
