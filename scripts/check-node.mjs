// Stops every entry point (npm start, test, dev, bench, backup, restore, seed:demo) on a Node.js
// older than package.json's engines, with one line saying what to install — before anything native
// loads: better-sqlite3's prebuilt binary needs Node-API 10 (Node 22.14 and later, 23.6 and later),
// and an older Node does not refuse it but ends with a bare 'Segmentation fault'.
// Plain JavaScript that old Node versions can still read, so it can say so there.
import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageFile = fileURLToPath(new URL('../package.json', import.meta.url));

/** The Node-API version better-sqlite3 is built for (NAPI_VERSION in its binding.gyp). */
export const requiredNapiVersion = 10;

/** The lowest version package.json's engines.node ('>=22.19') allows, as [major, minor, patch]. */
export function requiredNodeVersion() {
  const range = JSON.parse(fs.readFileSync(packageFile, 'utf8')).engines.node;
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!match) throw new Error(`package.json engines.node must read '>=MAJOR.MINOR', not '${range}'`);
  return [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)];
}

function parts(version) {
  return version.replace(/^v/, '').split('.').map((part) => Number.parseInt(part, 10) || 0);
}

function isOlder(version, required) {
  const actual = parts(version);
  for (let i = 0; i < required.length; i++) {
    if ((actual[i] || 0) !== required[i]) return (actual[i] || 0) < required[i];
  }
  return false;
}

/**
 * The one line to print for this Node version ('v20.20.2' or '20.20.2') and its Node-API version
 * (process.versions.napi), or null when both are new enough. The Node-API version catches the
 * releases after 22.19 that still lack it (23.0 – 23.5).
 */
export function nodeVersionProblem(version, napiVersion, required = requiredNodeVersion()) {
  if (!isOlder(version, required) && Number(napiVersion) >= requiredNapiVersion) return null;
  const [major, minor] = required;
  return (
    `Bauakte needs Node.js ${major}.${minor} or later (Node.js 24 LTS recommended, see .nvmrc), ` +
    `this is Node.js ${version.replace(/^v?/, 'v')}: install Node.js 24 ('nvm install' in this folder, ` +
    `or https://nodejs.org/), then run 'npm ci' again so the native modules are rebuilt for it.`
  );
}

/** Ends the process with exit code 1 and the one line when the running Node is too old. */
export function exitUnlessSupportedNode() {
  const problem = nodeVersionProblem(process.version, process.versions.napi);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}

// `node scripts/check-node.mjs && …` in package.json's scripts.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) exitUnlessSupportedNode();
