import { parseSync, type Plugin } from 'vite';

interface Span {
  type: string;
  start: number;
  end: number;
}

interface Declarator {
  init?: (Span & { expression?: Span }) | null;
}

interface Statement extends Span {
  kind?: string;
  declarations?: Declarator[];
  declaration?: Statement | null;
}

/** A value that runs code when the module is evaluated: a call or `new`, also behind `as` or `satisfies`. */
function computedValue(init: Declarator['init']): Span | null {
  if (!init) return null;
  if (init.type === 'CallExpression' || init.type === 'NewExpression') return init;
  if ((init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression') && init.expression) return computedValue(init.expression);
  return null;
}

/**
 * Wraps the value of every top-level `const` that is a call or `new` (`z.object(…)`,
 * `requestObject({…})`, `new Intl.NumberFormat(…)`) as `/* @__PURE__ *\/ (() => value)()`, so the
 * bundler may leave out, with everything its value calls, each one no import uses. (The annotation
 * on the call alone would still keep the calls in its arguments.)
 */
export function wrapPureConstants(code: string, fileName: string): string {
  const { program } = parseSync(fileName, code);
  const values: Span[] = [];
  for (const statement of program.body as unknown as Statement[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations ?? []) {
      const value = computedValue(declarator.init);
      if (value) values.push(value);
    }
  }
  let result = code;
  for (const { start, end } of values.sort((a, b) => b.start - a.start)) {
    result = `${result.slice(0, start)}/* @__PURE__ */ (() => ${result.slice(start, end)})()${result.slice(end)}`;
  }
  return result;
}

const domainSource = /\/packages\/domain\/src\/.*(?<!\.test)\.ts$/;

/**
 * The domain builds its zod schemas at the top of its modules, and a bundler keeps every call whose
 * result nobody uses, since a call might do something. No start imports `@bauakte/domain/schemas`,
 * but the chunk planner puts small schema modules that several pages use into the shell's group,
 * and there the start would build them and load zod. The domain's top-level values are plain
 * definitions (schemas, formats, sets) with no effect of their own, so the web build marks them
 * pure. The server is bundled without this and builds them all.
 */
export function pureDomainConstants(): Plugin {
  return {
    name: 'bauakte-pure-domain-constants',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!domainSource.test(id)) return null;
      return { code: wrapPureConstants(code, id), map: null };
    },
  };
}
