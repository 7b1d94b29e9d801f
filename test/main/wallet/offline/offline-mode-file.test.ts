import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../../src-core/client/fetch';
import { createWalletServices, type EmbeddedNodeFactory, type WalletServices } from '../../../../src-main/wallet';
import { OFFLINE_MODE_FILE } from '../../../../src-main/wallet/offline/offline-mode-file';
import { defaultSettings, SETTINGS_FILE } from '../../../../src-main/wallet/stores/settings';
import { ScriptedConsent } from '../../../fixtures/consent-surface';
import { CHEAP_SCRYPT } from '../../vault/helpers';
import { noKeychain, quietLog, recordEvents, removeDir, tempDir } from '../helpers';

const PASSWORD = 'Offline-Desk-2024!';

/** The ways a file is found damaged: each must read as "offline" for the mode, never as the default. */
const DAMAGE: Record<string, (text: string) => string> = {
  truncated: (text) => text.slice(0, Math.floor(text.length / 2)),
  empty: () => '',
  'from a newer version': (text) => text.replace(/"version":\s*\d+/, '"version": 99'),
  'with an unknown field': (text) => text.replace(/"data":\s*\{/, '"data": {"unexpected": 1, '),
};

describe('the offline signer’s mode on disk (offline/offline-mode-file.ts)', () => {
  let dir: string;
  let wallet: WalletServices | null;
  let consent: ScriptedConsent;
  let nodesStarted: number;

  async function open(): Promise<WalletServices> {
    const factory: EmbeddedNodeFactory = async () => {
      nodesStarted++;
      throw new Error('no node in this test');
    };
    wallet = await createWalletServices({
      userDataDir: dir,
      emit: recordEvents().emit,
      log: quietLog,
      createEmbeddedNode: factory,
      fetch: (async () => {
        throw new Error('no network in this test');
      }) as unknown as FetchLike,
      clipboard: { writeText: () => undefined },
      secretStore: noKeychain(),
      scrypt: CHEAP_SCRYPT,
      consentSurface: consent,
      settingsDefaults: { embeddedNode: { port: 0 } },
    });
    await wallet.ready;
    return wallet;
  }

  async function reopen(): Promise<WalletServices> {
    await wallet?.close();
    wallet = null;
    return open();
  }

  async function damage(file: string, how: (text: string) => string): Promise<void> {
    await writeFile(join(dir, file), how(await readFile(join(dir, file), 'utf8')));
  }

  async function writeSettings(data: object, version = 3): Promise<void> {
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify({ format: 'tron-wallet-settings', version, data }));
  }

  beforeEach(async () => {
    dir = await tempDir('offline-mode-');
    wallet = null;
    consent = ScriptedConsent.approve(PASSWORD);
    nodesStarted = 0;
  });
  afterEach(async () => {
    await wallet?.close();
    await removeDir(dir);
  });

  it('starts a fresh profile online and records that', async () => {
    const fresh = await open();
    expect(fresh.offline.status()).toEqual({ offline: false, reason: null });
    expect(nodesStarted).toBe(1);
    expect(JSON.parse(await readFile(join(dir, OFFLINE_MODE_FILE), 'utf8'))).toMatchObject({
      data: { mode: 'online' },
    });
  });

  for (const [name, how] of Object.entries(DAMAGE)) {
    it(`keeps an offline signer offline when settings.json is ${name}, and starts no node`, async () => {
      await (await open()).offline.enter();
      await wallet!.close();
      wallet = null;
      await damage(SETTINGS_FILE, how);
      const again = await open();
      expect(again.settings.problem).not.toBeNull();
      expect(again.offline.status()).toEqual({ offline: true, reason: null });
      expect(nodesStarted).toBe(1);
    });

    it(`lets an online wallet whose settings.json is ${name} become an offline signer`, async () => {
      await writeSettings({ ...defaultSettings(), embeddedNode: { ...defaultSettings().embeddedNode, port: 0 } });
      await open();
      await wallet!.close();
      wallet = null;
      await damage(SETTINGS_FILE, how);
      const damaged = await open();
      expect(damaged.settings.problem).not.toBeNull();
      expect(await damaged.offline.enter()).toEqual({ offline: true, reason: null });
      expect((await reopen()).offline.status().offline).toBe(true);
    });

    it(`turns the offline signer on, with the reason, when offline-mode.json is ${name}`, async () => {
      await open();
      await wallet!.close();
      wallet = null;
      await damage(OFFLINE_MODE_FILE, how);
      const doubtful = await open();
      const status = doubtful.offline.status();
      expect(status.offline).toBe(true);
      expect(status.reason).toContain(OFFLINE_MODE_FILE);
      expect(status.reason).toMatch(/Leave the offline signer only if/);
      expect(nodesStarted).toBe(1);
      // Leaving is the person's choice on main's window; the damaged record is kept aside, not deleted.
      expect(await doubtful.offline.leave()).toEqual({ offline: false, reason: null });
      expect(consent.asked).toHaveLength(1);
      expect(nodesStarted).toBe(2);
      expect((await readdir(dir)).filter((f) => f.startsWith(`${OFFLINE_MODE_FILE}.damaged-`))).toHaveLength(1);
      expect((await reopen()).offline.status()).toEqual({ offline: false, reason: null });
    });
  }

  it('keeps the offline signer on when offline-mode.json is missing and settings.json says offline', async () => {
    await (await open()).offline.enter();
    await wallet!.close();
    wallet = null;
    await rm(join(dir, OFFLINE_MODE_FILE));
    const status = (await open()).offline.status();
    expect(status.offline).toBe(true);
    expect(nodesStarted).toBe(1);
  });

  it('turns the offline signer on, with the reason, when offline-mode.json says online but settings.json says offline', async () => {
    await (await open()).offline.enter();
    await wallet!.close();
    wallet = null;
    await writeFile(
      join(dir, OFFLINE_MODE_FILE),
      JSON.stringify({ format: 'tron-wallet-offline-mode', version: 1, data: { mode: 'online' } }),
    );
    const status = (await open()).offline.status();
    expect(status.offline).toBe(true);
    expect(status.reason).toMatch(/says online while settings\.json says offline signer/);
    expect(nodesStarted).toBe(1);
  });

  it('turns the offline signer on, with the reason, when offline-mode.json is missing and settings.json is damaged', async () => {
    await writeFile(join(dir, SETTINGS_FILE), '{"format": "tron-wallet-settings", "version": 3, "data": {');
    const status = (await open()).offline.status();
    expect(status.offline).toBe(true);
    expect(status.reason).toMatch(/offline-mode\.json is missing and settings\.json could not be read/);
    expect(nodesStarted).toBe(0);
  });

  it('takes the mode from settings.json of an earlier profile and writes offline-mode.json', async () => {
    await writeSettings({ ...defaultSettings(), mode: 'offline' });
    expect((await open()).offline.status()).toEqual({ offline: true, reason: null });
    expect(nodesStarted).toBe(0);
    expect(JSON.parse(await readFile(join(dir, OFFLINE_MODE_FILE), 'utf8'))).toMatchObject({
      format: 'tron-wallet-offline-mode',
      version: 1,
      data: { mode: 'offline' },
    });
  });

  it('keeps an earlier online profile online, from settings.json of version 2 (before the mode existed)', async () => {
    const { mode: _mode, ...v2 } = defaultSettings();
    await writeSettings({ ...v2, embeddedNode: { ...v2.embeddedNode, port: 0 } }, 2);
    expect((await open()).offline.status()).toEqual({ offline: false, reason: null });
    expect(nodesStarted).toBe(1);
    expect(JSON.parse(await readFile(join(dir, OFFLINE_MODE_FILE), 'utf8'))).toMatchObject({
      data: { mode: 'online' },
    });
  });
});
