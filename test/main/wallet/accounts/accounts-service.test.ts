import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '@core/client/fetch';
import { createWalletServices, type WalletServices } from '@main/wallet';
import { UnavailableSecretStore } from '@main/vault/secret-store';
import { Settings, SETTINGS_FILE } from '@main/wallet/stores/settings';
import { DEV_BALANCE_SUN, miniNodeFactory } from '../../../fixtures/mini-node';
import { vectors } from '../../../fixtures/vectors';
import { CHEAP_SCRYPT } from '../../vault/helpers';
import { quietLog, recordEvents, removeDir, tempDir, type RecordedEvents } from '../helpers';

const stranger = Object.values<{ hex: string; base58: string }>(vectors.keys)[0]!;
const noKeychain = new UnavailableSecretStore('test', {
  available: false,
  backend: 'test',
  reason: 'MODULE_MISSING',
  message: 'No keychain in tests.',
});

describe('accounts service', () => {
  let dir: string;
  let events: RecordedEvents;
  let factory: ReturnType<typeof miniNodeFactory>;
  let wallet: WalletServices;

  beforeEach(async () => {
    dir = await tempDir('accounts-');
    events = recordEvents();
    factory = miniNodeFactory();
    const settings = await Settings.open(join(dir, SETTINGS_FILE));
    await settings.update((s) => ({ ...s, embeddedNode: { ...s.embeddedNode, port: 0, blockTimeMs: 100 } }));
    wallet = await createWalletServices({
      userDataDir: dir,
      emit: events.emit,
      log: quietLog,
      createEmbeddedNode: factory,
      fetch: globalThis.fetch as unknown as FetchLike,
      clipboard: { writeText() {} },
      secretStore: noKeychain,
      scrypt: CHEAP_SCRYPT,
      embeddedPollMs: 25,
    });
    await wallet.ready;
    await wallet.vault.initialize('correct horse battery');
  });
  afterEach(async () => {
    await wallet.close();
    for (const node of factory.started) await node.stop();
    await removeDir(dir);
  });

  it('shows imported dev accounts with their balances and resources, and watch-only ones not yet on chain', async () => {
    const dev = await wallet.vault.importDevAccounts(3);
    expect(dev.map((a) => a.label)).toEqual(['Dev 1', 'Dev 2', 'Dev 3']);
    expect(dev.map((a) => a.address)).toEqual(factory.started[0]!.accounts.slice(0, 3).map((a) => a.address));
    await wallet.vault.addWatchOnly(stranger.base58, { label: 'Stranger' });
    const snapshot = await events.waitFor(
      'accounts:updated',
      (s) => s.accounts.length === 4 && s.accounts.every((a) => a.chain !== null),
    );
    const byLabel = Object.fromEntries(snapshot.accounts.map((a) => [a.label, a]));
    expect(byLabel['Dev 1']!.chain).toMatchObject({
      exists: true,
      balanceSun: DEV_BALANCE_SUN,
      bandwidth: { freeLimit: 600, freeUsed: 0 },
    });
    expect(byLabel['Dev 1']!.chain!.owner.keys).toEqual([{ address: dev[0]!.address, weight: 1n }]);
    expect(byLabel.Stranger!.chain).toMatchObject({ exists: false, balanceSun: 0n });
    expect(snapshot.network).toBe('embedded');
    // Public facts only: no phrase words, no 64-hex key material anywhere in what leaves main.
    const text = JSON.stringify(snapshot, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    expect(text).not.toContain('test test');
    expect(text).not.toMatch(/[0-9a-f]{64}/i);
  });

  it('reads again on new blocks and says why figures are missing when the node stops', async () => {
    await wallet.vault.importDevAccounts(1);
    const first = await events.waitFor('accounts:updated', (s) => s.headBlock !== undefined);
    await events.waitFor('accounts:updated', (s) => (s.headBlock ?? 0) > first.headBlock!);
    await wallet.node.stopEmbedded();
    const stopped = await wallet.accounts.refresh();
    expect(stopped.accounts[0]).toMatchObject({ chain: null, error: 'The embedded node is not running.' });
  });

  it('lists a new account at once, before its balance is read', async () => {
    const account = await wallet.vault.addWatchOnly(stranger.base58, {});
    expect(wallet.accounts.snapshot().accounts.map((a) => a.id)).toContain(account.id);
  });
});
