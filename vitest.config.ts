import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
    reporters: ['default', ['json', { outputFile: 'reports/unit.json' }]],
  },
});
