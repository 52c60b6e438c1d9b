import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** The programs a benchmark compares against or runs under, and what installs each on Debian. */
export const benchTools = {
  pdftoppm: { probe: ['pdftoppm', '-v'], install: 'apt-get install poppler-utils' },
  chromium: { probe: [process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', '--version'], install: 'apt-get install chromium, or set CHROMIUM_PATH' },
} as const;
export type BenchTool = keyof typeof benchTools;

/** Whether the program runs at all (a missing one is ENOENT, not a stack trace later on). */
export function toolRuns(command: string, args: readonly string[]): boolean {
  if (command.includes('/') && !fs.existsSync(command)) return false;
  const run = spawnSync(command, args, { stdio: 'ignore', timeout: 30_000 });
  return run.error === undefined;
}

/** One line saying what to install, or null when every tool is there. */
export function missingToolsLine(section: string, tools: readonly BenchTool[]): string | null {
  const missing = tools.filter((tool) => {
    const [command, ...args] = benchTools[tool].probe;
    return !toolRuns(command, args);
  });
  if (missing.length === 0) return null;
  return `${section}: skipped, needs ${missing.map((tool) => `${tool} (${benchTools[tool].install})`).join(' and ')}`;
}
