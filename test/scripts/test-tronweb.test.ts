import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import { parseOptions, pinnedTronWebVersion, UsageError } from '../../scripts/test-tronweb.mjs';

const script = fileURLToPath(new URL('../../scripts/test-tronweb.mjs', import.meta.url));
const dirs: string[] = [];

/** A folder standing in for a tronweb checkout: its package.json and, optionally, an installed mocha. */
function checkout(pkg: Record<string, unknown>, installed = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'tronweb-checkout-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
  if (installed) {
    mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', '.bin', 'mocha'), '');
  }
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm run test:tronweb', () => {
  it('reads the pinned TronWeb version from package.json', () => {
    expect(pinnedTronWebVersion()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('exits with 2 and says how to make the checkout when --tronweb is missing', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `git clone --branch v${pinnedTronWebVersion()} https://github.com/tronprotocol/tronweb`,
    );
    expect(run.stderr).toContain('Usage: npm run test:tronweb -- --tronweb DIR');
  });

  it('refuses a folder that is not a tronweb checkout or has no dev dependencies', () => {
    expect(() => parseOptions(['--tronweb', checkout({ name: 'other' })])).toThrow('holds other, not tronweb.');
    expect(() => parseOptions(['--tronweb', checkout({ name: 'tronweb' }, false)])).toThrow(/run `npm ci` in it/);
    expect(() => parseOptions(['--tronweb', join(tmpdir(), 'no-such-tronweb-checkout')])).toThrow(UsageError);
    expect(() => parseOptions(['--tronweb', checkout({ name: 'tronweb' }), '--port', 'x'])).toThrow(
      '--port expects a whole number, got "x".',
    );
  });

  it('takes a checkout at TronWeb’s default port, noting a version other than the pinned one', () => {
    const pinned = pinnedTronWebVersion();
    const same = parseOptions(['--tronweb', checkout({ name: 'tronweb', version: pinned })]);
    expect(same).toMatchObject({ port: 9090, versionNote: undefined });
    const other = parseOptions([
      '--tronweb',
      checkout({ name: 'tronweb', version: '6.0.0' }),
      '--grep',
      'trx',
      '--port',
      '9191',
    ]);
    expect(other).toMatchObject({
      port: 9191,
      grep: 'trx',
      versionNote: `the checkout is tronweb 6.0.0, the pinned one is ${pinned}`,
    });
  });
});
