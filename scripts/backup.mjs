// npm run backup -- FILE / npm run restore -- FILE [--force]: builds the server when its build is
// missing or older than its sources, then runs dist/backup.js (no devDependencies needed).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, root, serverSources } from './build-if-needed.mjs';
import { exitUnlessSupportedNode } from './check-node.mjs';

exitUnlessSupportedNode();

buildIfNeeded({
  outputs: ['apps/server/dist/backup.js'],
  sources: serverSources,
  npmArgs: ['run', 'build', '-w', '@bauakte/server'],
  message: 'Building the Bauakte server…',
});

await import(pathToFileURL(path.join(root, 'apps/server/dist/backup.js')).href);
