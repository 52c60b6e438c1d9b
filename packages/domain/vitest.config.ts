import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Sized for a busy machine (two cores shared with other work): loading the password dictionaries alone takes seconds there.
  test: { name: 'domain', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
});
