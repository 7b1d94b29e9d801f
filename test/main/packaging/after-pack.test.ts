import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FuseV1Options } from '@electron/fuses';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('packaging', () => {
  it('flips the fuses the security checklist asks for', async () => {
    const hook = (await import(pathToFileURL(resolve(ROOT, 'build/after-pack.mjs')).href)) as { fuses: Record<number, boolean>; default: unknown };
    expect(typeof hook.default).toBe('function');
    expect(hook.fuses).toMatchObject({
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.EnableCookieEncryption]: true,
    });
  });

  it('runs that hook, packs into asar and targets every platform', () => {
    const config = readFileSync(resolve(ROOT, 'build/electron-builder.yml'), 'utf8');
    expect(config).toMatch(/^afterPack: build\/after-pack\.mjs$/m);
    expect(config).toMatch(/^asar: true$/m);
    for (const target of ['AppImage', 'deb', 'dmg', 'nsis']) expect(config).toMatch(new RegExp(`^\\s+- ${target}$`, 'm'));
  });
});
