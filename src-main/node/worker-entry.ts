import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * How a worker thread whose code is a module of this repository loads it: the file electron-vite
 * bundled it into (the app, where the path comes from a `?modulePath` import), or its TypeScript
 * source through tsx's API (tests, the bench and the headless node run the sources, and a worker
 * does not inherit the loader of the thread that starts it).
 */
export type WorkerEntry =
  | { readonly kind: 'script'; readonly path: string }
  | { readonly kind: 'typescript'; readonly entry: URL; readonly tsxApi: string };

/** Imports the TypeScript entry named in `workerData.typescript` through tsx's ESM API. */
const TYPESCRIPT_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.typescript.api).then((tsx) => tsx.tsImport(workerData.typescript.entry, workerData.typescript.entry));`;

/** Starts `entry` with `data` as its workerData (the TypeScript bootstrap adds a `typescript` key beside it). */
export function startWorker(entry: WorkerEntry, data: Readonly<Record<string, unknown>>): Worker {
  if (entry.kind === 'script') return new Worker(entry.path, { workerData: data });
  return new Worker(TYPESCRIPT_BOOTSTRAP, {
    eval: true,
    workerData: { ...data, typescript: { api: entry.tsxApi, entry: entry.entry.href } },
  });
}

/** tsx's ESM API (`tsImport`) as a file URL a worker can import from any working folder; undefined without tsx. */
export function tsxEsmApi(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const manifest = require.resolve('tsx/package.json');
    const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      exports: Record<string, { import: { default: string } }>;
    };
    return pathToFileURL(join(dirname(manifest), exports['./esm/api']!.import.default)).href;
  } catch {
    return undefined;
  }
}

/**
 * The TypeScript entry `file` (relative to `base`, a module's `import.meta.url`), when that module
 * itself runs from its TypeScript source and tsx is installed; undefined inside a bundle, whose
 * entries are named by the bundler instead.
 */
export function sourceWorkerEntry(file: string, base: string): WorkerEntry | undefined {
  if (!base.startsWith('file:') || !base.endsWith('.ts')) return undefined;
  const tsxApi = tsxEsmApi();
  return tsxApi === undefined ? undefined : { kind: 'typescript', entry: new URL(file, base), tsxApi };
}
