/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const source = dirname(fileURLToPath(import.meta.url));

/** What a module loads when it runs: its imports and re-exports but those of types only, and its `import()`s apart. */
function runtimeImports(file: string): { static: string[]; dynamic: string[] } {
  const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = { static: [] as string[], dynamic: [] as string[] };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) found.static.push(node.moduleSpecifier.text);
    if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.static.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier)) found.dynamic.push(specifier.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function resolveRelative(from: string, specifier: string): string {
  const base = join(dirname(from), specifier);
  const file = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`${relative(source, from)}: cannot resolve ${specifier}`);
  return file;
}

/** Every domain file an entry's first evaluation runs, and the packages those files import before any `import()`. */
function loadedBy(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of runtimeImports(file).static) {
      if (specifier.startsWith('.')) visit(resolveRelative(file, specifier));
      else packages.add(specifier);
    }
  };
  visit(join(source, entry));
  return { files: [...files].map((file) => relative(source, file)), packages: [...packages] };
}

const exportsOf = (JSON.parse(readFileSync(join(source, '../package.json'), 'utf8')) as { exports: Record<string, string> }).exports;
const entryFile = (name: string) => relative(source, join(source, '..', exportsOf[name] ?? ''));

describe('the domain entry points', () => {
  it('loads no package, zod least of all, from /texts and /labels', () => {
    for (const entry of ['./texts', './labels']) {
      const { files, packages } = loadedBy(entryFile(entry));
      expect(files.length, entry).toBeGreaterThan(1);
      expect(packages, entry).toEqual([]);
    }
  });

  it('sees zod where a schema is', () => {
    expect(loadedBy(entryFile('./schemas')).packages).toContain('zod');
  });

  it('offers every module of the domain through one of /texts, /labels and /schemas', () => {
    const offered = new Set(['./texts', './labels', './schemas'].flatMap((entry) => loadedBy(entryFile(entry)).files));
    const all = ts.sys.readDirectory(source, ['.ts']).map((file) => relative(source, file)).filter((file) => !file.endsWith('.test.ts') && file !== 'index.ts' && file !== 'questionnaire/test-helpers.ts');
    expect(all.filter((file) => !offered.has(file))).toEqual([]);
  });
});
