import type { Plugin } from 'vite';

/** What a first build tells of one chunk: its place in the graph and its modules after tree-shaking. */
export interface ChunkFacts {
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  /** Rendered bytes (after tree-shaking, before minifying) of each module; 0 for one that left no code (a stylesheet, a re-export). */
  modules: Record<string, number>;
}

export interface BuildFacts {
  chunks: ChunkFacts[];
  /** The modules each module imports statically. */
  moduleImports: Record<string, string[]>;
}

/** Chunk names, as router.tsx's dynamic imports name them. */
export interface StartChunks {
  /** What every logged-in start loads besides its page. */
  shell: readonly string[];
  /** The shell's pages. */
  pages: readonly string[];
  /** What only a logged-in visitor loads: everything else the login route imports dynamically is a logged-out page's. */
  loggedInOnly: readonly string[];
}

/** One chunk of the second build. */
export interface RouteGroup {
  name: string;
  moduleIds: string[];
}

/** Groups of fewer rendered bytes join a group every start that needs them loads anyway. */
const smallGroupBytes = 8 * 1024;

/**
 * The chunks of the second build. Left to itself, the bundler makes a chunk of the modules each set
 * of dynamic imports shares: a logged-in start, whose shell and page reach dozens of dynamic
 * imports, would load many small scripts, each a preload link to insert and a script to compile on
 * its own. Here the unit is a start: the login route, the shell with one
 * of its pages, and each page a logged-out visitor can load later. Each module a logged-in start
 * loads is grouped by the starts and logged-out pages that load it, so a start loads a few larger
 * scripts and a logged-out page none of the shell's code. Two groups never import each other: a
 * module's group is reached by every start that reaches its importer's. Small groups then join one
 * that every start needing them loads too, as long as that brings no other group along and the
 * groups' imports stay free of circles.
 */
export function planRouteGroups({ chunks, moduleImports }: BuildFacts, starts: StartChunks): RouteGroup[] {
  const graph = chunkGraph(chunks);
  if (!graph.entry) return [];
  const loginFiles = graph.closure([graph.entry.fileName]);
  const login = graph.modulesOf(loginFiles);
  const users = usersOfStartModules(graph, loginFiles, login, starts);
  const entryModules = new Set(Object.keys(graph.entry.modules));
  const keep = new Set([...graph.facades, ...entryModules]);
  const drafts = draftGroups(users, keep, graph.sizes);
  // The login route's and the entry's modules stay together, whatever the groups become.
  const fixedNode = (id: string) => (entryModules.has(id) ? 'entry' : login.has(id) ? 'login-route' : id);
  mergeSmallGroups(drafts, moduleImports, fixedNode, starts.pages);
  const loginModules = [...login].filter((id) => !keep.has(id));
  const named = uniqueNames();
  return [
    { name: 'login-route', moduleIds: loginModules },
    ...drafts.filter((draft) => draft.moduleIds.length > 0).map((draft) => ({ name: named(groupName(draft.users, starts.pages)), moduleIds: draft.moduleIds })),
  ];
}

/** The chunk files `roots` load with them: themselves and all they import statically, but those in `known`. */
export function chunksLoadedWith(importsOf: (fileName: string) => readonly string[] | undefined, roots: Iterable<string>, known: ReadonlySet<string> = new Set()): Set<string> {
  const found = new Set<string>();
  const visit = (fileName: string) => {
    if (found.has(fileName) || known.has(fileName)) return;
    found.add(fileName);
    for (const imported of importsOf(fileName) ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return found;
}

function chunkGraph(chunks: ChunkFacts[]) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: Iterable<string>) => chunksLoadedWith((fileName) => byFile.get(fileName)?.imports, roots);
  return {
    byFile,
    closure,
    entry: chunks.find((chunk) => chunk.isEntry),
    facades: new Set(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [chunk.facadeModuleId] : []))),
    sizes: new Map(chunks.flatMap((chunk) => Object.entries(chunk.modules))),
    modulesOf: (files: Iterable<string>) => new Set([...files].flatMap((file) => Object.keys(byFile.get(file)?.modules ?? {}))),
    filesNamed: (names: readonly string[]) => chunks.filter((chunk) => names.includes(chunk.name) && chunk.facadeModuleId !== null).map((chunk) => chunk.fileName),
    dynamicImportsOf: (files: Iterable<string>) => [...files].flatMap((file) => byFile.get(file)?.dynamicImports ?? []),
  };
}

/** Who loads each module of a logged-in start beyond the login route: 'shell' (every start), a page, a logged-out page. */
function usersOfStartModules(graph: ReturnType<typeof chunkGraph>, loginFiles: Set<string>, login: Set<string>, starts: StartChunks) {
  const users = new Map<string, Set<string>>();
  const use = (ids: Iterable<string>, user: string) => {
    for (const id of ids) if (!login.has(id)) users.set(id, (users.get(id) ?? new Set()).add(user));
  };
  const shell = graph.modulesOf(graph.closure(graph.filesNamed(starts.shell)));
  use(shell, 'shell');
  for (const page of starts.pages) use([...graph.modulesOf(graph.closure(graph.filesNamed([page])))].filter((id) => !shell.has(id)), page);
  const startModules = new Set(users.keys());
  const seen = new Set<string>();
  const reach = (file: string) => {
    const chunk = graph.byFile.get(file);
    if (!chunk || seen.has(file) || starts.loggedInOnly.includes(chunk.name)) return;
    seen.add(file);
    const files = graph.closure([file]);
    use([...graph.modulesOf(files)].filter((id) => startModules.has(id)), chunk.name);
    for (const next of graph.dynamicImportsOf(files)) reach(next);
  };
  for (const file of graph.dynamicImportsOf(loginFiles)) reach(file);
  return users;
}

interface Draft {
  users: Set<string>;
  moduleIds: string[];
  bytes: number;
}

/** One draft per set of users; a dynamic import's own module stays in its chunk, the entry's in the entry. */
function draftGroups(users: Map<string, Set<string>>, keep: Set<string>, sizes: Map<string, number>): Draft[] {
  const byKey = new Map<string, Draft>();
  for (const [id, who] of users) {
    if (keep.has(id)) continue;
    const key = [...who].sort().join(' ');
    const draft = byKey.get(key) ?? { users: who, moduleIds: [], bytes: 0 };
    draft.moduleIds.push(id);
    draft.bytes += sizes.get(id) ?? 0;
    byKey.set(key, draft);
  }
  return [...byKey.values()];
}

/**
 * Whether `small` may join `large`: whoever loads `small` loads `large` too (the shell comes with
 * every page), and a logged-out page that loads `large` gets no code only the logged-in load.
 */
function covers(large: Draft, small: Draft, pages: readonly string[]): boolean {
  const loggedIn = (user: string) => user === 'shell' || pages.includes(user);
  const usersCovered = loadedBy(large, small.users, pages);
  const loggedOutAlready = [...small.users].some((user) => !loggedIn(user));
  const noNewLoggedOut = [...large.users].filter((user) => !loggedIn(user)).every((user) => small.users.has(user));
  return usersCovered && (loggedOutAlready || noNewLoggedOut);
}

/** Whether each of `users` loads `group` (the shell's groups come with every page). */
function loadedBy(group: Draft, users: ReadonlySet<string>, pages: readonly string[]): boolean {
  return [...users].every((user) => group.users.has(user) || (group.users.has('shell') && pages.includes(user)));
}

type NodeOf = (id: string) => string;

function mergeSmallGroups(drafts: Draft[], moduleImports: Record<string, string[]>, fixedNode: NodeOf, pages: readonly string[]): void {
  const small = drafts.filter((draft) => draft.bytes < smallGroupBytes).sort((a, b) => a.bytes - b.bytes);
  for (const draft of small) {
    const targets = drafts.filter((other) => other !== draft && other.moduleIds.length > 0 && covers(other, draft, pages)).sort((a, b) => a.users.size - b.users.size || b.bytes - a.bytes);
    const target = targets.find((candidate) => !bringsAlong(drafts, moduleImports, draft, candidate, pages) && !importsCircle(drafts, moduleImports, fixedNode, draft, candidate));
    if (!target) continue;
    target.moduleIds.push(...draft.moduleIds);
    target.bytes += draft.bytes;
    draft.moduleIds = [];
  }
}

/**
 * Whether `from`'s modules in `into` would make `into`'s users load a group they do not load now:
 * a small group of the questionnaire's rules in the shell's would bring zod to every start.
 */
function bringsAlong(drafts: Draft[], moduleImports: Record<string, string[]>, from: Draft, into: Draft, pages: readonly string[]): boolean {
  const draftOf = new Map(drafts.flatMap((draft) => draft.moduleIds.map((id) => [id, draft] as const)));
  return from.moduleIds.some((id) =>
    (moduleImports[id] ?? []).some((imported) => {
      const other = draftOf.get(imported);
      return other !== undefined && other !== from && other !== into && !loadedBy(other, into.users, pages);
    }),
  );
}

/** Whether the groups' imports would run in a circle with `from`'s modules in `into`. */
function importsCircle(drafts: Draft[], moduleImports: Record<string, string[]>, fixedNode: NodeOf, from: Draft, into: Draft): boolean {
  const nodeOf = new Map<string, Draft>();
  for (const draft of drafts) for (const id of draft.moduleIds) nodeOf.set(id, draft === from ? into : draft);
  const node = (id: string): Draft | string => nodeOf.get(id) ?? fixedNode(id);
  const edges = new Map<Draft | string, Set<Draft | string>>();
  for (const [id, imported] of Object.entries(moduleImports)) {
    const source = node(id);
    for (const target of imported.map(node)) if (target !== source) edges.set(source, (edges.get(source) ?? new Set()).add(target));
  }
  const state = new Map<Draft | string, 'open' | 'done'>();
  const circles = (at: Draft | string): boolean => {
    if (state.get(at) === 'done') return false;
    if (state.get(at) === 'open') return true;
    state.set(at, 'open');
    for (const next of edges.get(at) ?? []) if (circles(next)) return true;
    state.set(at, 'done');
    return false;
  };
  return [...edges.keys()].some((start) => circles(start));
}

/** 'shell', 'start-<page>', 'start-shared' (several pages); '-public' when logged-out pages load it too. */
function groupName(users: Set<string>, pages: readonly string[]): string {
  const starts = [...users].filter((user) => user === 'shell' || pages.includes(user));
  const base = starts.includes('shell') ? 'shell' : starts.length === 1 ? `start-${starts[0]}` : 'start-shared';
  return starts.length < users.size ? `${base}-public` : base;
}

function uniqueNames() {
  const counts = new Map<string, number>();
  return (name: string) => {
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    return count === 1 ? name : `${name}-${count}`;
  };
}

/** The second build's `output.codeSplitting`: exactly the planned groups, none taking its modules' imports along. */
export function codeSplittingOf(groups: RouteGroup[]) {
  return {
    // Each group already holds what its modules import, but for other groups, the login route and the entry.
    includeDependenciesRecursively: false,
    groups: groups.map((group, index) => {
      const ids = new Set(group.moduleIds);
      return { name: group.name, test: (id: string) => ids.has(id), priority: groups.length - index };
    }),
  };
}

/** The chunks whose static imports lead back to themselves: with them, a module could run before one it imports. */
export function chunksInCircles(chunks: Pick<ChunkFacts, 'fileName' | 'imports'>[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const reaches = (from: string, target: string, seen = new Set<string>()): boolean =>
    (byFile.get(from)?.imports ?? []).some((next) => next === target || (!seen.has(next) && (seen.add(next), reaches(next, target, seen))));
  return chunks.filter((chunk) => reaches(chunk.fileName, chunk.fileName)).map((chunk) => chunk.fileName);
}

/**
 * The groups with the chunks named (by their group's name) joined into the largest of them. The
 * plan sees a module's imports, not those it takes through a barrel no chunk holds (a page's
 * `import { formatAnswer } from '@bauakte/domain/labels'`); where such an import closes a circle
 * between two groups, the build joins them and builds again.
 */
export function joinGroups(groups: RouteGroup[], names: readonly string[]): RouteGroup[] {
  const joined = groups.filter((group) => names.includes(group.name));
  if (joined.length < 2) return groups;
  const largest = joined.reduce((a, b) => (b.moduleIds.length > a.moduleIds.length ? b : a));
  const merged = { name: largest.name, moduleIds: joined.flatMap((group) => group.moduleIds) };
  return groups.filter((group) => group === largest || !joined.includes(group)).map((group) => (group === largest ? merged : group));
}

/** The first build's plugin: records what the bundler made of each chunk into `facts`. */
export function recordChunks(facts: BuildFacts): Plugin {
  return {
    name: 'bauakte-record-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        // Modules without code too: left to the bundler, each would become an empty chunk that imports its group.
        const modules = Object.fromEntries(Object.entries(output.modules).map(([id, info]) => [id, info.renderedLength]));
        facts.chunks.push({ fileName: output.fileName, name: output.name, isEntry: output.isEntry, facadeModuleId: output.facadeModuleId, imports: output.imports, dynamicImports: output.dynamicImports, modules });
        for (const id of Object.keys(modules)) facts.moduleImports[id] = [...(this.getModuleInfo(id)?.importedIds ?? [])];
      }
    },
  };
}
