import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import config from '../../playwright.config';
import { e2ePort } from './env';

/**
 * A browser profile on disk, as a phone's browser or the installed app keeps one: closing every
 * window and opening the profile again is what 'the app opened again' means.
 */
export function newProfileDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-profile-'));
}

/** The profile opened in a browser of its own, set up as the other specs' contexts are, with the app's service worker as a device has it. */
export function openBrowserProfile(dir: string, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: config.use?.launchOptions?.executablePath,
    args: config.use?.launchOptions?.args,
    baseURL: `http://127.0.0.1:${e2ePort}`,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    viewport,
    // The runner's context defaults reach this browser too, and those block the service worker.
    serviceWorkers: 'allow',
  });
}

/** The profile gone from the disk, once its browser is closed. */
export function removeProfileDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
