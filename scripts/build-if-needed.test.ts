import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, serverSources } from './build-if-needed.mjs';

/** A checkout in miniature: the server's and the domain's sources, and a build of them. */
function checkout(root: string) {
  const write = (file: string, text: string, ageSeconds: number) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
    const at = new Date(Date.now() - ageSeconds * 1000);
    fs.utimesSync(full, at, at);
  };
  write('apps/server/src/modules/export/pdf-process.ts', 'export {};', 60);
  write('packages/domain/src/index.ts', 'export {};', 60);
  write('apps/server/dist/pdf-process.js', 'export {};', 30);
  return write;
}

describe("the server's build", () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-build-current-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is current while it is newer than every source it is built from', () => {
    checkout(root);
    expect(buildIsCurrent(['apps/server/dist/pdf-process.js'], serverSources, root)).toBe(true);
  });

  it('is stale once a source of the server or of the domain package changed after the build', () => {
    const write = checkout(root);
    write('packages/domain/src/labels.ts', 'export const a = 1;', 0);
    expect(buildIsCurrent(['apps/server/dist/pdf-process.js'], serverSources, root)).toBe(false);
    write('packages/domain/src/labels.ts', 'export const a = 1;', 90);
    write('apps/server/src/modules/export/pdf-layout.ts', 'export const b = 2;', 0);
    expect(buildIsCurrent(['apps/server/dist/pdf-process.js'], serverSources, root)).toBe(false);
  });

  it('stays current when only a test changed, which no build bundles', () => {
    const write = checkout(root);
    write('apps/server/src/modules/export/export.test.ts', 'export {};', 0);
    expect(buildIsCurrent(['apps/server/dist/pdf-process.js'], serverSources, root)).toBe(true);
  });

  it('is not current when nothing was built', () => {
    checkout(root);
    fs.rmSync(path.join(root, 'apps/server/dist'), { recursive: true });
    expect(buildIsCurrent(['apps/server/dist/pdf-process.js'], serverSources, root)).toBe(false);
  });
});
