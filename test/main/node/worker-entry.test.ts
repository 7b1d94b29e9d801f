import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { sourceWorkerEntry, startWorker, tsxEsmApi } from '../../../src-main/node/worker-entry';

const firstMessage = (worker: Worker): Promise<unknown> =>
  new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });

describe('worker entries', () => {
  it('names the TypeScript source beside a module that runs from its source, and nothing inside a bundle', () => {
    const entry = sourceWorkerEntry('./x-worker.ts', 'file:///app/src-main/node/node.ts');
    expect(entry).toEqual({
      kind: 'typescript',
      entry: new URL('file:///app/src-main/node/x-worker.ts'),
      tsxApi: tsxEsmApi(),
    });
    expect(tsxEsmApi()).toMatch(/^file:\/\/.*\/tsx\//);
    expect(sourceWorkerEntry('./x-worker.ts', 'file:///app/out/main/index.js')).toBeUndefined();
    expect(sourceWorkerEntry('./x-worker.ts', 'node:internal/x.ts')).toBeUndefined();
  });

  it('starts a TypeScript entry through tsx with the data it is given', async () => {
    const entry = sourceWorkerEntry('../../fixtures/workers/echo-worker.ts', import.meta.url)!;
    const worker = startWorker(entry, { greeting: 'from source' });
    try {
      expect(await firstMessage(worker)).toEqual({ echo: 'from source' });
    } finally {
      await worker.terminate();
    }
  });

  it('starts a built script entry with the data it is given', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'worker-entry-'));
    const path = join(dir, 'echo.cjs');
    await writeFile(
      path,
      "const { parentPort, workerData } = require('node:worker_threads');\nparentPort.postMessage({ echo: workerData.greeting });\n",
    );
    const worker = startWorker({ kind: 'script', path }, { greeting: 'from a bundle' });
    try {
      expect(await firstMessage(worker)).toEqual({ echo: 'from a bundle' });
    } finally {
      await worker.terminate();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
