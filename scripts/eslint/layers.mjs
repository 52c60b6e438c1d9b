// The `layers/imports` rule: every import, export-from and import() that names a file of the
// repository (a relative path, or the @bauakte/domain package) is placed on the layers of
// layer-table.mjs and reported where the table forbids it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stacks as tableStacks } from './layer-table.mjs';

/** @typedef {import('./layer-table.mjs').Stack} Stack */
/** @typedef {import('./layer-table.mjs').Layer} Layer */
/** @typedef {{ index: number, layer: Layer, area: string | undefined }} Place */

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const domainPackage = '@bauakte/domain';
const codeExtension = /\.(d\.)?(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/**
 * The repository path (no extension) a specifier names, or undefined for other packages.
 * @param {string} specifier
 * @param {string} fromFile repository path of the importing file
 */
export function resolveSpecifier(specifier, fromFile) {
  if (specifier === domainPackage) return 'packages/domain/src/index';
  if (specifier.startsWith(`${domainPackage}/`)) return `packages/domain/src/${specifier.slice(domainPackage.length + 1)}`.replace(codeExtension, '');
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  return path.posix.join(path.posix.dirname(fromFile), specifier).replace(codeExtension, '');
}

/**
 * @param {string} pattern a layer's `at` entry
 * @param {string} file repository path
 * @returns {{ area: string | undefined } | undefined}
 */
function matchAt(pattern, file) {
  const want = pattern.split('/');
  const have = file.split('/');
  if (have.length < want.length) return undefined;
  let area;
  for (const [i, part] of want.entries()) {
    if (part === '<area>') area = have[i];
    else if (part !== have[i]) return undefined;
  }
  return { area };
}

/**
 * The layer a file is in, looked up from the top so that a composition is not taken for a feature.
 * @param {Stack} stack
 * @param {string} file repository path without extension
 * @returns {Place | undefined}
 */
export function layerOf(stack, file) {
  for (let index = stack.layers.length - 1; index >= 0; index--) {
    const layer = /** @type {Layer} */ (stack.layers[index]);
    for (const pattern of layer.at) {
      const found = matchAt(pattern, file);
      if (found) return { index, layer, area: found.area };
    }
  }
  return undefined;
}

/**
 * Why the table forbids `from` to import `to`, or undefined where it allows it.
 * @param {readonly Stack[]} stacks
 * @param {string} from repository path of the importing file, without extension
 * @param {string} to repository path of the imported file, without extension
 * @param {boolean} typeOnly whether the import is `import type` / `export type` / `typeof import()`
 */
export function forbiddenImport(stacks, from, to, typeOnly) {
  const stack = stacks.find((candidate) => layerOf(candidate, from));
  if (!stack) return undefined;
  const source = /** @type {Place} */ (layerOf(stack, from));
  const target = layerOf(stack, to);
  if (!target) {
    const other = stacks.find((candidate) => candidate.app !== stack.app && layerOf(candidate, to));
    return other ? `${source.layer.name} may not import the ${other.app} app's code` : undefined;
  }
  if (target.index > source.index) return `${source.layer.name} may not import ${target.layer.name} (a layer above it), not even types`;
  if (target.index < source.index || source.area === target.area) return undefined;
  if (source.layer.peers === 'types') {
    return typeOnly ? undefined : `${source.layer.name}: '${source.area}' may import '${target.area}' only as \`import type\``;
  }
  return `${source.layer.name}: '${source.area}' may not import '${target.area}'`;
}

/** @param {string} filename */
function repositoryPath(filename) {
  const relative = path.relative(repositoryRoot, filename).split(path.sep).join('/');
  return relative.startsWith('../') || path.isAbsolute(relative) ? undefined : relative.replace(codeExtension, '');
}

/**
 * The specifier a node names, if it is a plain string.
 * @param {unknown} node
 */
function literalText(node) {
  if (typeof node !== 'object' || node === null) return undefined;
  const candidate = /** @type {{ type?: string, value?: unknown, quasis?: { value: { cooked?: string | null } }[], expressions?: unknown[], literal?: unknown }} */ (node);
  if (candidate.type === 'Literal' && typeof candidate.value === 'string') return candidate.value;
  if (candidate.type === 'TemplateLiteral' && candidate.expressions?.length === 0) return candidate.quasis?.[0]?.value.cooked ?? undefined;
  if (candidate.type === 'TSLiteralType') return literalText(candidate.literal);
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports keep to the layers of scripts/eslint/layer-table.mjs' },
    messages: { forbidden: "'{{specifier}}': {{reason}}." },
    schema: [],
  },
  create(context) {
    const from = repositoryPath(context.filename);
    if (!from) return {};
    /**
     * @param {unknown} sourceNode
     * @param {boolean} typeOnly
     */
    const check = (sourceNode, typeOnly) => {
      const specifier = literalText(sourceNode);
      const to = specifier === undefined ? undefined : resolveSpecifier(specifier, from);
      const reason = to === undefined ? undefined : forbiddenImport(tableStacks, from, to, typeOnly);
      if (reason) context.report({ node: /** @type {import('estree').Node} */ (sourceNode), messageId: 'forbidden', data: { specifier: String(specifier), reason } });
    };
    /** @typedef {{ source?: unknown, importKind?: string, exportKind?: string, argument?: unknown, moduleReference?: { type: string, expression?: unknown } }} ModuleNode */
    /** @param {unknown} node */
    const parts = (node) => /** @type {ModuleNode} */ (node);
    return {
      ImportDeclaration: (node) => check(node.source, parts(node).importKind === 'type'),
      ExportNamedDeclaration: (node) => node.source && check(node.source, parts(node).exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node.source, parts(node).exportKind === 'type'),
      ImportExpression: (node) => check(node.source, false),
      // `typeof import('…')` in a type.
      TSImportType: /** @param {unknown} node */ (node) => check(parts(node).argument, true),
      // `import x = require('…')`.
      TSImportEqualsDeclaration: /** @param {unknown} node */ (node) => {
        const { moduleReference, importKind } = parts(node);
        if (moduleReference?.type === 'TSExternalModuleReference') check(moduleReference.expression, importKind === 'type');
      },
    };
  },
};

export const layersPlugin = { rules: { imports: importsRule } };
