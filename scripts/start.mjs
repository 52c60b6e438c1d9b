// npm start: builds the web app and the server when a build is missing or older than its sources,
// then runs the server in this process. package.json starts it with `exec`, so the shell npm runs
// scripts in is replaced by this process and npm's SIGTERM / SIGINT reach the server (a shell would
// die of them and leave the server holding its port).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, root, serverSources } from './build-if-needed.mjs';
import { exitUnlessSupportedNode } from './check-node.mjs';

exitUnlessSupportedNode();

buildIfNeeded({
  outputs: ['apps/web/dist/index.html', 'apps/server/dist/main.js'],
  sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', ...serverSources],
  npmArgs: ['run', 'build'],
  message: 'Building Bauakte (web app and server)…',
});

await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
