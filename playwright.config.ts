import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eAdmin, e2ePort, mailCatcherHttpPort, mailCatcherSmtpPort } from './e2e/support/env';

// One fresh data folder per run; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  // Sized for a shared, slow machine, where a long spec's steps can all pass and the whole still
  // outlast a tighter limit. A hang still fails.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Debian's Chromium on a machine without a network: nothing may phone home or download.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
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
        // A spec writes a long chat through the API (60 messages at once): more than a person's minute.
        RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE: '1000',
      },
    },
  ],
});
