import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs } from './scripts/chromium-args.mjs';
import { defineConfig, type TraceMode } from '@playwright/test';
import { e2eAdmin, e2ePort, mailCatcherHttpPort, mailCatcherSmtpPort } from './e2e/support/env';

// One fresh data folder per run; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-e2e-'));

const traceModes: readonly TraceMode[] = ['off', 'on', 'retain-on-failure', 'retain-on-first-failure'];

function traceMode(value: string | undefined): TraceMode {
  if (value === undefined || value === '') return 'off';
  const mode = traceModes.find((known) => known === value);
  if (!mode) throw new Error(`E2E_TRACE=${value}: expected one of ${traceModes.join(', ')}`);
  return mode;
}

export default defineConfig({
  testDir: 'e2e',
  // Sized for a shared, slow machine, where a long spec's steps can all pass and the whole still
  // outlast a tighter limit. A hang still fails.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // The specs mostly wait for the browser and the server: with two workers the run used about a
  // quarter of two cores, so four halve the time. Every spec makes its own accounts and projects.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    // A trace of every test (a screencast and DOM snapshots, thrown away when the test passes) took
    // about a third of the run's CPU on two cores. A failing spec is run again with
    // E2E_TRACE=retain-on-failure; its screenshot and page snapshot are kept in any case.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
    // Installing the service worker precaches the whole app in every new context: a fifth of the
    // CPU of specs that never go offline. The specs about working offline and the start allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', ...chromiumArgs],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // Catches every mail the app sends (invitations, password resets) for the specs to read.
      command: 'node e2e/support/mail-catcher.mjs',
      url: `http://127.0.0.1:${mailCatcherHttpPort}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MAIL_CATCHER_SMTP_PORT: String(mailCatcherSmtpPort), MAIL_CATCHER_HTTP_PORT: String(mailCatcherHttpPort) },
    },
    {
      command: 'node apps/server/dist/main.js',
      url: `http://127.0.0.1:${e2ePort}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(e2ePort),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: `http://127.0.0.1:${e2ePort}`,
        ADMIN_USERNAME: e2eAdmin.username,
        ADMIN_PASSWORD: e2eAdmin.password,
        SMTP_URL: `smtp://127.0.0.1:${mailCatcherSmtpPort}`,
        LOG_LEVEL: 'warn',
        // Exports and previews beside the server's priority: at idle they would get no CPU while other work holds the cores.
        WORKER_PRIORITY: 'normal',
        // A spec writes a long chat through the API (60 messages at once): more than a person's minute.
        RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE: '1000',
      },
    },
  ],
});
