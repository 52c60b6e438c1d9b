import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/worker-database.ts'],
    // Sized for a busy machine (two cores shared with other work): many tests start a process of the
    // server's (the PDF export process, or the server itself; see processStartTimeoutMs in src/test/server-process.ts).
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // expect.poll waits for a condition; its bound only has to end a failing test with a message, on a busy machine too.
    expect: { poll: { timeout: 15_000 } },
  },
});
