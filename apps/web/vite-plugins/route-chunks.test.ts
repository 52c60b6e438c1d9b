import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { chunksInCircles, codeSplittingOf, joinGroups, planRouteGroups, recordChunks, type BuildFacts, type StartChunks } from './route-chunks';

// A small app shaped like the web app: a login route, a shell with two pages, a dialog the shell
// loads later, and a logged-out page that shares the form code with the shell. Each module notes
// when it runs.
const app: Record<string, string> = {
  'main.ts': [
    "import { login } from './login';",
    "export const pages = { shell: () => import('./shell'), a: () => import('./page-a'), b: () => import('./page-b'), register: () => import('./register') };",
    'login();',
  ].join('\n'),
  'note.ts': 'export const note = (name: string) => { ((globalThis as { ran?: string[] }).ran ??= []).push(name); };',
  'login.ts': "import { note } from './note';\nnote('login');\nexport const login = () => 'login';",
  'ui-1.ts': "import { note } from './note';\nnote('ui-1');\nexport const ui1 = 'ui-1';",
  'ui-2.ts': "import { note } from './note';\nimport { ui1 } from './ui-1';\nnote('ui-2');\nexport const ui2 = ui1 + 'ui-2';",
  'forms.ts': "import { note } from './note';\nnote('forms');\nexport const forms = 'forms';",
  'shell.ts': [
    "import { note } from './note';",
    "import { ui2 } from './ui-2';",
    "import { forms } from './forms';",
    "note('shell');",
    "export const shell = ui2 + forms;",
    "export const openDialog = () => import('./dialog');",
  ].join('\n'),
  'dialog.ts': "import { note } from './note';\nimport { ui1 } from './ui-1';\nimport { rules } from './rules';\nnote('dialog');\nexport const dialog = ui1 + rules;",
  // A large library (as zod) that page b, the dialog and the logged-out page use, and small rules built on it (as the questionnaire's).
  'heavy.ts': `import { note } from './note';\nnote('heavy');\nexport const heavy = (text: string) => text + '${'h'.repeat(9000)}';`,
  'rules.ts': "import { note } from './note';\nimport { heavy } from './heavy';\nnote('rules');\nexport const rules = heavy('rules');",
  'grid.ts': "import { note } from './note';\nimport { ui2 } from './ui-2';\nnote('grid');\nexport const grid = ui2;",
  'table.ts': "import { note } from './note';\nnote('table');\nexport const table = 'table';",
  'page-a.ts': "import { note } from './note';\nimport { grid } from './grid';\nnote('page-a');\nexport const pageA = grid;",
  'page-b.ts': "import { note } from './note';\nimport { grid } from './grid';\nimport { table } from './table';\nimport { rules } from './rules';\nnote('page-b');\nexport const pageB = grid + table + rules;",
  'register.ts': "import { note } from './note';\nimport { forms } from './forms';\nimport { heavy } from './heavy';\nnote('register');\nexport const register = heavy(forms);",
};
const starts: StartChunks = { shell: ['shell'], pages: ['page-a', 'page-b'], loggedInOnly: ['shell', 'page-a', 'page-b'] };

let folder = '';

async function buildApp(codeSplitting?: ReturnType<typeof codeSplittingOf>, facts?: BuildFacts): Promise<Rolldown.OutputChunk[]> {
  const output = await build({
    root: folder,
    logLevel: 'silent',
    configFile: false,
    plugins: facts ? [recordChunks(facts)] : [],
    build: {
      write: false,
      minify: false,
      lib: { entry: path.join(folder, 'main.ts'), formats: ['es'], fileName: 'main' },
      // As in the app's build, where the entry's exports may grow by what its chunks share.
      rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: codeSplitting ? { codeSplitting } : {} },
    },
  });
  const { output: files } = (Array.isArray(output) ? output[0] : output) as Rolldown.RolldownOutput;
  return files.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
}

/** The scripts a chunk loads with it: itself and all it imports statically. */
function scriptsOf(chunks: Rolldown.OutputChunk[], name: string): Rolldown.OutputChunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Map<string, Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const imported of chunk.imports) visit(byFile.get(imported));
  };
  visit(chunks.find((chunk) => chunk.name === name && chunk.facadeModuleId));
  return [...found.values()];
}

const startOf = (chunks: Rolldown.OutputChunk[], page: string) => new Set([...scriptsOf(chunks, 'shell'), ...scriptsOf(chunks, page)].map((chunk) => chunk.fileName));

describe('planRouteGroups', () => {
  let plain: Rolldown.OutputChunk[] = [];
  let grouped: Rolldown.OutputChunk[] = [];

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'route-chunks-'));
    for (const [file, code] of Object.entries(app)) fs.writeFileSync(path.join(folder, file), code);
    const facts: BuildFacts = { chunks: [], moduleImports: {} };
    plain = await buildApp(undefined, facts);
    grouped = await buildApp(codeSplittingOf(planRouteGroups(facts, starts)));
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('gives a logged-in start fewer scripts than the bundler alone', () => {
    for (const page of ['page-a', 'page-b']) expect(startOf(grouped, page).size).toBeLessThan(startOf(plain, page).size);
  });

  it('leaves no chunks that import each other in a circle', () => {
    expect(chunksInCircles(grouped)).toEqual([]);
    expect(chunksInCircles([{ fileName: 'a.js', imports: ['b.js'] }, { fileName: 'b.js', imports: ['c.js'] }, { fileName: 'c.js', imports: ['a.js'] }, { fileName: 'd.js', imports: ['a.js'] }])).toEqual(['a.js', 'b.js', 'c.js']);
  });

  it('keeps the shell out of what a logged-out page and the login route load', () => {
    const loggedOut = [...scriptsOf(grouped, 'register'), ...scriptsOf(grouped, 'main')].map((chunk) => chunk.code).join('\n');
    expect(loggedOut).toContain('"forms"');
    for (const shellOnly of ['"shell"', '"ui-2"', '"grid"', '"table"']) expect(loggedOut).not.toContain(`note(${shellOnly})`);
  });

  it("keeps a page's large library out of another page's start, also where small rules built on it could join the shell", () => {
    const pageA = [...startOf(grouped, 'page-a')].map((file) => grouped.find((chunk) => chunk.fileName === file)!.code).join('\n');
    expect(pageA).toContain('note("grid")');
    expect(pageA).not.toContain('note("heavy")');
    expect(pageA).not.toContain('note("rules")');
  });

  it('runs every module after the modules it imports, and each once', async () => {
    const out = path.join(folder, 'out');
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, 'package.json'), '{"type":"module"}');
    for (const chunk of grouped) fs.writeFileSync(path.join(out, chunk.fileName), chunk.code);
    const entry = pathToFileURL(path.join(out, grouped.find((chunk) => chunk.isEntry)!.fileName)).href;
    const script = [
      `const { pages } = await import(${JSON.stringify(entry)});`,
      'const shell = await pages.shell();',
      'await pages.a();',
      'await pages.b();',
      'await shell.openDialog();',
      'await pages.register();',
      'console.log(JSON.stringify(globalThis.ran));',
    ].join('\n');
    const ran = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '--eval', script], { encoding: 'utf8' })) as string[];

    expect(new Set(ran).size).toBe(ran.length);
    const before = (first: string, then: string) => expect(ran.indexOf(first), `${first} vor ${then}: ${ran.join(', ')}`).toBeLessThan(ran.indexOf(then));
    before('ui-1', 'ui-2');
    before('ui-2', 'shell');
    before('forms', 'shell');
    before('ui-2', 'grid');
    before('grid', 'page-a');
    before('table', 'page-b');
    before('forms', 'register');
    before('heavy', 'rules');
    before('rules', 'page-b');
    before('heavy', 'register');
    expect(ran).toContain('dialog');
  });
});

describe('joinGroups', () => {
  const groups = [
    { name: 'login-route', moduleIds: ['a'] },
    { name: 'shell', moduleIds: ['b', 'c', 'd'] },
    { name: 'start-shared-3', moduleIds: ['e'] },
    { name: 'start-chat', moduleIds: ['f'] },
  ];

  it('joins the groups whose chunks import each other into the largest, keeping the others and their order', () => {
    expect(joinGroups(groups, ['start-shared-3', 'shell'])).toEqual([
      { name: 'login-route', moduleIds: ['a'] },
      { name: 'shell', moduleIds: ['b', 'c', 'd', 'e'] },
      { name: 'start-chat', moduleIds: ['f'] },
    ]);
  });

  it('answers the same groups where there is nothing to join, so the build stops instead of trying again', () => {
    expect(joinGroups(groups, ['shell'])).toBe(groups);
    expect(joinGroups(groups, ['login-route-x'])).toBe(groups);
  });
});
