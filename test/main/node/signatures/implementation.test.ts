import { execFile } from 'node:child_process';
import { readFile, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseImplementation } from '@main/node/signatures/implementation';
import { recoverSignerWith } from '@main/node/signatures/recover';
import { encodeBase58Check } from '@core/bytes/base58';
import { hexToBytes } from '@core/bytes/hex';
import { addressFromPrivateKey, randomPrivateKey, signDigest } from '@core/keys/keys';

/**
 * The choice between libsecp256k1 and noble: native where its binding loads, noble with the load
 * error otherwise, and a node whose binary cannot be opened still checks every signature.
 */
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function pinnedVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(resolve('package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return manifest.dependencies['secp256k1']!;
}

describe('chooseImplementation', () => {
  it('picks libsecp256k1 at the pinned version when its binding loads, and hands workers its path', async () => {
    const chosen = chooseImplementation();
    expect(chosen.name).toBe('libsecp256k1');
    expect(chosen.label).toBe(`libsecp256k1 (secp256k1 ${await pinnedVersion()}, N-API)`);
    expect(chosen.fallbackReason).toBeUndefined();
    expect(chosen.workerModules.native).toMatch(/node_modules[\\/]secp256k1[\\/]bindings\.js$/);
    expect(chosen.workerModules.curves).toBeUndefined();
  });

  it('falls back to noble, keeping the first line of the load error, when the binding cannot load', () => {
    const chosen = chooseImplementation(() => {
      throw new Error('No native build was found for platform=plan9 arch=mips\n    at load (node-gyp-build.js:60:9)');
    });
    expect(chosen.name).toBe('noble');
    expect(chosen.fallbackReason).toBe('No native build was found for platform=plan9 arch=mips');
    expect(chosen.workerModules.native).toBeUndefined();
    expect(chosen.workerModules.curves).toMatch(/@noble[\\/]curves[\\/]/);
    const key = randomPrivateKey();
    const digest = new Uint8Array(32).fill(3);
    expect(recoverSignerWith(chosen.recoverPublicKey, digest, signDigest(digest, key))).toMatchObject({
      ok: true,
      addressHex: addressFromPrivateKey(key),
    });
  });

  it('under tsx, a node whose libsecp256k1 binary cannot be opened logs the noble fallback once and still checks signatures', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'secp-fallback-'));
    dirs.push(dir);
    const file = join(dir, 'probe.mts');
    // dlopen refuses only the secp256k1 binary (LevelDB's still opens), as on a platform without it.
    await writeFile(
      file,
      `
      const dlopen = process.dlopen;
      process.dlopen = (module, filename, ...rest) => {
        if (/secp256k1/.test(filename)) throw new Error(filename + ': cannot open shared object file');
        return dlopen.call(process, module, filename, ...rest);
      };
      const h = await import(${JSON.stringify(resolve('test/main/node/helpers.ts'))});
      const lines = [];
      const node = await h.startNode({ signatureWorkers: 2, log: (line) => lines.push(line) });
      try {
        const alice = h.fundedKey(node, 0);
        const bob = h.fundedKey(node, 1);
        const good = h.makeTx(node, h.transfer(alice, bob, 1n), alice.key);
        const wrong = h.makeTx(node, h.transfer(alice, bob, 2n), bob.key);
        const v0 = h.makeTx(node, h.transfer(alice, bob, 3n), alice.key);
        v0.signature = [v0.signature[0].slice(0, 128) + (parseInt(v0.signature[0].slice(128), 16) - 27).toString(16).padStart(2, '0')];
        console.log(JSON.stringify({
          implementation: node.recovery.implementation,
          lines: lines.filter((line) => line.startsWith('signature recovery')),
          good: await h.broadcast(node, good),
          v0: await h.broadcast(node, v0),
          wrong: await h.broadcast(node, wrong),
          wrongSignature: wrong.signature[0],
          bob: bob.hex,
          workers: node.recovery.workerCount,
        }));
      } finally {
        await node.stop();
      }
      `,
    );
    const { stdout } = await run(process.execPath, ['--import', 'tsx', file], { cwd: resolve('.') });
    const out = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown> & {
      wrongSignature: string;
      bob: string;
    };
    expect(out.implementation).toBe('noble');
    expect(out.lines).toEqual([
      expect.stringMatching(
        /^signature recovery: noble \(@noble\/curves, JavaScript\) on 2 worker threads, because libsecp256k1 could not load: .*secp256k1.*\.node: cannot open shared object file$/,
      ),
    ]);
    expect(out.workers).toBe(2);
    expect(out.good).toMatchObject({ result: true });
    expect(out.v0).toMatchObject({ result: true });
    expect(out.wrong).toMatchObject({
      code: 'SIGERROR',
      message: `Validate signature error: ${out.wrongSignature} is signed by ${encodeBase58Check(hexToBytes(out.bob))} but it is not contained of permission.`,
    });
  }, 60_000);
});
