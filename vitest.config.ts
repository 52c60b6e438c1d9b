// npm run test:unit runs every project below; npm run test:fast (see package.json) only those that
// start no process, use no S3 server and run no npm. The server's and the web's files that do are
// listed here, each with what it starts; the fast lane refuses to start a process
// (scripts/vitest/no-child-processes.ts), so a new one shows.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type UserWorkspaceConfig } from 'vitest/config';
import domainConfig from './packages/domain/vitest.config.ts';
import serverConfig from './apps/server/vitest.config.ts';
import webConfig from './apps/web/vitest.config.ts';

const noChildProcesses = fileURLToPath(new URL('./scripts/vitest/no-child-processes.ts', import.meta.url));

const slowServerTests = [
  // The server as a process of its own (test/server-process.ts), npm, or PostgreSQL's tools.
  'src/main.test.ts',
  'src/npm-scripts.test.ts',
  'src/deploy-files.test.ts',
  'src/shutdown.test.ts',
  'src/shutdown-deadline.test.ts',
  'src/database-restart.test.ts',
  'src/two-instances.test.ts',
  'src/modules/demo/demo-start.test.ts',
  'src/platform/backup/backup.test.ts',
  // The process pool, and the render processes of PDF exports and page previews.
  'src/platform/workers/process-pool.test.ts',
  'src/modules/export/export.test.ts',
  'src/modules/export/pdf/pdf-renderer.test.ts',
  'src/modules/files/previews/pdf-previews.test.ts',
  // A PDF upload, whose first page is rendered in a process of the preview pool.
  'src/modules/demo/seed-demo.test.ts',
  'src/modules/files/file-versions.test.ts',
  'src/modules/notifications/plan-notices.test.ts',
  'src/modules/notifications/item-notices.test.ts',
  'src/modules/pins/pins.test.ts',
  'src/modules/pins/item-photos.test.ts',
  'src/modules/projects/projects.test.ts',
  'src/modules/questionnaire/project-changes.test.ts',
  'src/platform/metrics/metrics.test.ts',
  // A page render and PDF exports among its routes.
  'src/platform/access/access-matrix.test.ts',
  // An S3 server (s3rver).
  'src/modules/files/files.test.ts',
  'src/modules/files/previews/page-cache.test.ts',
  'src/modules/health/health.test.ts',
  'src/platform/storage/object-store.test.ts',
];

const slowWebTests = [
  // Runs the built chunks in a Node process of their own.
  'vite-plugins/route-chunks.test.ts',
];

// Most web tests run each in a fresh VM context of one worker thread, which loads the shared
// modules once; these cannot: the bundler's native code refuses objects of another context, and
// a module mock whose factory throws does not reach a dynamic import there.
const ownProcessWebTests = ['vite-plugins/pure-domain-constants.test.ts', 'src/app/start/login-page-unavailable.test.tsx'];

/** A project of the fast lane: `base` with `test` changed (arrays replaced, not added to), and no process may start. */
function fast(base: UserWorkspaceConfig, root: string, test: NonNullable<UserWorkspaceConfig['test']>): UserWorkspaceConfig {
  const setupFiles = [base.test?.setupFiles ?? []].flat();
  return { ...base, test: { ...base.test, root, ...test, setupFiles: [...setupFiles, noChildProcesses] } };
}

/** `base` with `test` changed, for the tests that start processes or servers: as each app's config says. */
function withProcesses(base: UserWorkspaceConfig, root: string, name: string, include: string[]): UserWorkspaceConfig {
  return { ...base, test: { ...base.test, root, name, include } };
}

export default defineConfig({
  test: {
    // Vitest leaves a core to its main process by default; here that process is idle once the files
    // are transformed, so on two cores both run tests.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', ['json', { outputFile: 'reports/unit.json' }]],
    projects: [
      // The fast lane (npm run test:fast): these projects start no process, use no S3 server and run no npm.
      fast(domainConfig, './packages/domain', { isolate: false }),
      fast(webConfig, './apps/web', { exclude: [...configDefaults.exclude, ...slowWebTests, ...ownProcessWebTests], pool: 'vmThreads' }),
      fast(webConfig, './apps/web', { name: 'web-own-process', include: ownProcessWebTests }),
      // One module graph for all files: each test builds its own app and database, and loading the
      // same modules again for every file took most of the time.
      fast(serverConfig, './apps/server', { name: 'server-fast', exclude: [...configDefaults.exclude, ...slowServerTests], isolate: false }),
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
      // The rest of npm run test:unit.
      withProcesses(webConfig, './apps/web', 'web-processes', slowWebTests),
      withProcesses(serverConfig, './apps/server', 'server-processes', slowServerTests),
    ],
  },
});
