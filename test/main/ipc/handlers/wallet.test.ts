import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '@core/client/fetch';
import { deserializeError, ValidationError } from '@core/errors';
import { channels } from '@core/ipc/contract';
import { createHandlers, walletServices } from '@main/ipc/handlers';
import { createIpcRegistry, type IpcRegistry } from '@main/ipc/registry';
import { UnavailableSecretStore } from '@main/vault/secret-store';
import { createWalletServices, type WalletServices } from '@main/wallet';
import { Settings, SETTINGS_FILE } from '@main/wallet/stores/settings';
import { ScriptedConsent } from '../../../fixtures/consent-surface';
import { miniNodeFactory, startMiniNode, type MiniNode } from '../../../fixtures/mini-node';
import { CHEAP_SCRYPT } from '../../vault/helpers';
import { quietLog, recordEvents, removeDir, tempDir } from '../../wallet/helpers';

const trusted = { url: 'app://wallet/index.html', isTopFrame: true, isAppWindow: true };

describe('node, network and accounts handlers', () => {
  let dir: string;
  let wallet: WalletServices;
  let registry: IpcRegistry;
  let factory: ReturnType<typeof miniNodeFactory>;
  let clipboard: string[];
  let other: MiniNode | null;
  let consent: ScriptedConsent;
  const call = (channel: string, args?: unknown) => registry.call(channel, args, trusted);
  const value = async <T>(channel: string, args?: unknown): Promise<T> => {
    const reply = await call(channel, args);
    if (!reply.ok) throw deserializeError(reply.error);
    return reply.value as T;
  };

  beforeEach(async () => {
    dir = await tempDir('wallet-ipc-');
    factory = miniNodeFactory();
    clipboard = [];
    other = null;
    consent = ScriptedConsent.approve(undefined, 'RESET');
    const settings = await Settings.open(join(dir, SETTINGS_FILE));
    await settings.update((s) => ({ ...s, embeddedNode: { ...s.embeddedNode, port: 0, blockTimeMs: 100 } }));
    wallet = await createWalletServices({
      userDataDir: dir,
      emit: recordEvents().emit,
      log: quietLog,
      createEmbeddedNode: factory,
      fetch: globalThis.fetch as unknown as FetchLike,
      clipboard: { writeText: (text) => void clipboard.push(text) },
      secretStore: new UnavailableSecretStore('test', {
        available: false,
        backend: 'test',
        reason: 'MODULE_MISSING',
        message: 'No keychain.',
      }),
      scrypt: CHEAP_SCRYPT,
      embeddedPollMs: 25,
      consentSurface: consent,
    });
    await wallet.ready;
    registry = createIpcRegistry({
      channels,
      handlers: createHandlers({
        app: { info: () => ({}) as never, openExternal: async () => {}, writeClipboard: () => {} },
        ...walletServices(wallet),
      }),
      isTrustedSender: () => true,
      log: quietLog,
    });
  });
  afterEach(async () => {
    await wallet.close();
    for (const node of factory.started) await node.stop();
    await other?.stop();
    await removeDir(dir);
  });

  it('answers the overview, recent blocks, representatives and the log', async () => {
    const overview = await value<{ status: { state: string }; url: string; devAccountCount: number }>('node:overview');
    expect(overview).toMatchObject({ status: { state: 'running' }, devAccountCount: 10 });
    expect(await value<unknown[]>('node:recentBlocks', { count: 2 })).toHaveLength(2);
    expect(await value<unknown[]>('node:recentBlocks')).not.toHaveLength(0);
    expect((await value<{ voteCount: bigint }[]>('node:representatives'))[0]!.voteCount).toBe(3000n);
    expect((await value<{ text: string }[]>('node:log', { limit: 1 })).length).toBe(1);
    expect(await value('node:copyUrl')).toEqual({ url: overview.url });
    expect(clipboard).toEqual([overview.url]);
  });

  it('refuses a reset word sent by the page, and resets once RESET is typed in main’s window', async () => {
    const reply = await call('node:reset', { confirmation: 'RESET' });
    expect(reply).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
    expect(deserializeError((reply as unknown as { error: never }).error)).toBeInstanceOf(ValidationError);
    expect(consent.asked).toHaveLength(0);
    const started = factory.started.length;
    expect(await value('node:reset')).toMatchObject({ state: 'running' });
    expect(consent.last!.typedConfirmation).toBe('RESET');
    expect(factory.started).toHaveLength(started + 1);
  });

  it('refuses bad settings before they reach the host', async () => {
    const base = (await value<{ settings: Record<string, unknown> }>('node:overview')).settings;
    for (const bad of [{ port: 70000 }, { blockTimeMs: 10 }, { dataDir: 'relative/path' }, { extra: 1 }]) {
      const reply = await call('node:saveSettings', { ...base, ...bad });
      expect(reply).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
    }
  });

  it('switches network and reports it without the API key', async () => {
    other = await startMiniNode({ chainSalt: 'b' });
    const info = await value<Record<string, unknown>>('network:select', {
      kind: 'custom',
      fullNodeUrl: other.url,
      apiKey: 'abcdefghijklmnop',
    });
    expect(info).toMatchObject({ kind: 'custom', hasApiKey: true, fullNodeUrl: other.url });
    expect(JSON.stringify(info)).not.toContain('abcdefghijklmnop');
    expect(await value('network:current')).toEqual(info);
    expect((await call('network:select', { kind: 'custom', fullNodeUrl: 'ftp://x' })).ok).toBe(false);
    expect((await call('network:select', { kind: 'preset', network: 'ropsten' })).ok).toBe(false);
  });

  it('lists accounts with chain figures after importing the dev accounts', async () => {
    await value('vault:initialize', { password: 'correct horse battery' });
    await value('vault:importDevAccounts', { count: 2 });
    const snapshot = await value<{ accounts: { chain: { balanceSun: bigint } | null }[] }>('accounts:refresh');
    expect(snapshot.accounts.map((a) => a.chain?.balanceSun)).toEqual([10n ** 12n, 10n ** 12n]);
    expect((await value<{ accounts: unknown[] }>('accounts:list')).accounts).toHaveLength(2);
  });
});
