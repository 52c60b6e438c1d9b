import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childEntry, currentBundle } from './child-entry';

/** A checkout in miniature: the server's and the domain's sources, and a build of them. */
function checkout(root: string) {
  const server = path.join(root, 'apps', 'server');
  const write = (file: string, text: string, ageSeconds: number) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    const at = new Date(Date.now() - ageSeconds * 1000);
    fs.utimesSync(file, at, at);
  };
  write(path.join(server, 'src', 'modules', 'export', 'pdf-process.ts'), 'export {};', 60);
  write(path.join(root, 'packages', 'domain', 'src', 'index.ts'), 'export {};', 60);
  write(path.join(server, 'dist', 'pdf-process.js'), 'export {};', 30);
  return { server, write };
}

describe('the entry of a process the server starts', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bauakte-child-entry-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is the bundle in dist/ while it is newer than every source it is built from', () => {
    const { server } = checkout(root);
    expect(currentBundle(server, 'pdf-process.js')).toBe(path.join(server, 'dist', 'pdf-process.js'));
  });

  it('is no bundle once a source of the server or of the domain package changed after the build', () => {
    const { server, write } = checkout(root);
    write(path.join(root, 'packages', 'domain', 'src', 'labels.ts'), 'export const a = 1;', 0);
    expect(currentBundle(server, 'pdf-process.js')).toBeUndefined();
    write(path.join(root, 'packages', 'domain', 'src', 'labels.ts'), 'export const a = 1;', 90);
    write(path.join(server, 'src', 'modules', 'export', 'pdf-layout.ts'), 'export const b = 2;', 0);
    expect(currentBundle(server, 'pdf-process.js')).toBeUndefined();
  });

  it('stays the bundle when only a test changed, which the build does not bundle', () => {
    const { server, write } = checkout(root);
    write(path.join(server, 'src', 'modules', 'export', 'export.test.ts'), 'export {};', 0);
    expect(currentBundle(server, 'pdf-process.js')).toBe(path.join(server, 'dist', 'pdf-process.js'));
  });

  it('is no bundle when nothing was built', () => {
    const { server } = checkout(root);
    fs.rmSync(path.join(server, 'dist'), { recursive: true });
    expect(currentBundle(server, 'pdf-process.js')).toBeUndefined();
  });

  it('in a build is the bundle beside the running one, without tsx', () => {
    const built = pathToFileURL(path.join(root, 'dist', 'main.js')).href;
    expect(childEntry(built, './pdf-process.ts', 'pdf-process.js')).toEqual({ file: path.join(root, 'dist', 'pdf-process.js'), execArgv: [] });
  });
});
