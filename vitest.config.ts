import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// Tests import the sources as `@core/…`, `@main/…` and `@renderer/…` (test/tsconfig.json `paths`)
// instead of climbing four folders. The sources themselves import by relative path, which the
// layer lint rules check; the bench and the scripts run under tsx keep relative paths too.
const source = (folder: string) => fileURLToPath(new URL(`./${folder}`, import.meta.url));
const resolve = {
  alias: { '@core': source('src-core'), '@main': source('src-main'), '@renderer': source('src-renderer') },
};

// One project per layer; `npm test` runs them all, `npm run test:e2e` runs the browser suite.
// Timeouts only stop a hung test: they are generous so that a busy machine (CI next to other jobs,
// a property test with many runs) slows the suite down without failing it. No test asserts speed.
export default defineConfig({
  test: {
    globals: true,
    projects: [
      {
        resolve,
        test: {
          name: 'core',
          include: ['test/core/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
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
        resolve,
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.ts'],
          environment: 'happy-dom',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        resolve,
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
