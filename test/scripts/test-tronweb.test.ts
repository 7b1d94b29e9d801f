import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import { needsBuild, parseOptions, pinnedTronWebVersion, UsageError } from '../../scripts/test-tronweb.mjs';

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

  it('takes --file names of test/lib files, several at once, and refuses one the checkout lacks', () => {
    const dir = checkout({ name: 'tronweb' });
    mkdirSync(join(dir, 'test', 'lib', 'contract'), { recursive: true });
    writeFileSync(join(dir, 'test', 'lib', 'trx.test.ts'), '');
    writeFileSync(join(dir, 'test', 'lib', 'contract', 'method.test.ts'), '');
    expect(parseOptions(['--tronweb', dir]).files).toEqual([]);
    expect(parseOptions(['--tronweb', dir, '--file', 'trx', '--file', 'contract/method']).files).toEqual([
      'trx',
      'contract/method',
    ]);
    expect(() => parseOptions(['--tronweb', dir, '--file', 'event'])).toThrow(
      `--file event: ${dir} has no test/lib/event.test.ts.`,
    );
  });

  it('rebuilds the suite only when it was never built or a test or source file is newer than the build', () => {
    const dir = checkout({ name: 'tronweb' });
    mkdirSync(join(dir, 'test'), { recursive: true });
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'test', 'a.test.ts'), '');
    writeFileSync(join(dir, 'src', 'index.ts'), '');
    expect(needsBuild(dir)).toBe(true);
    const built = join(dir, 'lib', 'commonjs', 'package.json');
    mkdirSync(join(dir, 'lib', 'commonjs'), { recursive: true });
    writeFileSync(built, '{"type": "commonjs"}');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'test', 'a.test.ts'), past, past);
    utimesSync(join(dir, 'src', 'index.ts'), past, past);
    expect(needsBuild(dir)).toBe(false);
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'src', 'index.ts'), future, future);
    expect(needsBuild(dir)).toBe(true);
  });
});
