import { mkdir, rm } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { toBase58Address } from '../../../src-core/address/address';
import { NETWORKS } from '../../../src-core/client/networks';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import type { Block } from '../../../src-core/client/types';
import type { ChainParameters } from '../../../src-core/chain/parameters';
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
import { BlockWatcher } from './block-watcher';
import type { ChainAccess, DryRunner } from './chain-access';
import { ChainFacts } from './chain-facts';
import type { DryRunSequenceResult, DryRunStep, EmbeddedNode, EmbeddedNodeFactory } from './embedded-node';
import { LogBuffer } from './log-buffer';
import { networkInfo, networkKey, networkName, remoteUrls, storedNetwork } from './networks';

export const NodeHostErrorCode = {
  notRunning: 'NODE_NOT_RUNNING',
  notEmbedded: 'NODE_NOT_EMBEDDED',
  startFailed: 'NODE_START_FAILED',
  resetNotConfirmed: 'NODE_RESET_NOT_CONFIRMED',
  badSetting: 'NODE_BAD_SETTING',
  wrongNetwork: 'NODE_WRONG_NETWORK',
  storesNotReady: 'NODE_STORES_NOT_READY',
} as const;

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
}

interface Connection {
  readonly network: StoredNetwork;
  readonly key: string;
  client: TronNodeClient | null;
  watcher: BlockWatcher | null;
  /** Next attempt to reach a remote node that did not answer. */
  retry: NodeJS.Timeout | null;
}

const STARTUP_STEPS = { embedded: 3, remote: 2 } as const;
const RECENT_CACHE = 50;

/**
 * Runs the node the wallet reads from: the embedded node (started in this process, data under the
 * user data folder) or a remote java-tron node (TronGrid presets or a custom URL). Reports status,
 * startup progress and new blocks as events, keeps each network's stores apart, and registers
 * "stop node and flush store" with the shutdown sequence.
 *
 * Lifecycle calls (start, stop, restart, reset, switch) run one at a time in call order.
 */
export class NodeHost implements ChainAccess {
  private embedded: EmbeddedNode | null = null;
  private connection: Connection | null = null;
  private networkStores: NetworkStores | null = null;
  private statusValue: NodeStatus;
  private readonly logBuffer = new LogBuffer();
  private readonly recent = new Map<number, NodeBlock>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly blockListeners = new Set<(block: NodeBlock) => void>();
  private readonly networkListeners = new Set<() => void>();
  private closed = false;
  private readonly facts: ChainFacts;

  constructor(private readonly options: NodeHostOptions) {
    this.facts = new ChainFacts(options.now);
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

  // ── reading ─────────────────────────────────────────────────────────────────────────────────

  status(): NodeStatus {
    return { ...this.statusValue };
  }

  network(): NetworkInfo {
    return networkInfo(this.options.settings.get(), this.embedded?.url ?? null);
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
    return this.client() ? (this.connection?.watcher?.last ?? null) : null;
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
    return join(this.dataDir(), NODE_FOLDER);
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
      head: this.connection?.watcher?.last ?? null,
      devAccountCount: this.devAccounts()?.count ?? 0,
    };
  }

  /**
   * The dev node's genesis mnemonic and how many funded accounts it has, while the embedded dev
   * node is the current network and running; null otherwise. Stays in main (vault import).
   */
  devAccounts(): { mnemonic: string; count: number } | null {
    const node = this.embedded;
    if (!node || this.connection?.network.kind !== 'embedded' || node.devMnemonic === null) return null;
    return { mnemonic: node.devMnemonic, count: node.devAccountCount };
  }

  logTail(limit = 200): NodeLogLine[] {
    return this.logBuffer.tail(limit);
  }

  async recentBlocks(count = 10): Promise<NodeBlock[]> {
    const client = this.requireClient();
    const head = this.connection?.watcher?.last;
    if (!head) return [];
    const from = Math.max(0, head.number - count + 1);
    const missing: number[] = [];
    for (let n = from; n <= head.number; n++) if (!this.recent.has(n)) missing.push(n);
    if (missing.length > 0) {
      const start = missing[0]!;
      const blocks = await client.getBlockByLimitNext(start, head.number + 1);
      for (const block of blocks) this.remember(toNodeBlock(block, undefined));
    }
    const out: NodeBlock[] = [];
    for (let n = head.number; n >= from; n--) {
      const block = this.recent.get(n);
      if (block) out.push(block);
    }
    return out;
  }

  async representatives(): Promise<Representative[]> {
    const witnesses = await this.requireClient().listWitnesses();
    return witnesses
      .map((w) => ({
        address: toBase58Address(w.address),
        url: w.url,
        voteCount: w.voteCount,
        totalProduced: w.totalProduced,
        totalMissed: w.totalMissed,
        latestBlockNum: w.latestBlockNum,
        isJobs: w.isJobs,
      }))
      .sort((a, b) =>
        a.voteCount === b.voteCount ? a.address.localeCompare(b.address) : a.voteCount > b.voteCount ? -1 : 1,
      );
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
      this.requireEmbeddedSelected();
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
   * Switches network. The old network's watcher stops (and the embedded node, when leaving it),
   * its stores close, and the new network's stores open before anything is read from it.
   */
  selectNetwork(choice: NetworkChoice): Promise<NetworkInfo> {
    return this.serial(async () => {
      const target = storedNetwork(choice);
      const key = networkKey(target);
      await this.options.settings.update((current) => {
        const apiKeys = { ...current.apiKeys };
        if (choice.kind !== 'embedded') {
          if (choice.apiKey === null) delete apiKeys[key];
          else if (typeof choice.apiKey === 'string') apiKeys[key] = choice.apiKey;
        }
        return {
          ...current,
          network: target,
          customNode:
            target.kind === 'custom'
              ? { fullNodeUrl: target.fullNodeUrl, solidityNodeUrl: target.solidityNodeUrl }
              : current.customNode,
          apiKeys,
        };
      });
      this.hostLog(`Network: ${networkName(target)}.`);
      await this.disconnect(
        target.kind === 'embedded' ? 'Switching network.' : `Stopped while the wallet uses ${networkName(target)}.`,
      );
      await this.connect(target, true);
      return this.network();
    });
  }

  /** Stops everything and closes the stores; the host cannot be used afterwards. */
  close(): Promise<void> {
    return this.serial(async () => {
      if (this.closed) return;
      await this.disconnect('The app is closing.');
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

  private setStatus(next: Omit<NodeStatus, 'source' | 'network'> & Partial<Pick<NodeStatus, 'source'>>): void {
    const network = this.connection?.network ?? this.options.settings.get().network;
    const status: NodeStatus = {
      source: network.kind === 'embedded' ? 'embedded' : 'remote',
      network: networkName(network),
      ...next,
    };
    this.statusValue = status;
    this.options.emit('node:status', status);
  }

  private progress(step: string, index: number, total: number, endpoint?: string): void {
    this.setStatus({ state: 'starting', progress: { step, index, total }, ...(endpoint ? { endpoint } : {}) });
  }

  private hostLog(line: string): void {
    this.logBuffer.push(`[wallet] ${line}`);
  }

  /** Opens the stores of `network` (when they are not open yet) and, if asked, starts reading it. */
  private async connect(network: StoredNetwork, start: boolean): Promise<void> {
    const key = networkKey(network);
    if (this.networkStores?.key !== key) {
      await this.networkStores?.close();
      this.networkStores = null;
      this.networkStores = await NetworkStores.open(join(this.options.userDataDir, NETWORKS_FOLDER), key);
      for (const problem of this.networkStores.problems())
        this.options.log.warn('A store file is damaged and was left as is', { code: problem.code });
    }
    const connection: Connection = { network, key, client: null, watcher: null, retry: null };
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
        await this.connectRemote(connection, network);
      }
    } finally {
      for (const listener of this.networkListeners) listener();
    }
  }

  private async startEmbeddedNode(connection: Connection): Promise<void> {
    const settings = this.embeddedSettings();
    const total = STARTUP_STEPS.embedded;
    const datadir = this.nodeDir();
    try {
      this.progress('Preparing the data folder', 1, total);
      await mkdir(datadir, { recursive: true });
      this.progress('Opening the chain store and starting the HTTP API', 2, total);
      this.hostLog(
        `Starting the embedded node in ${datadir} (port ${settings.port === 0 ? 'any free' : settings.port}, block time ${settings.blockTimeMs} ms).`,
      );
      const node = await this.options.createEmbeddedNode({
        port: settings.port,
        datadir,
        blockTimeMs: settings.blockTimeMs,
        saveInternalTx: settings.saveInternalTx,
        estimateEnergy: settings.estimateEnergy,
        log: (line) => this.logBuffer.push(line),
      });
      this.embedded = node;
      this.hostLog(`Embedded node listening on ${node.url}.`);
      connection.client = new TronNodeClient({ fullNodeUrl: node.url, fetch: this.options.fetch, timeoutMs: 10_000 });
      this.progress('Reading the head block', 3, total, node.url);
      const watcher = this.watch(connection, this.options.embeddedPollMs ?? 200, async (last) => {
        const head = node.head();
        if (last && last.number === head.number && last.id === head.id) return { ...last, solidBlock: head.solidified };
        const block = await connection.client!.getBlockByNum(head.number);
        if (!block)
          throw new NodeHostError(NodeHostErrorCode.notRunning, `The embedded node has no block ${head.number}.`);
        return toNodeBlock(block, head.solidified);
      });
      await watcher.start();
      const head = watcher.last;
      this.setStatus({
        state: 'running',
        endpoint: node.url,
        ...(head
          ? { headBlock: head.number, ...(head.solidBlock !== undefined ? { solidBlock: head.solidBlock } : {}) }
          : {}),
      });
    } catch (error) {
      await this.disconnect(undefined);
      const message = startFailure(error, settings.port);
      this.hostLog(message);
      this.options.log.error('The embedded node did not start', {
        code: error instanceof WalletError ? error.code : undefined,
      });
      this.setStatus({ state: 'failed', message });
    }
  }

  /**
   * Connects to a remote node: checks its genesis block (a preset must be the chain it names),
   * reads the head, then polls. A node that does not answer is tried again quietly every poll
   * interval (at least 3 s) until it answers or the network changes.
   */
  private async connectRemote(
    connection: Connection,
    network: Exclude<StoredNetwork, { kind: 'embedded' }>,
    quiet = false,
  ): Promise<void> {
    const urls = remoteUrls(network);
    const apiKey = this.options.settings.get().apiKeys[connection.key];
    const total = STARTUP_STEPS.remote;
    const pollMs = this.options.settings.get().remotePollMs;
    try {
      const client = new TronNodeClient({
        fullNodeUrl: urls.fullNodeUrl,
        ...(urls.solidityNodeUrl ? { solidityNodeUrl: urls.solidityNodeUrl } : {}),
        ...(apiKey ? { apiKey } : {}),
        fetch: this.options.fetch,
        timeoutMs: this.options.remoteTimeoutMs ?? 10_000,
      });
      if (!quiet) this.progress(`Connecting to ${urls.fullNodeUrl}`, 1, total, urls.fullNodeUrl);
      const genesis = await client.getGenesisBlockId();
      this.facts.knowGenesis(client, genesis);
      if (network.kind === 'preset') {
        const expected = NETWORKS[network.network].genesisBlockId;
        if (expected && genesis.toLowerCase() !== expected) {
          throw new NodeHostError(
            NodeHostErrorCode.wrongNetwork,
            `The node at ${urls.fullNodeUrl} is not on ${NETWORKS[network.network].name}: its genesis block differs.`,
          );
        }
      }
      if (this.connection !== connection) return;
      connection.client = client;
      if (!quiet) this.progress('Reading the head block', 2, total, urls.fullNodeUrl);
      const watcher = this.watch(connection, pollMs, async (last) => {
        const block = toNodeBlock(await client.getNowBlock(), undefined);
        if (last && last.number === block.number && last.solidBlock !== undefined)
          return { ...block, solidBlock: last.solidBlock };
        const solid = await client.getNowBlock({ solidity: true });
        return { ...block, solidBlock: solid.block_header.raw_data.number };
      });
      await watcher.start();
      const head = watcher.last;
      if (!head)
        throw new NodeHostError(
          NodeHostErrorCode.notRunning,
          `The node at ${urls.fullNodeUrl} did not answer with its head block.`,
        );
      if (this.connection !== connection) return;
      if (quiet) this.hostLog(`${urls.fullNodeUrl} answers again.`);
      this.setStatus({
        state: 'running',
        endpoint: urls.fullNodeUrl,
        headBlock: head.number,
        ...(head.solidBlock !== undefined ? { solidBlock: head.solidBlock } : {}),
      });
    } catch (error) {
      await connection.watcher?.stop();
      connection.watcher = null;
      connection.client = null;
      if (this.connection !== connection) return;
      const message = error instanceof WalletError ? error.message : `Could not reach ${urls.fullNodeUrl}.`;
      if (!quiet) {
        this.hostLog(message);
        this.setStatus({ state: 'failed', endpoint: urls.fullNodeUrl, message });
      }
      // Another chain stays refused; an unreachable node is tried again.
      if (!(error instanceof NodeHostError && error.code === NodeHostErrorCode.wrongNetwork)) {
        connection.retry = setTimeout(
          () => {
            connection.retry = null;
            void this.serial(async () => {
              if (this.connection === connection) await this.connectRemote(connection, network, true);
            }).catch(() => undefined);
          },
          this.options.remoteRetryMs ?? Math.max(pollMs, 3000),
        );
        connection.retry.unref();
      }
    }
  }

  private watch(
    connection: Connection,
    intervalMs: number,
    read: (last: NodeBlock | null) => Promise<NodeBlock>,
  ): BlockWatcher {
    const watcher = new BlockWatcher(read, {
      intervalMs,
      onBlock: (block) => {
        if (this.connection !== connection) return;
        this.remember(block);
        if (this.statusValue.state === 'running') {
          this.statusValue = {
            ...this.statusValue,
            headBlock: block.number,
            ...(block.solidBlock !== undefined ? { solidBlock: block.solidBlock } : {}),
          };
        }
        this.options.emit('node:block', block);
        for (const listener of this.blockListeners) listener(block);
      },
      onError: (error) => {
        if (this.connection !== connection || this.statusValue.state !== 'running') return;
        const message = error instanceof WalletError ? error.message : 'The node stopped answering.';
        this.hostLog(message);
        this.setStatus({ state: 'failed', endpoint: this.statusValue.endpoint, message });
      },
      onRecover: () => {
        if (this.connection !== connection || this.statusValue.state !== 'failed') return;
        this.hostLog('The node answers again.');
        const head = watcher.last;
        this.setStatus({
          state: 'running',
          endpoint: this.statusValue.endpoint,
          ...(head ? { headBlock: head.number } : {}),
        });
      },
    });
    connection.watcher = watcher;
    return watcher;
  }

  private remember(block: NodeBlock): void {
    this.recent.set(block.number, block);
    if (this.recent.size > RECENT_CACHE) {
      const oldest = [...this.recent.keys()].sort((a, b) => a - b).slice(0, this.recent.size - RECENT_CACHE);
      for (const n of oldest) this.recent.delete(n);
    }
  }

  /** Stops reading the current network (and the embedded node). `message` = the stopped status. */
  private async disconnect(message: string | undefined): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (connection?.retry) clearTimeout(connection.retry);
    await connection?.watcher?.stop();
    const node = this.embedded;
    this.embedded = null;
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

function toNodeBlock(block: Block, solidBlock: number | undefined): NodeBlock {
  const raw = block.block_header.raw_data;
  return {
    number: raw.number,
    id: block.blockID.toLowerCase(),
    timestamp: raw.timestamp,
    transactionCount: block.transactions.length,
    ...(raw.witness_address ? { producer: toBase58Address(raw.witness_address) } : {}),
    ...(solidBlock !== undefined ? { solidBlock } : {}),
  };
}

function startFailure(error: unknown, port: number): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'EADDRINUSE') {
    return `Port ${port} is already in use by another program. Choose another port (or 0 for any free port) in the node settings.`;
  }
  if (code === 'EACCES' || code === 'EPERM')
    return 'The embedded node may not use its data folder or port (permission denied). Choose another folder or port.';
  const detail = error instanceof Error ? error.message : String(error);
  return `The embedded node did not start: ${detail}`;
}
