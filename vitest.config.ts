import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// One project per layer; `npm test` runs them all, `npm run test:e2e` runs the browser suite.
export default defineConfig({
  test: {
    globals: true,
    projects: [
      { test: { name: 'core', include: ['test/core/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'main',
          include: ['test/main/**/*.test.ts', 'test/scripts/**/*.test.ts', 'test/lint/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        plugins: [vue()],
        test: { name: 'renderer', include: ['test/renderer/**/*.test.ts'], environment: 'happy-dom' },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
