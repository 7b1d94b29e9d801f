import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// One project per layer; `npm test` runs them all, `npm run test:e2e` runs the browser suite.
// Timeouts only stop a hung test: they are generous so that a busy machine (CI next to other jobs,
// a property test with many runs) slows the suite down without failing it. No test asserts speed.
export default defineConfig({
  test: {
    globals: true,
    projects: [
      {
        test: {
          name: 'core',
          include: ['test/core/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'main',
          include: ['test/main/**/*.test.ts', 'test/scripts/**/*.test.ts', 'test/lint/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [vue()],
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.ts'],
          environment: 'happy-dom',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
