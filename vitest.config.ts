import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

// Tests import the sources as `@core/…`, `@main/…` and `@renderer/…` (test/tsconfig.json `paths`)
// instead of climbing four folders. The sources themselves import by relative path, which the
// layer lint rules check; the bench and the scripts run under tsx keep relative paths too.
const source = (folder: string) => fileURLToPath(new URL(`./${folder}`, import.meta.url));
const resolve = {
  alias: { '@core': source('src-core'), '@main': source('src-main'), '@renderer': source('src-renderer') },
};

// electron-vite turns `import path from './entry?modulePath'` into the path of the file it builds
// from that entry, without running it. Here the same import gives the entry's source path, so a
// module that starts a worker (src-main/app/services.ts) can be imported by a test.
const MODULE_PATH = '?modulePath';
const MODULE_PATH_ID = '\0module-path:';
const modulePath: Plugin = {
  name: 'module-path',
  enforce: 'pre',
  async resolveId(id, importer) {
    if (!id.endsWith(MODULE_PATH)) return null;
    const entry = await this.resolve(id.slice(0, -MODULE_PATH.length), importer, { skipSelf: true });
    return entry ? MODULE_PATH_ID + entry.id : null;
  },
  load(id) {
    return id.startsWith(MODULE_PATH_ID) ? `export default ${JSON.stringify(id.slice(MODULE_PATH_ID.length))};` : null;
  },
};

// One project per layer; `npm test` runs them all, `npm run test:e2e` runs the browser suite.
// Timeouts only stop a hung test: they are generous so that a busy machine (CI next to other jobs,
// a property test with many runs) slows the suite down without failing it. No test asserts speed.
// Vitest's default is one worker fewer than the cores, which on a two-core machine runs every file
// one after another. Most files spend their time waiting on blocks, scrypt in libuv's pool or a
// keychain (the unit stage keeps about 1.2 of 2 cores busy with two workers), so two workers a core
// overlap that waiting.
const WORKERS = Math.min(16, 2 * Math.max(2, availableParallelism()));

// A test file that replaces modules, globals, timers or functions must not share its imports with
// other files. Within one worker, files otherwise share them (`isolate: false`): each file loading
// every module afresh is most of the unit stage's time. Such files are found by what they call, so
// that a new one lands in the isolated project without anyone listing it.
const REPLACES = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|spyOn|hoisted|useFakeTimers)\b/;
function testFiles(folders: readonly string[]): { shared: string[]; isolated: string[] } {
  const shared: string[] = [];
  const isolated: string[] = [];
  for (const folder of folders) {
    const root = fileURLToPath(new URL(`./${folder}`, import.meta.url));
    for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!name.endsWith('.test.ts')) continue;
      const file = `${folder}/${name.split('\\').join('/')}`;
      (REPLACES.test(readFileSync(join(root, name), 'utf8')) ? isolated : shared).push(file);
    }
  }
  return { shared, isolated };
}
const mainFiles = testFiles(['test/main', 'test/scripts', 'test/lint']);

export default defineConfig({
  test: {
    globals: true,
    maxWorkers: WORKERS,
    projects: [
      {
        resolve,
        test: {
          name: 'core',
          include: ['test/core/**/*.test.ts'],
          environment: 'node',
          // src-core is pure (no I/O, no globals) and its tests mock nothing, so the files of one
          // worker share their imports instead of loading the modules again for each file: the
          // project runs in about a third of the time. A core test that needs vi.mock or a stubbed
          // global belongs in another project.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [modulePath],
        resolve,
        test: {
          name: 'main',
          include: mainFiles.shared,
          isolate: false,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [modulePath],
        resolve,
        test: {
          name: 'main-isolated',
          include: mainFiles.isolated,
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
          // Each file runs its own Chromium and nodes: two at a time, whatever the machine.
          maxWorkers: 2,
        },
      },
    ],
  },
});
