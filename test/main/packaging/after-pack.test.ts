import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as fusesModule from '@electron/fuses';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { describe, expect, it, vi } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

type AfterPackHook = { fuses: Record<string, unknown>; default: (context: unknown) => Promise<void> };

/** What the hook handed to @electron/fuses' flipFuses: the binary path and the fuse config. */
const flipped = vi.hoisted(() => [] as [string, Record<string, unknown>][]);
vi.mock('@electron/fuses', async (importOriginal) => ({
  ...(await importOriginal<typeof fusesModule>()),
  flipFuses: async (path: string, config: Record<string, unknown>) => {
    flipped.push([path, config]);
    return 0;
  },
}));

const loadHook = async () => (await import(pathToFileURL(resolve(ROOT, 'build/after-pack.mjs')).href)) as AfterPackHook;

/** Every fuse the security checklist wants flipped, and nothing else. */
const EXPECTED_FUSES = {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.WasmTrapHandlers]: true,
};

function packContext(platform: string) {
  return {
    appOutDir: '/pack/out',
    electronPlatformName: platform,
    packager: { appInfo: { productFilename: 'TRON Multisig Wallet' }, executableName: 'tron-multisig-wallet' },
  };
}

describe('packaging', () => {
  it('flips exactly the fuses the security checklist asks for, file:// extra privileges included', async () => {
    const hook = await loadHook();
    expect(typeof hook.default).toBe('function');
    expect(hook.fuses).toEqual(EXPECTED_FUSES);
    expect(hook.fuses[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false);
  });

  it('decides every fuse @electron/fuses knows, none left to chance', async () => {
    const hook = await loadHook();
    const known = Object.values(FuseV1Options).filter((v) => typeof v === 'number');
    expect(known.length).toBeGreaterThan(0);
    for (const option of known) expect(hook.fuses).toHaveProperty(String(option));
  });

  it('afterPack hands every one of those fuses to flipFuses for the packaged binary of each platform', async () => {
    const hook = await loadHook();
    flipped.length = 0;
    for (const platform of ['linux', 'win32', 'darwin', 'mas']) await hook.default(packContext(platform));
    expect(flipped.map(([path]) => path)).toEqual([
      join('/pack/out', 'tron-multisig-wallet'),
      join('/pack/out', 'TRON Multisig Wallet.exe'),
      join('/pack/out', 'TRON Multisig Wallet.app'),
      join('/pack/out', 'TRON Multisig Wallet.app'),
    ]);
    for (const [index, [, config]] of flipped.entries()) {
      expect(config).toEqual({
        ...EXPECTED_FUSES,
        strictlyRequireAllFuses: true,
        resetAdHocDarwinSignature: index === 2,
      });
    }
  });

  it('runs that hook, packs into asar and targets every platform', () => {
    const config = readFileSync(resolve(ROOT, 'build/electron-builder.yml'), 'utf8');
    expect(config).toMatch(/^afterPack: build\/after-pack\.mjs$/m);
    expect(config).toMatch(/^asar: true$/m);
    for (const target of ['AppImage', 'deb', 'dmg', 'nsis'])
      expect(config).toMatch(new RegExp(`^\\s+- ${target}$`, 'm'));
  });
});
