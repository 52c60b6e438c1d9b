// The fast lane's promise: no test in it starts a process. Every way of starting one throws, and a
// test during which something tried fails, even where the code under test caught the error.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { afterAll, afterEach, expect } from 'vitest';

const starters = ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync'] as const;
const tried: string[] = [];

for (const name of starters) {
  const refuse = (command: unknown) => {
    const attempt = `${name}(${String(command)}) in ${expect.getState().testPath ?? 'a test file'}`;
    tried.push(attempt);
    throw new Error(`The fast lane starts no process: ${attempt}. List the file in vitest.config.ts among the tests that start processes.`);
  };
  Object.assign(childProcess, { [name]: refuse });
}
syncBuiltinESMExports();

function failOnAttempts() {
  const attempts = tried.splice(0);
  if (attempts.length > 0) throw new Error(`The fast lane starts no process, but this tried: ${attempts.join('; ')}. List the file in vitest.config.ts among the tests that start processes.`);
}

afterEach(failOnAttempts);
afterAll(failOnAttempts);
