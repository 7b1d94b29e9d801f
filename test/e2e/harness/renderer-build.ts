import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const RENDERER_OUT = join(ROOT, 'out/renderer');

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, await newestMtime(path));
    else newest = Math.max(newest, (await stat(path)).mtimeMs);
  }
  return newest;
}

/** The entry file of each electron-vite target. */
export const BUILD_OUTPUTS = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].map((path) =>
  join(ROOT, path),
);

/**
 * Reuses `out/` when every target is newer than every source (so `npm test`, which builds first,
 * does not build twice); otherwise runs the real app build.
 */
export async function ensureRendererBuilt(force = process.env.E2E_REBUILD === '1'): Promise<void> {
  if (!force && BUILD_OUTPUTS.every((path) => existsSync(path))) {
    const built = Math.min(...(await Promise.all(BUILD_OUTPUTS.map(async (path) => (await stat(path)).mtimeMs))));
    const sources = Math.max(
      ...(await Promise.all(['src-renderer', 'src-core', 'src-main'].map((dir) => newestMtime(join(ROOT, dir))))),
    );
    if (built >= sources) return;
  }
  await promisify(execFile)(
    process.execPath,
    [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: ROOT,
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

let injectCode: Promise<string> | null = null;

/** The browser half of the bridge (inject.ts) as one IIFE, built once per test process. */
export function bundleInjectScript(): Promise<string> {
  injectCode ??= (async () => {
    const output = await build({
      configFile: false,
      logLevel: 'silent',
      root: ROOT,
      build: {
        write: false,
        minify: false,
        lib: { entry: join(import.meta.dirname, 'inject.ts'), formats: ['iife'], name: '__walletHarnessBridge' },
      },
    });
    const results = Array.isArray(output) ? output : [output];
    for (const result of results) {
      if ('output' in result) {
        const chunk = result.output.find((item) => item.type === 'chunk');
        if (chunk && chunk.type === 'chunk') return chunk.code;
      }
    }
    throw new Error('Bundling the harness bridge script produced no code.');
  })();
  return injectCode;
}
