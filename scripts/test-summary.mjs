// Prints one closing line per test suite from the JSON reports of Vitest and Playwright.
import fs from 'node:fs';

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const unit = read('reports/unit.json');
const e2e = read('reports/e2e.json');
let failed = 0;
if (unit) {
  console.log(`unit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed, ${unit.numPendingTests + unit.numTodoTests} skipped`);
  failed += unit.numFailedTests;
}
if (e2e) {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = e2e.stats ?? {};
  console.log(`e2e: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped`);
  failed += unexpected;
}
const total = (unit?.numPassedTests ?? 0) + (e2e ? (e2e.stats?.expected ?? 0) + (e2e.stats?.flaky ?? 0) : 0);
console.log(`${total} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
