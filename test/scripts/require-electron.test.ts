import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/require-electron.mjs', import.meta.url));
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An Electron package folder as npm leaves it: no binary, and `install.js` as given. */
function electronPackage(installJs: string) {
  const dir = mkdtempSync(join(tmpdir(), 'electron-pkg-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'install.js'), installJs);
  return dir;
}

const installsBinary = `
const { mkdirSync, writeFileSync } = require('node:fs');
mkdirSync(__dirname + '/dist');
writeFileSync(__dirname + '/dist/electron', '');
writeFileSync(__dirname + '/path.txt', 'electron');
`;
const failsDownload = `console.error('TypeError: fetch failed\\n    at node:internal/deps/undici'); process.exit(1);`;

function requireElectron(dir: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [script, '--electron-dir', dir], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return { status: run.status, stderr: run.stderr };
}

describe('require-electron', () => {
  it('passes silently when the binary is installed', () => {
    const dir = electronPackage(failsDownload);
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'electron'), '');
    writeFileSync(join(dir, 'path.txt'), 'electron');
    expect(requireElectron(dir)).toEqual({ status: 0, stderr: '' });
  });

  it('downloads a missing binary once, then passes', () => {
    const dir = electronPackage(installsBinary);
    expect(requireElectron(dir)).toEqual({ status: 0, stderr: '' });
  });

  it('with ELECTRON_SKIP_BINARY_DOWNLOAD set, downloads nothing and names the variable and what works', () => {
    const dir = electronPackage(installsBinary);
    const run = requireElectron(dir, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD is set');
    expect(run.stderr).toContain('`npm run node`, `npm test` and `npm run build:app` work without it');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(requireElectron(dir, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }).status).toBe(1);
  });

  it('when the download fails, says so in one sentence with its first line, no stack trace', () => {
    const run = requireElectron(electronPackage(failsDownload));
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'The Electron binary could not be downloaded from GitHub (TypeError: fetch failed), so the app cannot run ' +
        'here; `npm run node`, `npm test` and `npm run build:app` work without it, and ' +
        'ELECTRON_SKIP_BINARY_DOWNLOAD=1 skips this download attempt.',
    );
  });
});

describe('the scripts that need Electron', () => {
  it('check for its binary before doing anything else', async () => {
    const { readFile } = await import('node:fs/promises');
    const { scripts } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const name of ['dev', 'start', 'build']) {
      expect(scripts[name]).toMatch(/^node scripts\/require-electron\.mjs && /);
    }
  });
});
