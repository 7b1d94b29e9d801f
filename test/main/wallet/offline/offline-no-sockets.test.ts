import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../../src-core/client/fetch';
import { channelNames, channels } from '../../../../src-core/ipc/contract';
import { createHandlers, walletServices } from '../../../../src-main/ipc/handlers';
import { createIpcRegistry, type IpcRegistry } from '../../../../src-main/ipc/registry';
import { silentLogger } from '../../../../src-main/ipc/logger';
import { createNode } from '../../../../src-main/node';
import {
  createWalletServices,
  type CreateForkNode,
  type EmbeddedNodeFactory,
  type WalletServices,
} from '../../../../src-main/wallet';
import { DEFAULT_EMBEDDED_NODE, defaultSettings, SETTINGS_FILE } from '../../../../src-main/wallet/stores/settings';
import { ScriptedConsent } from '../../../fixtures/consent-surface';
import { K } from '../../../fixtures/permissions';
import { CHEAP_SCRYPT } from '../../vault/helpers';
import { noKeychain, quietLog, recordEvents, removeDir, tempDir } from '../helpers';
import { spyOnNetwork, type NetworkSpy } from './network-spy';

const PASSWORD = 'Offline-Desk-2024!';
const TXID = 'a'.repeat(64);
const ENVELOPE = { id: 'env_0123456789abcdef' };
const SENDER = { url: 'app://wallet/index.html', isTopFrame: true, isAppWindow: true };
/** Leaving the mode is the one act that may connect again; it waits for main's own confirmation. */
const NOT_DRIVEN = new Set(['offline:leave']);

const ADDRESS = { address: K.K_ONE.base58 };
/**
 * Plausible arguments for every channel that could reach a network, rehearsals first (they fork
 * the selected network); every other channel is called with no argument and with `{}`.
 */
const NETWORK_CHANNELS: Record<string, (upstreamUrl: string) => unknown[]> = {
  'fork:simulateTx': () => [{ txid: TXID }],
  'fork:simulateEnvelope': () => [ENVELOPE],
  'fork:rehearsePermissions': () => [
    {
      ...ADDRESS,
      update: {
        owner: { name: 'owner', threshold: 1n, keys: [{ address: K.K_ONE.base58, weight: 1n }] },
        actives: [],
      },
    },
  ],
  'cosign:simulate': () => [ENVELOPE],
  'cosign:broadcast': () => [ENVELOPE],
  'tx:simulate': () => [{ txid: TXID }],
  'tx:broadcast': () => [{ txid: TXID }],
  'tx:track': () => [{ txid: TXID }],
  'tokens:inspect': () => [ADDRESS],
  'tokens:watch': () => [ADDRESS],
  'tokens:balances': () => [undefined],
  'contracts:load': () => [ADDRESS],
  'accounts:refresh': () => [undefined],
  'watch:add': () => [{ ...ADDRESS, label: 'Treasury' }],
  'fork:impersonate': () => [ADDRESS],
  'fork:startEmbedded': () => [{ target: 'custom' }, { target: 'nile' }],
  'node:start': () => [undefined],
  'node:restart': () => [undefined],
  'node:reset': () => [{ confirmation: 'RESET' }],
  'node:saveSettings': () => [{ ...DEFAULT_EMBEDDED_NODE, port: 0 }],
  'network:select': (url) => [
    { kind: 'custom', fullNodeUrl: url },
    { kind: 'preset', network: 'nile' },
    { kind: 'embedded' },
  ],
};

/** An upstream java-tron node on loopback that only counts who connects to it. */
async function countingUpstream(): Promise<{ server: Server; url: string; connections: () => number }> {
  let connections = 0;
  const server = createServer((_request, response) => response.writeHead(503).end());
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
  };
}

describe('the offline signer, with the whole wallet built as the app builds it', () => {
  let dir: string;
  let upstream: Awaited<ReturnType<typeof countingUpstream>>;
  let wallet: WalletServices | null;
  let spy: NetworkSpy | null;
  const started = { nodes: 0, forks: 0, fetches: 0 };

  beforeEach(async () => {
    dir = await tempDir('offline-sockets-');
    upstream = await countingUpstream();
    wallet = null;
    spy = null;
    Object.assign(started, { nodes: 0, forks: 0, fetches: 0 });
    // A custom node is the selected network: every rehearsal forks it.
    const custom = { fullNodeUrl: upstream.url, solidityNodeUrl: null };
    const settings = { ...defaultSettings(), network: { kind: 'custom', ...custom }, customNode: custom };
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ format: 'tron-wallet-settings', version: 3, data: settings }),
    );
  });
  afterEach(async () => {
    spy?.restore();
    await wallet?.close();
    await new Promise((resolve) => upstream.server.close(resolve));
    await removeDir(dir);
  });

  async function openOnline(): Promise<IpcRegistry> {
    const createEmbeddedNode: EmbeddedNodeFactory = async () => {
      started.nodes++;
      throw new Error('no embedded node in this test');
    };
    const createForkNode: CreateForkNode = (input) => {
      started.forks++;
      return createNode(input);
    };
    wallet = await createWalletServices({
      userDataDir: dir,
      emit: recordEvents().emit,
      log: quietLog,
      createEmbeddedNode,
      createForkNode,
      fetch: (async () => {
        started.fetches++;
        throw new Error('the remote node does not answer in this test');
      }) as unknown as FetchLike,
      clipboard: { writeText: () => undefined },
      secretStore: noKeychain(),
      scrypt: CHEAP_SCRYPT,
      consentSurface: ScriptedConsent.approve(PASSWORD),
      ledgerTransports: {
        open: async () => {
          throw new Error('no Ledger in this test');
        },
        support: async () => ({ available: false, reason: 'no Ledger in this test' }) as never,
      },
      settingsDefaults: { embeddedNode: { port: 0 } },
    });
    await wallet.ready;
    await wallet.vault.initialize(PASSWORD);
    await wallet.vault.importPrivateKey(K.K2.private_key, { label: 'Bob' });
    const refuse = async () => {
      throw new Error('the app domain is Electron’s');
    };
    return createIpcRegistry({
      channels,
      handlers: createHandlers({
        app: { info: refuse, openExternal: refuse, writeClipboard: refuse } as never,
        ...walletServices(wallet),
      }),
      isTrustedSender: () => true,
      log: silentLogger,
    });
  }

  function argumentsFor(channel: string): unknown[] {
    return NETWORK_CHANNELS[channel]?.(upstream.url) ?? [undefined, {}];
  }

  it('opens no socket when fork:simulateTx is asked on a custom network after offline:enter', async () => {
    const ipc = await openOnline();
    expect((await ipc.call('offline:enter', undefined, SENDER)).ok).toBe(true);
    const before = { connections: upstream.connections(), fetches: started.fetches };
    spy = spyOnNetwork();

    const answer = await ipc.call('fork:simulateTx', { txid: TXID }, SENDER);

    expect(answer).toMatchObject({ ok: false, error: { code: 'NODE_OFFLINE_MODE' } });
    expect(spy.calls).toEqual([]);
    expect(started.forks).toBe(0);
    expect(upstream.connections()).toBe(before.connections);
    expect(started.fetches).toBe(before.fetches);
    expect((await ipc.call('offline:status', undefined, SENDER)).ok && wallet!.offline.status().offline).toBe(true);
  });

  it('opens no socket, starts no node or fork and fetches nothing whatever channel the window calls while offline', async () => {
    const ipc = await openOnline();
    expect((await ipc.call('offline:enter', undefined, SENDER)).ok).toBe(true);
    const before = { connections: upstream.connections(), fetches: started.fetches, nodes: started.nodes };
    spy = spyOnNetwork();

    const driven: string[] = [];
    // The channels that could reach a network first, while the custom node is still the selected network.
    const order = [...new Set([...Object.keys(NETWORK_CHANNELS), ...channelNames])];
    for (const channel of order) {
      if (NOT_DRIVEN.has(channel)) continue;
      for (const args of argumentsFor(channel)) await ipc.call(channel, args, SENDER);
      driven.push(channel);
    }
    // Timers the calls may have armed (retries, polls) get their turn before the count.
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(driven).toHaveLength(channelNames.length - NOT_DRIVEN.size);
    // Nothing the window asked changed where the wallet would connect once online.
    expect(wallet!.settings.get().network).toEqual({
      kind: 'custom',
      fullNodeUrl: upstream.url,
      solidityNodeUrl: null,
    });
    expect(spy.calls).toEqual([]);
    expect(started.forks).toBe(0);
    expect(started.nodes).toBe(before.nodes);
    expect(started.fetches).toBe(before.fetches);
    expect(upstream.connections()).toBe(before.connections);
    expect(wallet!.offline.status().offline).toBe(true);
  });
});
