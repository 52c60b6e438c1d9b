// How the server's code is bundled: by build.mjs for npm start and the container, and by the bench
// (bench/build-servers.ts) for the servers it measures, so that a figure is of the code as shipped.

/** @type {import('esbuild').BuildOptions} */
export const serverBundleOptions = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  // Some CommonJS dependencies call require(); the alias keeps the name free for the sources' own imports.
  banner: { js: "import { createRequire as bundleCreateRequire } from 'node:module'; const require = bundleCreateRequire(import.meta.url);" },
  logLevel: 'warning',
};
