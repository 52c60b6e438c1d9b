// npm run lint. Syntax-only rules (no type information), so it stays fast; types are `npm run typecheck`.
import tseslint from 'typescript-eslint';
import { layersPlugin } from './scripts/eslint/layers.mjs';

const wholeDomain = { name: '@bauakte/domain', message: 'Import the domain by cost: @bauakte/domain/texts, /labels or /schemas.' };
const firstPaintPaths = [
  wholeDomain,
  { name: '@bauakte/domain/schemas', allowTypeImports: true, message: 'The first paint takes no zod: import from @bauakte/domain/labels or /texts.' },
  { name: 'zod', allowTypeImports: true, message: 'The first paint takes no zod.' },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'reports/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'bench/.built/**', 'data/**', '**/.vite/**'],
  },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin, layers: layersPlugin },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-empty-object-type': 'error',
      // `typeof import('./x')` names the type of a module that is loaded on demand.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // Tests and their helpers may reach up a stack: they assemble what they test.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/*/src/test/**'],
    rules: { 'layers/imports': 'error' },
  },
  {
    // The product's functions; a test file's describe() holds its cases and is as long as they are.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The web imports the domain by cost (@bauakte/domain/texts, /labels, /schemas), so an import
    // path shows whether it brings zod.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [wholeDomain] }] },
  },
  {
    // What the first paint runs (the start wing app/start/, the shell beside it, each page's start data,
    // the login fields the early form shows) takes no zod; the rules' reasons are in
    // docs/architecture.md, 'The web's first paint'.
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/**/*-start.ts', 'apps/web/src/features/login/login-fields.tsx'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: firstPaintPaths }] },
  },
  {
    // The start wing takes a page's code only through import(): statically it reaches into a feature
    // only for that page's start data (`*-start.ts`) and the fields the early login form shows.
    files: ['apps/web/src/app/start/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: firstPaintPaths,
        patterns: [{ regex: String.raw`/features/(?!login/login-fields$)(?!.*-start$)`, allowTypeImports: true, message: 'The start wing loads a page lazily: import() it, or take what its start needs from its *-start.ts.' }],
      }],
    },
  },
);
