import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM script without type declarations
import * as suiteRunner from '../../scripts/test-tronweb.mjs';
// @ts-expect-error -- a plain CommonJS reporter without type declarations
import { countByFile, formatCounts } from '../../scripts/test-tronweb-reporter.cjs';

const { needsBuild, parseOptions, pinnedTronWebVersion, suiteFiles, tronWebOrder, UsageError, versionWarning } =
  suiteRunner;
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

  it('takes a checkout at TronWeb’s default port, warning with both versions when it is not the pinned one', () => {
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
    expect(other).toMatchObject({ port: 9191, grep: 'trx', versionNote: versionWarning('6.0.0', pinned) });
  });

  it('names an older or newer checkout against the pinned version and that the figures are the checkout’s', () => {
    expect(versionWarning('6.5.1', '6.5.1')).toBeUndefined();
    expect(versionWarning('6.3.0', '6.5.1')).toBe(
      "the checkout is tronweb 6.3.0, older than the pinned 6.5.1: the suite builds and tests tronweb 6.3.0's " +
        'own source, so its figures are for tronweb 6.3.0',
    );
    expect(versionWarning('6.10.0', '6.5.1')).toMatch(
      /^the checkout is tronweb 6\.10\.0, newer than the pinned 6\.5\.1:/,
    );
  });

  it('prints the version warning before it starts the node when the checkout is another version', () => {
    const dir = checkout({ name: 'tronweb', version: '0.0.1' });
    // An unused port the node cannot take, so the run stops right after the warning.
    const run = spawnSync(process.execPath, [script, '--tronweb', dir, '--port', '99999999'], { encoding: 'utf8' });
    expect(run.stderr).toContain(
      `Warning: the checkout is tronweb 0.0.1, older than the pinned ${pinnedTronWebVersion()}`,
    );
  });

  it('runs every test/lib file by default, in the order TronWeb’s npm test runs them', () => {
    const dir = checkout({ name: 'tronweb' });
    mkdirSync(join(dir, 'test', 'lib', 'contract'), { recursive: true });
    for (const name of ['trx', 'transactionBuilder', 'plugin', 'event', 'contract/method', 'contract/index']) {
      writeFileSync(join(dir, 'test', 'lib', `${name}.test.ts`), '');
    }
    writeFileSync(join(dir, 'test', 'lib', 'notes.txt'), '');
    const order = ['contract/index', 'contract/method', 'event', 'plugin', 'transactionBuilder', 'trx'];
    expect(suiteFiles(dir)).toEqual(order);
    expect(parseOptions(['--tronweb', dir]).files).toEqual(order);
    // Mocha's English locale compare puts transactionBuilder before trx and ignores case first.
    expect(tronWebOrder(['trx', 'Trx2', 'transactionBuilder', 'trx'])).toEqual(['transactionBuilder', 'trx', 'Trx2']);
  });

  it('runs with --whole every test file under test, as TronWeb’s npm test does, and refuses --file beside it', () => {
    const dir = checkout({ name: 'tronweb' });
    mkdirSync(join(dir, 'test', 'lib', 'contract'), { recursive: true });
    mkdirSync(join(dir, 'test', 'utils'), { recursive: true });
    mkdirSync(join(dir, 'test', 'helpers'), { recursive: true });
    for (const name of ['utils/abi', 'lib/trx', 'index', 'lib/contract/index', 'utils/index']) {
      writeFileSync(join(dir, 'test', `${name}.test.ts`), '');
    }
    writeFileSync(join(dir, 'test', 'helpers', 'config.ts'), '');
    expect(parseOptions(['--tronweb', dir, '--whole'])).toMatchObject({
      folder: '',
      files: ['index', 'lib/contract/index', 'lib/trx', 'utils/abi', 'utils/index'],
    });
    expect(parseOptions(['--tronweb', dir])).toMatchObject({ folder: 'lib', files: ['contract/index', 'trx'] });
    expect(() => parseOptions(['--tronweb', dir, '--whole', '--file', 'trx'])).toThrow(
      '--whole runs every file of test: leave out --file.',
    );
  });

  it('takes --file names of test/lib files, several in TronWeb’s order, and refuses one the checkout lacks', () => {
    const dir = checkout({ name: 'tronweb' });
    mkdirSync(join(dir, 'test', 'lib', 'contract'), { recursive: true });
    writeFileSync(join(dir, 'test', 'lib', 'trx.test.ts'), '');
    writeFileSync(join(dir, 'test', 'lib', 'contract', 'method.test.ts'), '');
    expect(parseOptions(['--tronweb', dir]).files).toEqual(['contract/method', 'trx']);
    expect(parseOptions(['--tronweb', dir, '--file', 'trx', '--file', 'contract/method']).files).toEqual([
      'contract/method',
      'trx',
    ]);
    expect(() => parseOptions(['--tronweb', dir, '--file', 'event'])).toThrow(
      `--file event: ${dir} has no test/lib/event.test.ts.`,
    );
  });

  it('counts passing, failing and pending tests by file, a failing hook as a failure of its file', () => {
    const runner = new EventEmitter();
    const root = join(tmpdir(), 'lib', 'commonjs', 'test', 'lib');
    const counts = countByFile(runner, root);
    const at = (name: string) => ({ file: join(root, `${name}.test.js`) });
    runner.emit('pass', at('event'));
    runner.emit('pass', at('trx'));
    runner.emit('pass', at('trx'));
    runner.emit('fail', at('trx'));
    runner.emit('pending', at('contract/index'));
    runner.emit('fail', at('event'));
    runner.emit('fail', {});
    expect(Object.fromEntries(counts)).toEqual({
      event: { passing: 1, failing: 1, pending: 0 },
      trx: { passing: 2, failing: 1, pending: 0 },
      'contract/index': { passing: 0, failing: 0, pending: 1 },
      '(no file)': { passing: 0, failing: 1, pending: 0 },
    });
    expect(formatCounts(counts).split('\n')).toEqual([
      'file            passing  failing  pending',
      'event                 1        1        0',
      'trx                   2        1        0',
      'contract/index        0        0        1',
      '(no file)             0        1        0',
      'all                   3        3        1',
    ]);
  });

  it('names files in the per-file table from the folder the runner gives as the reporter’s root', () => {
    const runner = new EventEmitter();
    const root = join(tmpdir(), 'lib', 'commonjs', 'test');
    const counts = countByFile(runner, root);
    runner.emit('pass', { file: join(root, 'index.test.js') });
    runner.emit('pass', { file: join(root, 'lib', 'contract', 'index.test.js') });
    expect([...counts.keys()]).toEqual(['index', 'lib/contract/index']);
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
