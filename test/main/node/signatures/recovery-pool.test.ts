import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { build } from 'vite';
import { RecoveryPool, type RecoveryRequest } from '@main/node/signatures/recovery-pool';
import { recoverInline } from '@main/node/signatures/recover';
import { addressFromPrivateKey, randomPrivateKey, signDigest } from '@core/keys/keys';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * Signer recovery in worker threads: same answers as the main thread with libsecp256k1 or noble,
 * errors as java-tron words them, and libsecp256k1 loads in the workers under vitest (here), under
 * tsx, from a vite bundle and from an electron-vite build of the project's main config (in child
 * processes).
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

const nativeUnavailable = () => {
  throw new Error('No native build was found for platform=plan9 arch=mips');
};

/** Valid signatures (v 27/28 and 0/1) mixed with bad headers, zero and random bytes. */
function mixed(n: number): RecoveryRequest[] {
  return samples(n).map((item, i) => {
    const signature = Uint8Array.from(item.signature);
    if (i % 4 === 1) signature[64] = 40 + i;
    if (i % 4 === 2) signature.fill(0, 0, 32);
    if (i % 4 === 3) signature.set(sha256(Uint8Array.of(i)), 0);
    return { digest: item.digest, signature };
  });
}

describe('RecoveryPool', () => {
  it('closes by letting its libsecp256k1 workers end on their own, never terminating one mid-run', async () => {
    // Terminating a thread that holds the binding can abort the process (a Napi::Error at exit).
    const terminate = vi.spyOn(Worker.prototype, 'terminate');
    const exits: Promise<unknown>[] = [];
    const start = vi.spyOn(Worker.prototype, 'postMessage');
    const pool = new RecoveryPool(2);
    try {
      await pool.recover(samples(4));
      expect(pool.workerCount).toBe(2);
      for (const call of start.mock.contexts) exits.push(new Promise((done) => (call as Worker).once('exit', done)));
      await pool.close();
      await Promise.all(exits);
      expect(exits.length).toBeGreaterThan(0);
      expect(terminate).not.toHaveBeenCalled();
    } finally {
      terminate.mockRestore();
      start.mockRestore();
    }
  });

  it('says once, in the log, that libsecp256k1 recovers and on how many threads', async () => {
    const lines: string[] = [];
    const pool = new RecoveryPool(2, { log: (line) => lines.push(line) });
    try {
      await pool.recover(samples(4));
      expect(pool.implementation).toBe('libsecp256k1');
      expect(lines).toEqual([
        expect.stringMatching(/^signature recovery: libsecp256k1 \(secp256k1 [\d.]+, N-API\) on 2 worker threads$/),
      ]);
    } finally {
      await pool.close();
    }
  });

  it('falls back to noble when libsecp256k1 cannot load, names it in the log, and still checks signatures', async () => {
    const lines: string[] = [];
    const pool = new RecoveryPool(2, { log: (line) => lines.push(line), loadNative: nativeUnavailable });
    try {
      const items = samples(6);
      const results = await pool.recover(items);
      expect(pool.implementation).toBe('noble');
      expect(lines).toEqual([
        'signature recovery: noble (@noble/curves, JavaScript) on 2 worker threads, because libsecp256k1 could not load: No native build was found for platform=plan9 arch=mips',
      ]);
      expect(results.map((r) => r.ok && r.addressHex)).toEqual(items.map((i) => i.address));
      const bad = mixed(8);
      expect(await pool.recover(bad)).toEqual(bad.map((r) => recoverInline(r.digest, r.signature)));
      expect(pool.workerCount).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it("gives noble's answers with either implementation, on workers and on the main thread", async () => {
    const requests = mixed(24);
    const expected = requests.map((r) => recoverInline(r.digest, r.signature));
    // Signers, bad headers and zero r in turn (random r recovers some key or none).
    expect(expected.map((r, i) => (i % 4 === 3 ? 'random' : r.ok ? 'signer' : r.message.slice(0, 12)))).toEqual(
      requests.map((_, i) => ['signer', 'Header byte ', 'Could not re', 'random'][i % 4]),
    );
    for (const workers of [2, 0]) {
      for (const loadNative of [undefined, nativeUnavailable]) {
        const pool = new RecoveryPool(workers, { loadNative });
        try {
          expect(await pool.recover(requests)).toEqual(expected);
        } finally {
          await pool.close();
        }
      }
    }
  });

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

  it('answers each of hundreds of requests made in one tick with its own signer, over several messages per worker', async () => {
    const pool = new RecoveryPool(2);
    try {
      const items = samples(300);
      const answers = await Promise.all(items.map((item) => pool.recover([item])));
      expect(answers.map(([r]) => (r!.ok ? r!.addressHex : r!.message))).toEqual(items.map((i) => i.address));
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
    console.log(pool.implementation + ':' + workers + ':' + r[0].message);
  `;

  const EXPECTED_PROBE = 'libsecp256k1:2:Could not recover public key from signature';

  it('starts its workers with libsecp256k1 under tsx', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'recovery-tsx-'));
    dirs.push(dir);
    const file = join(dir, 'probe.mts');
    await writeFile(file, script(resolve('src-main/node/signatures/recovery-pool.ts')));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', file], { cwd: resolve('.') });
    expect(stdout.trim()).toBe(EXPECTED_PROBE);
  });

  it('starts its workers with libsecp256k1 from a vite bundle with dependencies left external', async () => {
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
        rollupOptions: {
          external: [/^@noble\//, /^secp256k1/, /^node:/],
          output: { format: 'es', entryFileNames: 'main.mjs' },
        },
      },
    });
    const probe = join(dir, 'probe.mjs');
    await writeFile(probe, script('./main.mjs'));
    const { stdout } = await run(process.execPath, [probe], { cwd: dir });
    expect(stdout.trim()).toBe(EXPECTED_PROBE);
  }, 60_000);

  it("starts its workers with libsecp256k1 from an electron-vite build with the project's main config", async () => {
    await mkdir(resolve('node_modules/.cache'), { recursive: true });
    const dir = await mkdtemp(join(resolve('node_modules/.cache'), 'recovery-electron-vite-'));
    dirs.push(dir);
    const entry = join(dir, 'probe.ts');
    await writeFile(entry, script(resolve('src-main/node/signatures/recovery-pool.ts')));
    // The project's main target as `npm run build:app` builds it (externalized dependencies,
    // output format, Node target), with only the entry and the output folder replaced.
    const config = join(dir, 'electron.vite.config.ts');
    await writeFile(
      config,
      `import project from ${JSON.stringify(resolve('electron.vite.config.ts'))};
      const main = project.main;
      export default { main: { ...main, build: { ...main.build, outDir: ${JSON.stringify(join(dir, 'out'))},
        rollupOptions: { ...main.build.rollupOptions, input: { index: ${JSON.stringify(entry)} } } } } };`,
    );
    await run(
      process.execPath,
      [resolve('node_modules/electron-vite/bin/electron-vite.js'), 'build', '--config', config],
      {
        cwd: resolve('.'),
        env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      },
    );
    const bundle = await readFile(join(dir, 'out/index.js'), 'utf8');
    expect(bundle).toContain('"secp256k1/bindings"');
    expect(bundle).not.toContain('node-gyp-build');
    const { stdout } = await run(process.execPath, [join(dir, 'out/index.js')], { cwd: dir });
    expect(stdout.trim()).toBe(EXPECTED_PROBE);
  }, 60_000);
});
