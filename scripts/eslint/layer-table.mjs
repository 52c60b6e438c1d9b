// The layers of the code, read by the `layers/imports` rule (layers.mjs).
//
// Each app is a stack of layers, lowest first. A file may import its own layer and the layers below
// it, never a layer above it (not even a type), and nothing of another app's layers. `at` lists the
// folders (or files, without extension) that form a layer, from the repository's root; `<area>` stands
// for one folder name: files of the same area are one unit, and `peers` says what one area may take
// from another area of the same layer: 'types' (`import type` / `export type` only) or 'never'.
// Files in no layer, tests and test helpers are not checked (see eslint.config.mjs).

/** @typedef {{ name: string, at: string[], peers?: 'types' | 'never' }} Layer */
/** @typedef {{ file: string, why: string }} Exception */
/** @typedef {{ app: string, layers: Layer[], exceptions?: Exception[] }} Stack */

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

/**
 * Set to true once the web app has moved into this layout (app/, platform/, features/, compositions);
 * until then the web stack is `webToday`: only the lower layers that already keep to it are checked.
 */
export const webTargetLayoutMerged = true;

/** @type {Layer[]} The web's lower layers, the same before and after the move. */
const webGround = [
  domain,
  { name: 'web i18n', at: [`${web}/i18n`] },
  { name: 'web lib', at: [`${web}/lib`] },
  { name: 'web components', at: [`${web}/components`] },
];

/** @type {Stack} */
export const webTarget = {
  app: 'web',
  layers: [
    ...webGround,
    // What every screen stands on: session, feedback, unsaved changes, offline, modals.
    { name: 'web platform', at: [`${web}/platform`] },
    { name: 'web features', at: [`${web}/features/<area>`], peers: 'never' },
    // Pages that compose other features.
    { name: 'web compositions', at: [`${web}/features/dashboard`, `${web}/features/project-overview`] },
    // main, router, layout.
    { name: 'web app', at: [`${web}/app`] },
  ],
};

/** @type {Stack} */
export const webToday = {
  app: 'web',
  layers: [
    ...webGround,
    { name: 'web screens', at: [`${web}/features`, `${web}/layout`, `${web}/router`, `${web}/main`, `${web}/start-data`] },
  ],
};

/** @type {Stack[]} */
export const stacks = [serverStack, webTargetLayoutMerged ? webTarget : webToday];
