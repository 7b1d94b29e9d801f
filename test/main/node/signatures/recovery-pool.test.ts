import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { RecoveryPool } from '../../../../src-main/node/signatures/recovery-pool';
import { recoverInline } from '../../../../src-main/node/signatures/recover';
import { addressFromPrivateKey, randomPrivateKey, signDigest } from '../../../../src-core/keys/keys';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * Signer recovery in worker threads: same answers as the main thread, errors as java-tron words
 * them, and the worker starts under vitest (here), under tsx, and from an electron-vite-style
 * bundle of the main process (both in child processes).
 */
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

function samples(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const key = randomPrivateKey();
    const digest = sha256(Uint8Array.of(i, i >> 8));
    return { digest, signature: signDigest(digest, key, i % 2 === 0 ? 27 : 0), address: addressFromPrivateKey(key) };
  });
}

describe('RecoveryPool', () => {
  it('recovers batches across workers in request order, like the main thread', async () => {
    const pool = new RecoveryPool(2);
    try {
      const items = samples(40);
      const [first, second] = await Promise.all([pool.recover(items.slice(0, 25)), pool.recover(items.slice(25))]);
      const all = [...first, ...second];
      expect(all.map((r) => (r.ok ? r.addressHex : r.message))).toEqual(items.map((i) => i.address));
      expect(pool.workerCount).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it('reports a bad header and an unrecoverable signature with java-tron messages', async () => {
    const pool = new RecoveryPool(1);
    try {
      const [item] = samples(1);
      const badHeader = Uint8Array.from(item!.signature);
      badHeader[64] = 40;
      const zero = new Uint8Array(65);
      zero[64] = 27;
      const results = await pool.recover([
        { digest: item!.digest, signature: badHeader },
        { digest: item!.digest, signature: zero },
      ]);
      expect(results).toEqual([
        { ok: false, kind: 'compute', message: 'Header byte out of range: 40' },
        { ok: false, kind: 'compute', message: 'Could not recover public key from signature' },
      ]);
      expect(results).toEqual([recoverInline(item!.digest, badHeader), recoverInline(item!.digest, zero)]);
    } finally {
      await pool.close();
    }
  });

  it('recovers on the main thread when configured with no workers', async () => {
    const pool = new RecoveryPool(0);
    const items = samples(3);
    expect((await pool.recover(items)).map((r) => r.ok && r.addressHex)).toEqual(items.map((i) => i.address));
    await pool.close();
  });

  const script = (importPath: string) => `
    import { RecoveryPool } from ${JSON.stringify(importPath)};
    const pool = new RecoveryPool(2);
    const digest = new Uint8Array(32).fill(7);
    const zero = new Uint8Array(65); zero[64] = 27;
    const r = await pool.recover([{ digest, signature: zero }]);
    const workers = pool.workerCount;
    await pool.close();
    console.log(workers + ':' + r[0].message);
  `;

  it('starts its workers under tsx', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'recovery-tsx-'));
    dirs.push(dir);
    const file = join(dir, 'probe.mts');
    await writeFile(file, script(resolve('src-main/node/signatures/recovery-pool.ts')));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', file], { cwd: resolve('.') });
    expect(stdout.trim()).toBe('2:Could not recover public key from signature');
  });

  it('starts its workers from a vite (electron-vite main) bundle with dependencies left external', async () => {
    // Inside the project, so the bundle resolves node_modules as the packaged app does.
    await mkdir(resolve('node_modules/.cache'), { recursive: true });
    const dir = await mkdtemp(join(resolve('node_modules/.cache'), 'recovery-bundle-'));
    dirs.push(dir);
    await build({
      logLevel: 'silent',
      configFile: false,
      build: {
        ssr: resolve('src-main/node/signatures/recovery-pool.ts'),
        outDir: dir,
        emptyOutDir: true,
        rollupOptions: { external: [/^@noble\//, /^node:/], output: { format: 'es', entryFileNames: 'main.mjs' } },
      },
    });
    const probe = join(dir, 'probe.mjs');
    await writeFile(probe, script('./main.mjs'));
    const { stdout } = await run(process.execPath, [probe], { cwd: dir });
    expect(stdout.trim()).toBe('2:Could not recover public key from signature');
  }, 60_000);
});
