import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childEntry } from './child-entry';

describe('the entry of a process the server starts', () => {
  it('in a build is the bundle beside the running one, without tsx', () => {
    const root = path.join(path.sep, 'srv', 'bauakte');
    const built = pathToFileURL(path.join(root, 'dist', 'main.js')).href;
    expect(childEntry(built, './pdf-process.ts', 'pdf-process.js')).toEqual({ file: path.join(root, 'dist', 'pdf-process.js'), execArgv: [] });
  });
});
