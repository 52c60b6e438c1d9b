import { describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { wrapPureConstants } from './pure-domain-constants';

describe('wrapPureConstants', () => {
  it('wraps top-level calls and leaves literals, functions and the code inside them as they are', () => {
    const source = [
      "const label = 'Größe';",
      'export const sizeSchema: Schema = z.object({ size: z.number() }).strict();',
      'export const capabilities = Object.keys(roles) as Capability[];',
      'export const plain = { a: 1 };',
      'export function check(issues: string[]) {',
      "  const pushed = issues.push('x');",
      '  return pushed;',
      '}',
    ].join('\n');
    expect(wrapPureConstants(source, 'sizes.ts').split('\n')).toEqual([
      "const label = 'Größe';",
      'export const sizeSchema: Schema = /* @__PURE__ */ (() => z.object({ size: z.number() }).strict())();',
      'export const capabilities = /* @__PURE__ */ (() => Object.keys(roles))() as Capability[];',
      'export const plain = { a: 1 };',
      'export function check(issues: string[]) {',
      "  const pushed = issues.push('x');",
      '  return pushed;',
      '}',
    ]);
  });

  it('lets the bundler leave out a schema no import uses, with the calls in its arguments', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pure-constants-'));
    try {
      // Calls the bundler cannot see into, as zod's constructors are to it.
      const effect = "globalThis.built ??= []; export const make = (name: string) => { (globalThis as { built: string[] }).built.push(name); return { name, extend: (more: string) => make(name + more) }; };";
      fs.writeFileSync(path.join(folder, 'effect.ts'), effect);
      const domain = "import { make } from './effect';\nexport const used = make('used');\nexport const unused = make('unused').extend(make('argument').name);\n";
      fs.writeFileSync(path.join(folder, 'domain.ts'), wrapPureConstants(domain, 'domain.ts'));
      fs.writeFileSync(path.join(folder, 'main.ts'), "import { used } from './domain';\nconsole.log(used);\n");
      const output = await build({ root: folder, logLevel: 'silent', configFile: false, build: { write: false, minify: false, lib: { entry: path.join(folder, 'main.ts'), formats: ['es'], fileName: 'main' } } });
      const { output: files } = (Array.isArray(output) ? output[0] : output) as Rolldown.RolldownOutput;
      const code = files.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
      expect(code).toContain("make(\"used\")");
      expect(code).not.toContain('unused');
      expect(code).not.toContain('argument');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
