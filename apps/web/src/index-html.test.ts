import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { de } from './i18n/de';

const indexHtml = fs.readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8');

describe('index.html', () => {
  it("shows the app's loading status from the first paint, in the app's own words, until the app renders", () => {
    const page = new DOMParser().parseFromString(indexHtml, 'text/html');
    const status = page.querySelector('#root > [role="status"]');
    expect(status?.textContent).toBe(de.common.loading);
  });
});
