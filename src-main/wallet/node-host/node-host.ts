import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import { PROTOCOL_CONSTANTS, type ChainParameters } from '../../../src-core/chain/parameters';
import { NodeHostError, WalletError } from '../../../src-core/errors';
import type { NetworkChoice, NetworkInfo } from '../../../src-core/ipc/channels/network';
import {
  NODE_RESET_CONFIRMATION,
  type EmbeddedNodeSettings,
  type NodeBlock,
  type NodeLogLine,
  type NodeOverview,
  type NodeStatus,
  type Representative,
} from '../../../src-core/ipc/channels/node';
import type { Clipboard, EmitEvent, ShutdownOrders, ShutdownRegistrar, WalletLog } from '../context';
import { NetworkStores } from '../stores/network-stores';
import type { Settings, StoredNetwork } from '../stores/settings';
import type { ChainAccess, DryRunner } from './chain-access';
import { ChainFacts } from './chain-facts';
import type {
  DryRunSequenceResult,
  DryRunStep,
  EmbeddedNode,
  EmbeddedNodeFactory,
  ForkControlLike,
} from './embedded-node';
import { LogBuffer } from './log-buffer';
import { networkInfo, networkKey, networkName, remoteUrls, storedNetwork, withNetworkChoice } from './networks';
import { RecentBlocks, representativesOf } from './recent-blocks';
import { NetworkConnection, NodeHostErrorCode, probeRemote, startFailure, type ConnectionContext } from './connection';
import { forkFailure } from './fork-errors';
import type { ForkUpstream } from './fork-targets';
import { OfflineGuard } from './offline-guard';

/** The folder inside the data dir that the embedded node owns; a reset deletes exactly this. */
export const NODE_FOLDER = 'tron-node';
export const NETWORKS_FOLDER = 'networks';

export interface NodeHostOptions {
  /** The app's user data folder (a temp folder in tests). */
  readonly userDataDir: string;
  readonly settings: Settings;
  readonly createEmbeddedNode: EmbeddedNodeFactory;
  /** Node's global fetch in the app. */
  readonly fetch: FetchLike;
  readonly emit: EmitEvent;
  readonly log: WalletLog;
  readonly clipboard: Clipboard;
  readonly shutdown?: ShutdownRegistrar;
  readonly shutdownOrders?: ShutdownOrders;
  /** How often the embedded node's head is checked (it is in-process, so this is cheap). */
  readonly embeddedPollMs?: number;
  /** Deadline for one request to a remote node. */
  readonly remoteTimeoutMs?: number;
  /** Wait before trying an unreachable remote node again (default: the poll interval, at least 3 s). */
  readonly remoteRetryMs?: number;
  /** The clock of the chain-parameter cache (tests). */
  readonly now?: () => number;
  /** The offline signer's mode and its record (wallet/index.ts); absent: online, kept in memory. */
  readonly offline?: OfflineGuard;
}

/**
 * Runs the node the wallet reads from: the embedded node (started in this process, data under the
 * user data folder) or a remote java-tron node (TronGrid presets or a custom URL). Reports status,
 * startup progress and new blocks as events, keeps each network's stores apart, and registers
 * "stop node and flush store" with the shutdown sequence.
 *
 * Lifecycle calls (start, stop, restart, reset, switch) run one at a time in call order.
 */
export class NodeHost implements ChainAccess {
  private connection: NetworkConnection | null = null;
  private networkStores: NetworkStores | null = null;
  private statusValue: NodeStatus;
  private readonly logBuffer = new LogBuffer();
  private readonly recent = new RecentBlocks();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly blockListeners = new Set<(block: NodeBlock) => void>();
  private readonly networkListeners = new Set<() => void>();
  private closed = false;
  private readonly facts: ChainFacts;
  /** The upstream the embedded node forks, and the temporary folder of that fork; null on the dev chain. */
  private forking: { readonly upstream: ForkUpstream; readonly datadir: string } | null = null;
  private readonly guard: OfflineGuard;
  private readonly fetch: FetchLike;
  private readonly createEmbeddedNode: EmbeddedNodeFactory;

  constructor(private readonly options: NodeHostOptions) {
    this.facts = new ChainFacts(options.now);
    this.guard = options.offline ?? new OfflineGuard(false);
    this.fetch = this.guard.fetch(options.fetch);
    this.createEmbeddedNode = this.guard.factory(options.createEmbeddedNode);
    const network = options.settings.get().network;
    this.statusValue = {
      state: 'stopped',
      source: network.kind === 'embedded' ? 'embedded' : 'remote',
      network: networkName(network),
    };
    options.shutdown?.register({
      name: 'stop node and flush store',
      ...(options.shutdownOrders ? { order: options.shutdownOrders.storage } : {}),
      timeoutMs: 20_000,
      run: () => this.close(),
    });
  }

  /** The embedded node while the current connection started it. */
  private get embedded(): EmbeddedNode | null {
    return this.connection?.embedded ?? null;
  }

  // ── reading ─────────────────────────────────────────────────────────────────────────────────

  status(): NodeStatus {
    return { ...this.statusValue };
  }

  network(): NetworkInfo {
    const info = networkInfo(this.options.settings.get(), this.embedded?.url ?? null);
    return this.forking && info.kind === 'embedded'
      ? { ...info, name: this.nameOf({ kind: 'embedded' }), key: this.keyOf({ kind: 'embedded' }) }
      : info;
  }

  /** The upstream the embedded node forks; null on the dev chain or a remote network. */
  forkUpstream(): ForkUpstream | null {
    return this.forking?.upstream ?? null;
  }

  /** The running embedded fork's report and impersonation; null unless the embedded node is a running fork. */
  forkControl(): ForkControlLike | null {
    if (!this.forking || this.statusValue.state !== 'running') return null;
    return this.embedded?.fork ?? null;
  }

  /** The client of the current network while it answers; null otherwise. */
  client(): TronNodeClient | null {
    return this.statusValue.state === 'running' ? (this.connection?.client ?? null) : null;
  }

  /** The client, or the one "node is not running" error every service gives. */
  requireClient(): TronNodeClient {
    const client = this.client();
    if (!client) {
      const status = this.statusValue;
      throw new NodeHostError(
        NodeHostErrorCode.notRunning,
        status.source === 'embedded'
          ? 'The embedded node is not running. Start it on the Node screen, then try again.'
          : `The node at ${this.url() ?? 'the remote URL'} is not answering${status.message ? ` (${status.message})` : ''}. Try again when it is back, or switch network on the Node screen.`,
      );
    }
    return client;
  }

  async genesisId(): Promise<string> {
    return this.facts.genesisId(this.requireClient());
  }

  async chainParameters(): Promise<ChainParameters> {
    return this.facts.chainParameters(this.requireClient());
  }

  /** The latest head block seen on the current network, with its time (chain time, not the local clock). */
  head(): NodeBlock | null {
    return this.client() ? (this.connection?.head ?? null) : null;
  }

  chainMsPerWallMs(): number {
    const blockTimeMs = this.client() ? this.connection?.embeddedBlockTimeMs : null;
    const slotMs = PROTOCOL_CONSTANTS.BLOCK_INTERVAL_MS;
    return blockTimeMs && blockTimeMs < slotMs ? slotMs / blockTimeMs : 1;
  }

  /** The embedded node's dry run while it is the running network and its version has one; null otherwise. */
  dryRunner(): DryRunner | null {
    const node = this.embedded;
    if (!node || this.connection?.network.kind !== 'embedded' || !this.client() || typeof node.dryRun !== 'function')
      return null;
    return (transaction, options) => node.dryRun!(transaction, options);
  }

  /**
   * The embedded node's sequence dry run while the embedded node is the current network and running;
   * null on a remote network (only a node in this process can apply a change privately).
   */
  sequenceDryRunner(): ((steps: readonly DryRunStep[]) => Promise<DryRunSequenceResult>) | null {
    const node = this.embedded;
    if (!node?.dryRunSequence || this.connection?.network.kind !== 'embedded' || this.statusValue.state !== 'running')
      return null;
    return (steps) => node.dryRunSequence!(steps);
  }

  /** The current network's stores (drafts, envelopes, address book, history). */
  stores(): NetworkStores {
    if (!this.networkStores)
      throw new NodeHostError(
        NodeHostErrorCode.storesNotReady,
        'The stores of this network are not open yet. Try again in a moment.',
      );
    return this.networkStores;
  }

  embeddedSettings(): EmbeddedNodeSettings {
    return this.options.settings.get().embeddedNode;
  }

  /** Parent folder of the node data (the setting, or the user data folder). */
  dataDir(): string {
    return this.embeddedSettings().dataDir ?? this.options.userDataDir;
  }

  nodeDir(): string {
    return this.forking?.datadir ?? join(this.dataDir(), NODE_FOLDER);
  }

  /** URL other tools can use: the embedded node's, or the remote full node's. */
  url(): string | null {
    const network = this.options.settings.get().network;
    if (network.kind === 'embedded') return this.embedded?.url ?? null;
    return remoteUrls(network).fullNodeUrl;
  }

  overview(): NodeOverview {
    return {
      status: this.status(),
      settings: this.embeddedSettings(),
      dataDir: this.nodeDir(),
      url: this.url(),
      head: this.connection?.head ?? null,
      devAccountCount: this.devAccounts()?.count ?? 0,
    };
  }

  /**
   * The dev node's genesis mnemonic and how many funded accounts it has, while the embedded dev
   * node is the current network and running; null otherwise. Stays in main (vault import).
   */
  devAccounts(): { mnemonic: string; count: number } | null {
    const node = this.embedded;
    if (!node || this.forking || this.connection?.network.kind !== 'embedded' || node.devMnemonic === null) return null;
    return { mnemonic: node.devMnemonic, count: node.devAccountCount };
  }

  logTail(limit = 200): NodeLogLine[] {
    return this.logBuffer.tail(limit);
  }

  async recentBlocks(count = 10): Promise<NodeBlock[]> {
    return this.recent.list(this.requireClient(), this.connection?.head ?? null, count);
  }

  representatives(): Promise<Representative[]> {
    return representativesOf(this.requireClient());
  }

  copyUrl(): { url: string } {
    const url = this.url();
    if (!url)
      throw new NodeHostError(
        NodeHostErrorCode.notRunning,
        'The embedded node is not running, so it has no URL yet. Start it first.',
      );
    this.options.clipboard.writeText(url);
    return { url };
  }

  onBlock(listener: (block: NodeBlock) => void): () => void {
    this.blockListeners.add(listener);
    return () => this.blockListeners.delete(listener);
  }

  /** Called after every network switch, once the new network's stores are open. */
  onNetworkChange(listener: () => void): () => void {
    this.networkListeners.add(listener);
    return () => this.networkListeners.delete(listener);
  }

  // ── lifecycle ───────────────────────────────────────────────────────────────────────────────

  /** Opens the selected network at app start; the embedded node starts if `autoStart` is on. */
  open(): Promise<void> {
    return this.serial(async () => {
      const settings = this.options.settings.get();
      if (this.options.settings.problem)
        this.hostLog(
          `settings.json is damaged and was left as is; using defaults: ${this.options.settings.problem.message}`,
        );
      if (this.guard.offline) {
        this.setStatus({ state: 'stopped', message: 'Offline signer: no node runs and nothing connects.' });
        return;
      }
      await this.connect(settings.network, settings.network.kind !== 'embedded' || settings.embeddedNode.autoStart);
    });
  }

  /** Whether this computer is the offline signer (offline/offline-mode-file.ts). */
  isOffline(): boolean {
    return this.guard.offline;
  }

  /**
   * Becomes the offline signer: the mode is saved first (a crash after this point still starts
   * offline), then the network is left — the embedded node stopped, the watcher ended, the
   * stores closed — and nothing connects again until `leaveOffline`.
   */
  enterOffline(): Promise<void> {
    return this.serial(async () => {
      if (this.guard.offline) return;
      await this.guard.switchTo(true);
      this.hostLog('Offline signer: the node stops and nothing connects.');
      await this.disconnect('Offline signer: no node runs and nothing connects.');
      await this.networkStores?.close();
      this.networkStores = null;
      this.recent.clear();
    });
  }

  /** Back to the online wallet: the selected network opens as at start. */
  leaveOffline(): Promise<void> {
    return this.serial(async () => {
      if (!this.guard.offline) return;
      await this.guard.switchTo(false);
      const settings = this.options.settings.get();
      this.hostLog('Left the offline signer.');
      await this.connect(settings.network, settings.network.kind !== 'embedded' || settings.embeddedNode.autoStart);
    });
  }

  startEmbedded(): Promise<NodeStatus> {
    return this.serial(async () => {
      this.requireEmbeddedSelected();
      if (!this.embedded) await this.connect({ kind: 'embedded' }, true);
      return this.status();
    });
  }

  stopEmbedded(): Promise<NodeStatus> {
    return this.serial(async () => {
      this.requireEmbeddedSelected();
      await this.disconnect('Stopped by the operator.');
      return this.status();
    });
  }

  restartEmbedded(): Promise<NodeStatus> {
    return this.serial(async () => {
      this.requireEmbeddedSelected();
      await this.disconnect('Restarting.');
      await this.connect({ kind: 'embedded' }, true);
      return this.status();
    });
  }

  /**
   * Restarts the embedded node as a fork of `upstream` (selecting the embedded network): a fresh
   * temporary data folder, so the fork starts at upstream's head; its stores are apart from the dev
   * chain's (`networks/fork-<key>`). A fork that does not start leaves the node stopped with a
   * failed status naming what went wrong, and the dev chain selected again.
   */
  startFork(upstream: ForkUpstream): Promise<NodeStatus> {
    return this.serial(async () => {
      this.guard.refuse('start a fork of a network');
      await this.disconnect('Starting a fork.');
      await this.dropFork();
      if (this.options.settings.get().network.kind !== 'embedded')
        await this.options.settings.update((current) => ({ ...current, network: { kind: 'embedded' } }));
      this.forking = { upstream, datadir: await mkdtemp(join(tmpdir(), 'wallet-embedded-fork-')) };
      this.hostLog(`Forking ${upstream.name} (${upstream.url}).`);
      await this.connect({ kind: 'embedded' }, true);
      if (this.statusValue.state !== 'running') {
        const message = this.statusValue.message;
        await this.disconnect(undefined);
        await this.dropFork();
        this.setStatus({ state: 'failed', ...(message ? { message } : {}) });
      }
      return this.status();
    });
  }

  /** Stops the fork, deletes its folder and starts the embedded dev chain again. */
  stopFork(): Promise<NodeStatus> {
    return this.serial(async () => {
      await this.disconnect('Leaving the fork.');
      await this.dropFork();
      await this.connect({ kind: 'embedded' }, true);
      return this.status();
    });
  }

  /** Saves the settings; a running embedded node restarts with them. */
  saveSettings(next: EmbeddedNodeSettings): Promise<NodeOverview> {
    return this.serial(async () => {
      if (next.dataDir !== null && (!isAbsolute(next.dataDir) || /(^|[\\/])\.\.?([\\/]|$)/.test(next.dataDir))) {
        throw new NodeHostError(
          NodeHostErrorCode.badSetting,
          'The data folder must be an absolute path without "." or ".." parts.',
          { field: 'dataDir' },
        );
      }
      await this.options.settings.update((current) => ({ ...current, embeddedNode: { ...next } }));
      this.hostLog('Node settings saved.');
      if (this.embedded) {
        await this.disconnect('Restarting with the new settings.');
        await this.connect({ kind: 'embedded' }, true);
      }
      return this.overview();
    });
  }

  /**
   * Deletes the embedded chain (`<data dir>/tron-node`) and starts a fresh one. The embedded
   * network's history goes too, since its transactions no longer exist; drafts, envelopes and
   * the address book stay.
   */
  reset(confirmation: string): Promise<NodeStatus> {
    return this.serial(async () => {
      if (confirmation !== NODE_RESET_CONFIRMATION) {
        throw new NodeHostError(
          NodeHostErrorCode.resetNotConfirmed,
          `Type ${NODE_RESET_CONFIRMATION} to confirm deleting the embedded chain. Nothing was deleted.`,
        );
      }
      this.guard.refuse('run the embedded chain');
      this.requireEmbeddedSelected();
      if (this.forking)
        throw new NodeHostError(
          NodeHostErrorCode.notEmbedded,
          'The embedded node runs as a fork; leave the fork first, then reset the dev chain.',
        );
      const wasRunning = this.embedded !== null;
      await this.disconnect('Resetting the chain.');
      const dir = this.nodeDir();
      await rm(dir, { recursive: true, force: true });
      this.hostLog(`Deleted ${dir}.`);
      const history = this.networkStores?.history;
      if (history && !history.store.problem) {
        await history.store.update((doc) => ({ ...doc, entries: [] }));
      }
      this.recent.clear();
      if (wasRunning || this.embeddedSettings().autoStart) await this.connect({ kind: 'embedded' }, true);
      return this.status();
    });
  }

  /**
   * Switches network. A remote node must answer first (genesis and head): until it does, the
   * wallet stays where it is and nothing is stopped. Then the old network's watcher stops (and
   * the embedded node, when leaving it), its stores close, and the new network's stores open
   * before anything is read from it.
   */
  selectNetwork(choice: NetworkChoice): Promise<NetworkInfo> {
    return this.serial(async () => {
      this.guard.refuse('switch networks');
      const target = storedNetwork(choice);
      if (target.kind !== 'embedded') {
        const key = networkKey(target);
        const typed = choice.kind === 'embedded' ? undefined : choice.apiKey;
        const apiKey = typed === null ? undefined : (typed ?? this.options.settings.get().apiKeys[key]);
        await probeRemote(
          target,
          {
            fetch: this.fetch,
            timeoutMs: this.options.remoteTimeoutMs ?? 10_000,
            ...(apiKey ? { apiKey } : {}),
          },
          networkName(this.connection?.network ?? this.options.settings.get().network),
        );
      }
      await this.options.settings.update((current) => withNetworkChoice(current, choice, target));
      this.hostLog(`Network: ${networkName(target)}.`);
      await this.disconnect(
        target.kind === 'embedded' ? 'Switching network.' : `Stopped while the wallet uses ${networkName(target)}.`,
      );
      await this.dropFork();
      await this.connect(target, true);
      return this.network();
    });
  }

  /** Stops everything and closes the stores; the host cannot be used afterwards. */
  close(): Promise<void> {
    return this.serial(async () => {
      if (this.closed) return;
      await this.disconnect('The app is closing.');
      await this.dropFork();
      await this.networkStores?.close();
      this.networkStores = null;
      this.closed = true;
    });
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────────

  private serial<T>(operation: () => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      if (this.closed) throw new NodeHostError(NodeHostErrorCode.notRunning, 'The app is shutting down.');
      return operation();
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private requireEmbeddedSelected(): void {
    if (this.options.settings.get().network.kind !== 'embedded') {
      throw new NodeHostError(
        NodeHostErrorCode.notEmbedded,
        'The wallet uses a remote network. Switch to the embedded node first.',
      );
    }
  }

  /** The embedded network is "Fork of <network>" while it forks one. */
  private nameOf(network: StoredNetwork): string {
    return network.kind === 'embedded' && this.forking ? `Fork of ${this.forking.upstream.name}` : networkName(network);
  }

  /** A fork keeps its drafts, envelopes and history apart from the dev chain's and the real network's. */
  private keyOf(network: StoredNetwork): string {
    return network.kind === 'embedded' && this.forking ? `fork-${this.forking.upstream.key}` : networkKey(network);
  }

  /** Deletes the fork's temporary folder (the node is already stopped) and returns to the dev chain. */
  private async dropFork(): Promise<void> {
    const forking = this.forking;
    this.forking = null;
    if (forking) await rm(forking.datadir, { recursive: true, force: true });
  }

  private setStatus(next: Omit<NodeStatus, 'source' | 'network'> & Partial<Pick<NodeStatus, 'source'>>): void {
    const network = this.connection?.network ?? this.options.settings.get().network;
    const status: NodeStatus = {
      source: network.kind === 'embedded' ? 'embedded' : 'remote',
      network: this.nameOf(network),
      ...next,
    };
    this.statusValue = status;
    this.options.emit('node:status', status);
  }

  private hostLog(line: string): void {
    this.logBuffer.push(`[wallet] ${line}`);
  }

  /** Opens the stores of `network` (when they are not open yet) and, if asked, starts reading it. */
  private async connect(network: StoredNetwork, start: boolean): Promise<void> {
    this.guard.refuse(network.kind === 'embedded' ? 'start the embedded node' : 'connect to any network');
    const key = this.keyOf(network);
    if (this.networkStores?.key !== key) {
      await this.networkStores?.close();
      this.networkStores = null;
      this.networkStores = await NetworkStores.open(join(this.options.userDataDir, NETWORKS_FOLDER), key);
      for (const problem of this.networkStores.problems())
        this.options.log.warn('A store file is damaged and was left as is', { code: problem.code });
    }
    await this.connection?.close();
    const connection = new NetworkConnection(network, key, this.connectionContext());
    this.connection = connection;
    this.recent.clear();
    try {
      if (!start) {
        this.setStatus({
          state: 'stopped',
          ...(network.kind === 'embedded' ? { message: 'The embedded node is off. Start it on the Node screen.' } : {}),
        });
      } else if (network.kind === 'embedded') {
        await this.startEmbeddedNode(connection);
      } else {
        await connection.connectRemote();
      }
    } finally {
      for (const listener of this.networkListeners) listener();
    }
  }

  private async startEmbeddedNode(connection: NetworkConnection): Promise<void> {
    try {
      await connection.startEmbedded();
    } catch (error) {
      await this.disconnect(undefined);
      const message = this.forking
        ? forkFailure(error, this.forking.upstream.name, this.forking.upstream.url).message
        : startFailure(error, this.embeddedSettings().port);
      this.hostLog(message);
      this.options.log.error('The embedded node did not start', {
        code: error instanceof WalletError ? error.code : undefined,
      });
      this.setStatus({ state: 'failed', message });
    }
  }

  /** What a connection reads from and reports to this host. */
  private connectionContext(): ConnectionContext {
    const { options } = this;
    return {
      fetch: this.fetch,
      log: options.log,
      createEmbeddedNode: this.createEmbeddedNode,
      embeddedPollMs: options.embeddedPollMs,
      remoteTimeoutMs: options.remoteTimeoutMs,
      remoteRetryMs: options.remoteRetryMs,
      embeddedSettings: () => this.embeddedSettings(),
      nodeDir: () => this.nodeDir(),
      fork: () =>
        this.forking
          ? {
              url: this.forking.upstream.url,
              name: this.forking.upstream.name,
              ...(this.forking.upstream.apiKey ? { apiKey: this.forking.upstream.apiKey } : {}),
            }
          : null,
      apiKey: (key) => options.settings.get().apiKeys[key],
      remotePollMs: () => options.settings.get().remotePollMs,
      status: () => this.statusValue,
      setStatus: (next) => this.setStatus(next),
      block: (block) => this.onHead(block),
      hostLog: (line) => this.hostLog(line),
      nodeLog: (line) => this.logBuffer.push(line),
      knowGenesis: (client, id) => this.facts.knowGenesis(client, id),
      serial: (run) => this.serial(run),
    };
  }

  /** A new head block of the current network: kept for the Node screen, in the status, announced. */
  private onHead(block: NodeBlock): void {
    this.recent.remember(block);
    if (this.statusValue.state === 'running') {
      this.statusValue = {
        ...this.statusValue,
        headBlock: block.number,
        ...(block.solidBlock !== undefined ? { solidBlock: block.solidBlock } : {}),
      };
    }
    this.options.emit('node:block', block);
    for (const listener of this.blockListeners) listener(block);
  }

  /** Stops reading the current network (and the embedded node). `message` = the stopped status. */
  private async disconnect(message: string | undefined): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    await connection?.close();
    const node = connection?.embedded ?? null;
    if (node) {
      this.setStatus({ state: 'stopping', message: 'Stopping the embedded node and flushing its store.' });
      try {
        await node.stop();
        this.hostLog('Embedded node stopped.');
      } catch (error) {
        this.options.log.error('The embedded node did not stop cleanly', {
          error: error instanceof Error ? error.name : typeof error,
        });
        this.hostLog('The embedded node did not stop cleanly.');
      }
    }
    if (message !== undefined) this.setStatus({ state: 'stopped', message });
  }
}
