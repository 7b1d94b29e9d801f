import { createServer } from 'node:net';
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NETWORKS } from '@core/client/networks';
import type { FetchLike } from '@core/client/fetch';
import { NodeHost, NODE_FOLDER } from '@main/wallet/node-host/node-host';
import { networkKey } from '@main/wallet/node-host/networks';
import { Settings, SETTINGS_FILE } from '@main/wallet/stores/settings';
import { miniNodeFactory, startMiniNode, type MiniNode } from '../../../fixtures/mini-node';
import { expectWalletError, quietLog, recordEvents, removeDir, tempDir, type RecordedEvents } from '../helpers';

const TXID = 'cd'.repeat(32);

describe('node host', () => {
  let dir: string;
  let events: RecordedEvents;
  let factory: ReturnType<typeof miniNodeFactory>;
  let host: NodeHost;
  let clipboard: string[];
  let hooks: { name: string; order?: number; run: () => Promise<void> | void }[];
  let others: MiniNode[];

  async function makeHost(options: { fetch?: FetchLike; autoStart?: boolean } = {}): Promise<NodeHost> {
    const settings = await Settings.open(join(dir, SETTINGS_FILE));
    await settings.update((s) => ({
      ...s,
      remotePollMs: 500,
      embeddedNode: { ...s.embeddedNode, port: 0, blockTimeMs: 100, autoStart: options.autoStart ?? true },
    }));
    return new NodeHost({
      userDataDir: dir,
      settings,
      createEmbeddedNode: factory,
      fetch: options.fetch ?? (globalThis.fetch as unknown as FetchLike),
      emit: events.emit,
      log: quietLog,
      clipboard: { writeText: (text) => void clipboard.push(text) },
      shutdown: { register: (hook) => (hooks.push(hook), () => undefined) },
      shutdownOrders: { services: 200, storage: 300 },
      embeddedPollMs: 25,
      remoteTimeoutMs: 2000,
      remoteRetryMs: 100,
    });
  }

  beforeEach(async () => {
    dir = await tempDir('node-host-');
    events = recordEvents();
    factory = miniNodeFactory();
    clipboard = [];
    hooks = [];
    others = [];
    host = await makeHost();
  });
  afterEach(async () => {
    await host.close().catch(() => undefined);
    for (const node of [...factory.started, ...others]) await node.stop();
    await removeDir(dir);
  });

  it('registers "stop node and flush store" in the storage slot of the shutdown sequence', async () => {
    expect(hooks.map((h) => [h.name, h.order])).toEqual([['stop node and flush store', 300]]);
    await host.open();
    await hooks[0]!.run();
    expect(factory.started[0]!.requests.size).toBeGreaterThan(0);
    await expectWalletError(host.startEmbedded(), 'NodeHostError', 'NODE_NOT_RUNNING');
  });

  it('starts the embedded node under the user data folder with the saved settings, reporting each startup step', async () => {
    await host.open();
    const progress = events
      .of('node:status')
      .filter((s) => s.state === 'starting')
      .map((s) => s.progress?.index);
    expect(progress).toEqual([1, 2, 3]);
    const status = host.status();
    expect(status).toMatchObject({ state: 'running', source: 'embedded', network: 'Embedded dev node' });
    expect(status.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.overview()).toMatchObject({
      url: status.endpoint,
      dataDir: join(dir, NODE_FOLDER),
      devAccountCount: 10,
    });
    await expect(access(join(dir, NODE_FOLDER))).resolves.toBeUndefined();
    expect(host.devAccounts()?.mnemonic).toBe(factory.started[0]!.devMnemonic);
    expect(
      host
        .logTail(50)
        .map((l) => l.text)
        .join('\n'),
    ).toContain('listening on');
  });

  it('emits node:block as the head and the solidified number move', async () => {
    await host.open();
    const first = await events.waitFor('node:block');
    const later = await events.waitFor(
      'node:block',
      (b) => b.number >= first.number + 2 && (b.solidBlock ?? 0) > (first.solidBlock ?? 0),
    );
    expect(later.producer).toMatch(/^T/);
    expect(later.id).toMatch(/^[0-9a-f]{64}$/);
    expect(host.status().headBlock).toBeGreaterThanOrEqual(later.number);
  });

  it('lists recent blocks newest first with their producers, and the representatives by votes', async () => {
    await host.open();
    await events.waitFor('node:block', (b) => b.number >= 5);
    const blocks = await host.recentBlocks(4);
    expect(blocks).toHaveLength(4);
    expect(blocks.map((b) => b.number)).toEqual([
      blocks[0]!.number,
      blocks[0]!.number - 1,
      blocks[0]!.number - 2,
      blocks[0]!.number - 3,
    ]);
    expect(new Set(blocks.map((b) => b.producer)).size).toBe(3);
    const reps = await host.representatives();
    expect(reps).toHaveLength(3);
    expect(reps.map((r) => r.voteCount)).toEqual([3000n, 2000n, 1000n]);
  });

  it('stops, starts and restarts on request, reporting each state', async () => {
    await host.open();
    await host.stopEmbedded();
    expect(host.status()).toMatchObject({ state: 'stopped', message: 'Stopped by the operator.' });
    expect(host.client()).toBeNull();
    await expectWalletError(host.recentBlocks(), 'NodeHostError', 'NODE_NOT_RUNNING');
    await expectWalletError(() => host.copyUrl(), 'NodeHostError', 'NODE_NOT_RUNNING');
    await host.startEmbedded();
    expect(host.status().state).toBe('running');
    await host.restartEmbedded();
    expect(host.status().state).toBe('running');
    expect(factory.started).toHaveLength(3);
    const states = events.of('node:status').map((s) => s.state);
    expect(states.filter((s) => s === 'stopping')).toHaveLength(2);
  });

  it('answers the running chain’s genesis id, and refuses it with NODE_NOT_RUNNING once the node stops', async () => {
    await host.open();
    const genesis = (await host.client()!.getBlockByNum(0))!.blockID.toLowerCase();
    expect(await host.genesisId()).toBe(genesis);
    await host.stopEmbedded();
    const refused = await expectWalletError(host.genesisId(), 'NodeHostError', 'NODE_NOT_RUNNING');
    expect(refused.message).toBe('The embedded node is not running. Start it on the Node screen, then try again.');
    await expectWalletError(host.chainParameters(), 'NodeHostError', 'NODE_NOT_RUNNING');
    expect(() => host.requireClient()).toThrow(refused.message);
  });

  it('reports how much faster than the wall clock the running chain steps its 3 s slots', async () => {
    expect(host.chainMsPerWallMs()).toBe(1);
    await host.open();
    expect(host.chainMsPerWallMs()).toBe(30);
    await host.saveSettings({ ...host.embeddedSettings(), blockTimeMs: 6000 });
    expect(host.chainMsPerWallMs()).toBe(1);
  });

  it('copies the URL through the injected clipboard', async () => {
    await host.open();
    const { url } = host.copyUrl();
    expect(clipboard).toEqual([url]);
  });

  it('saves settings and restarts a running node with them', async () => {
    await host.open();
    const free = await freePort();
    const overview = await host.saveSettings({ ...host.embeddedSettings(), port: free, blockTimeMs: 250 });
    expect(overview.settings).toMatchObject({ port: free, blockTimeMs: 250 });
    expect(host.status().endpoint).toBe(`http://127.0.0.1:${free}`);
    const saved = await Settings.open(join(dir, SETTINGS_FILE));
    expect(saved.get().embeddedNode.port).toBe(free);
  });

  it('starts the embedded node refusing web pages and without /admin/*, and with both once the settings allow them', async () => {
    await host.open();
    expect(factory.configs.at(-1)).toMatchObject({ allowBrowserAccess: false, adminEndpoints: false });
    await host.saveSettings({ ...host.embeddedSettings(), allowBrowserAccess: true, adminEndpoints: true });
    expect(factory.configs).toHaveLength(2);
    expect(factory.configs.at(-1)).toMatchObject({ allowBrowserAccess: true, adminEndpoints: true });
  });

  it('refuses a relative data folder', async () => {
    await expectWalletError(
      host.saveSettings({ ...host.embeddedSettings(), dataDir: '/data/../etc' }),
      'NodeHostError',
      'NODE_BAD_SETTING',
    );
  });

  it('reports a port in use as a sentence and stays failed', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      await host.saveSettings({ ...host.embeddedSettings(), port });
      await host.startEmbedded();
      expect(host.status()).toMatchObject({
        state: 'failed',
        message: `Port ${port} is already in use by another program. Choose another port (or 0 for any free port) in the node settings.`,
      });
    } finally {
      blocker.close();
    }
  });

  it('resets only after the typed confirmation, deleting the node folder and the embedded history', async () => {
    await host.open();
    await host.stores().history.record({ txid: TXID, type: 'TransferContract', status: 'pending' });
    await host.stores().addressBook.save({ name: 'kept', address: factory.started[0]!.accounts[0]!.address });
    await writeFile(join(dir, NODE_FOLDER, 'marker'), 'x');
    await expectWalletError(host.reset('reset'), 'NodeHostError', 'NODE_RESET_NOT_CONFIRMED');
    await expect(access(join(dir, NODE_FOLDER, 'marker'))).resolves.toBeUndefined();
    await host.reset('RESET');
    await expect(access(join(dir, NODE_FOLDER, 'marker'))).rejects.toThrow();
    expect(host.stores().history.list()).toEqual([]);
    expect(host.stores().addressBook.list()).toHaveLength(1);
    expect(host.status().state).toBe('running');
  });

  it('switches to a custom URL and back without mixing stores, and stops the embedded node meanwhile', async () => {
    await host.open();
    await host.stores().history.record({ txid: TXID, type: 'TransferContract', status: 'pending' });
    const remote = await startMiniNode({ blockTimeMs: 100, chainSalt: 'other' });
    others.push(remote);
    const info = await host.selectNetwork({ kind: 'custom', fullNodeUrl: `${remote.url}/`, apiKey: 'k'.repeat(32) });
    expect(info).toMatchObject({
      kind: 'custom',
      fullNodeUrl: remote.url,
      hasApiKey: true,
      key: networkKey({ kind: 'custom', fullNodeUrl: remote.url, solidityNodeUrl: null }),
    });
    expect(JSON.stringify(info)).not.toContain('kkkk');
    expect(host.status()).toMatchObject({ state: 'running', source: 'remote', endpoint: remote.url });
    expect(host.stores().history.list()).toEqual([]);
    expect(host.devAccounts()).toBeNull();
    await expect(factory.started[0]!.stop()).resolves.toBeUndefined();
    await events.waitFor('node:block', (b) => b.number >= 4);
    const back = await host.selectNetwork({ kind: 'embedded' });
    expect(back).toMatchObject({ kind: 'embedded', savedCustom: { fullNodeUrl: remote.url, hasApiKey: true } });
    expect(host.status()).toMatchObject({ state: 'running', source: 'embedded' });
    expect(
      host
        .stores()
        .history.list()
        .map((e) => e.txid),
    ).toEqual([TXID]);
    expect(factory.started).toHaveLength(2);
  });

  it('keeps the API key when a choice leaves it out and removes it on null', async () => {
    const remote = await startMiniNode();
    others.push(remote);
    await host.selectNetwork({ kind: 'custom', fullNodeUrl: remote.url, apiKey: 'secret-key-123' });
    expect((await host.selectNetwork({ kind: 'custom', fullNodeUrl: remote.url })).hasApiKey).toBe(true);
    expect((await host.selectNetwork({ kind: 'custom', fullNodeUrl: remote.url, apiKey: null })).hasApiKey).toBe(false);
  });

  it('sends the API key to the remote node as TRON-PRO-API-KEY', async () => {
    const seen: string[] = [];
    const remote = await startMiniNode();
    others.push(remote);
    const fetch: FetchLike = async (url, init) => {
      seen.push(init.headers['TRON-PRO-API-KEY'] ?? '');
      return globalThis.fetch(url, init) as never;
    };
    await host.close();
    host = await makeHost({ fetch });
    await host.selectNetwork({ kind: 'custom', fullNodeUrl: remote.url, apiKey: 'secret-key-123' });
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['secret-key-123']));
  });

  it('refuses to switch to a remote node that does not answer, and keeps the running node and network', async () => {
    await host.open();
    const before = host.network();
    const port = await freePort();
    const error = await expectWalletError(
      host.selectNetwork({ kind: 'custom', fullNodeUrl: `http://127.0.0.1:${port}` }),
      'NodeHostError',
      'NODE_UNREACHABLE',
    );
    expect(error.message).toMatch(
      new RegExp(`^The node at http://127\\.0\\.0\\.1:${port} did not answer.*The wallet stays on Embedded`),
    );
    expect(host.status()).toMatchObject({ state: 'running', source: 'embedded' });
    expect(host.network()).toEqual(before);
    expect(factory.started).toHaveLength(1);
    expect(events.of('node:status').some((s) => s.state === 'stopping')).toBe(false);
  });

  it('reports a saved remote node that does not answer at start as failed with a sentence, then recovers when it answers', async () => {
    const port = await freePort();
    const early = await startMiniNode({ port });
    await host.selectNetwork({ kind: 'custom', fullNodeUrl: `http://127.0.0.1:${port}` });
    await early.stop();
    await host.close();
    host = await makeHost();
    await host.open();
    expect(host.status()).toMatchObject({ state: 'failed', source: 'remote' });
    expect(host.status().message).toMatch(/127\.0\.0\.1/);
    expect(host.client()).toBeNull();
    others.push(await startMiniNode({ port }));
    await expect.poll(() => host.status().state, { timeout: 10_000 }).toBe('running');
    expect(host.status().source).toBe('remote');
    expect(host.client()).not.toBeNull();
  });

  it('refuses a preset whose node is on another chain, staying on the network it was on', async () => {
    const remote = await startMiniNode();
    others.push(remote);
    // Answers for nile.trongrid.io come from the mini node, whose genesis is not Nile's.
    const fetch: FetchLike = async (url, init) =>
      globalThis.fetch(url.replace(NETWORKS.nile.fullNodeUrl!, remote.url), init) as never;
    await host.close();
    host = await makeHost({ fetch });
    await host.open();
    const error = await expectWalletError(
      host.selectNetwork({ kind: 'preset', network: 'nile' }),
      'NodeHostError',
      'NODE_WRONG_NETWORK',
    );
    expect(error.message).toBe(
      `The node at ${NETWORKS.nile.fullNodeUrl} is not on Nile Testnet: its genesis block differs. The wallet stays on Embedded dev node.`,
    );
    expect(host.status()).toMatchObject({ state: 'running', source: 'embedded' });
  });

  it('opens with the node off when autoStart is off, and refuses node controls on a remote network', async () => {
    await host.close();
    host = await makeHost({ autoStart: false });
    await host.open();
    expect(host.status()).toMatchObject({ state: 'stopped', source: 'embedded' });
    expect(factory.started).toHaveLength(0);
    const remote = await startMiniNode();
    others.push(remote);
    await host.selectNetwork({ kind: 'custom', fullNodeUrl: remote.url });
    await expectWalletError(host.startEmbedded(), 'NodeHostError', 'NODE_NOT_EMBEDDED');
    await expectWalletError(host.reset('RESET'), 'NodeHostError', 'NODE_NOT_EMBEDDED');
  });

  it('uses a data folder from the settings', async () => {
    const custom = join(dir, 'elsewhere');
    await mkdir(custom);
    await host.saveSettings({ ...host.embeddedSettings(), dataDir: custom });
    await host.open();
    expect(host.overview().dataDir).toBe(join(custom, NODE_FOLDER));
    await expect(access(join(custom, NODE_FOLDER))).resolves.toBeUndefined();
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
