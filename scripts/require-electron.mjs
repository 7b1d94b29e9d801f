#!/usr/bin/env node
// Run before anything that needs the Electron binary (`npm run dev`, `npm start`, `npm run build`).
// Electron's npm package holds no binary: it downloads one from GitHub the first time something asks
// for it, and where GitHub is out of reach that ends in a stack trace halfway through a build. This
// checks first, downloads the binary once if it may, and otherwise says in one sentence what to do
// and what works without it.
// Usage: node scripts/require-electron.mjs [--electron-dir DIR]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const WORKS_WITHOUT = '`npm run node`, `npm test` and `npm run build:app` work without it';

/** Where Electron's package expects its binary, or null when that binary is not there. */
export function installedElectron(electronDir, env = process.env) {
  const pathFile = join(electronDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const binary = env.ELECTRON_OVERRIDE_DIST_PATH
    ? join(env.ELECTRON_OVERRIDE_DIST_PATH, executable || 'electron')
    : executable && join(electronDir, 'dist', executable);
  return binary && existsSync(binary) ? binary : null;
}

/** Null when the binary is (now) installed, or the sentence saying why it is not. */
export function requireElectron(electronDir, env = process.env) {
  if (installedElectron(electronDir, env)) return null;
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    return (
      'The Electron binary is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it is not ' +
      `downloaded: unset it on a machine that reaches GitHub to run the app; ${WORKS_WITHOUT}.`
    );
  }
  const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], { encoding: 'utf8', env });
  if (install.status === 0 && installedElectron(electronDir, env)) return null;
  const reason = `${install.stderr ?? ''}${install.error?.message ?? ''}`.trim().split('\n')[0] || 'no reason given';
  return (
    `The Electron binary could not be downloaded from GitHub (${reason}), so the app cannot run here; ` +
    `${WORKS_WITHOUT}, and ELECTRON_SKIP_BINARY_DOWNLOAD=1 skips this download attempt.`
  );
}

function electronDirFromArgs(args) {
  const at = args.indexOf('--electron-dir');
  if (at >= 0 && args[at + 1]) return args[at + 1];
  return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const problem = requireElectron(electronDirFromArgs(process.argv.slice(2)));
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
