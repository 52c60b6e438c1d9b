import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    // Sized for a busy machine (two cores shared with other work), as the server's.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    expect: { poll: { timeout: 15_000 } },
  },
});
