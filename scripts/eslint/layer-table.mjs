// The layers of the code, read by the `layers/imports` rule (layers.mjs).
//
// Each app is a stack of layers, lowest first. A file may import its own layer and the layers below
// it, never a layer above it (not even a type), and nothing of another app's layers. `at` lists the
// folders (or files, without extension) that form a layer, from the repository's root; `<area>` stands
// for one folder name: files of the same area are one unit, and `peers` says what one area may take
// from another area of the same layer: 'types' (`import type` / `export type` only) or 'never'.
// Files in no layer, tests and test helpers are not checked (see eslint.config.mjs).

/** @typedef {{ name: string, at: string[], peers?: 'types' | 'never' }} Layer */
/** @typedef {{ app: string, layers: Layer[] }} Stack */

const server = 'apps/server/src';
const web = 'apps/web/src';

/** @type {Layer} */
const domain = { name: 'domain', at: ['packages/domain/src'] };

/** @type {Stack} */
export const serverStack = {
  app: 'server',
  layers: [
    domain,
    { name: 'server config', at: [`${server}/config`] },
    { name: 'server platform', at: [`${server}/platform`] },
    { name: 'server modules', at: [`${server}/modules/<area>`], peers: 'types' },
    { name: 'server entry points', at: [`${server}/app`, `${server}/data-layer`, `${server}/main`, `${server}/backup-main`, `${server}/seed-demo`] },
  ],
};

/** @type {Stack} */
export const webStack = {
  app: 'web',
  layers: [
    domain,
    { name: 'web i18n', at: [`${web}/i18n`] },
    { name: 'web lib', at: [`${web}/lib`] },
    { name: 'web components', at: [`${web}/components`] },
    // What every screen stands on: session, feedback, unsaved changes, offline, modals, actions.
    { name: 'web platform', at: [`${web}/platform`] },
    { name: 'web features', at: [`${web}/features/<area>`], peers: 'never' },
    // Pages that compose other features.
    { name: 'web compositions', at: [`${web}/features/dashboard`, `${web}/features/project-overview`] },
    // main, router, layout, the modal registry.
    { name: 'web app', at: [`${web}/app`] },
  ],
};

/** @type {Stack[]} */
export const stacks = [serverStack, webStack];
