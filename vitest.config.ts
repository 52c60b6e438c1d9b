import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } }],
    reporters: ['default', ['json', { outputFile: 'reports/unit.json' }]],
  },
});
