import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_EMBEDDED_NODE, SETTINGS_FILE, Settings } from '@main/wallet/stores/settings';
import { removeDir, tempDir } from '../helpers';

describe('settings.json', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => removeDir(dir));

  it('keeps browser access and the dev endpoints of the embedded node off by default', () => {
    expect(DEFAULT_EMBEDDED_NODE).toMatchObject({ allowBrowserAccess: false, adminEndpoints: false });
  });

  it('migrates a version 1 file: both new embedded-node settings off, everything else kept, v1 backed up', async () => {
    const file = join(dir, SETTINGS_FILE);
    const v1 = {
      format: 'tron-wallet-settings',
      version: 1,
      data: {
        network: { kind: 'preset', network: 'nile' },
        customNode: null,
        apiKeys: { nile: 'key-1' },
        embeddedNode: {
          port: 9090,
          blockTimeMs: 1000,
          saveInternalTx: true,
          estimateEnergy: false,
          dataDir: null,
          autoStart: false,
        },
        remotePollMs: 5000,
      },
    };
    await writeFile(file, JSON.stringify(v1));
    const settings = await Settings.open(file);
    expect(settings.problem).toBeNull();
    expect(settings.store.report.migratedFrom).toBe(1);
    expect(settings.get()).toEqual({
      ...v1.data,
      embeddedNode: { ...v1.data.embeddedNode, allowBrowserAccess: false, adminEndpoints: false },
      mode: 'online',
    });
    expect(JSON.parse(await readFile(`${file}.v1.bak`, 'utf8'))).toEqual(v1);
  });

  it('migrates a version 2 file to the online mode, everything else kept', async () => {
    const file = join(dir, SETTINGS_FILE);
    const data = {
      network: { kind: 'embedded' },
      customNode: null,
      apiKeys: {},
      embeddedNode: { ...DEFAULT_EMBEDDED_NODE, port: 9191 },
      remotePollMs: 4000,
    };
    await writeFile(file, JSON.stringify({ format: 'tron-wallet-settings', version: 2, data }));
    const settings = await Settings.open(file);
    expect(settings.problem).toBeNull();
    expect(settings.store.report.migratedFrom).toBe(2);
    expect(settings.get()).toEqual({ ...data, mode: 'online' });
  });

  it('saves the two settings when the operator turns them on', async () => {
    const file = join(dir, SETTINGS_FILE);
    const settings = await Settings.open(file);
    await settings.update((s) => ({
      ...s,
      embeddedNode: { ...s.embeddedNode, allowBrowserAccess: true, adminEndpoints: true },
    }));
    const reopened = await Settings.open(file);
    expect(reopened.get().embeddedNode).toMatchObject({ allowBrowserAccess: true, adminEndpoints: true });
  });
});
