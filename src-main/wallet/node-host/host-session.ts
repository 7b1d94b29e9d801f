import { join } from 'node:path';
import type { FetchLike } from '../../../src-core/client/fetch';
import { NodeHostError, WalletError } from '../../../src-core/errors';
import type { EmbeddedNodeSettings, NodeBlock, NodeStatus } from '../../../src-core/ipc/channels/node';
import { NetworkStores } from '../stores/network-stores';
import type { StoredNetwork } from '../stores/settings';
import { ChainFacts } from './chain-facts';
import { NetworkConnection, NodeHostErrorCode, startFailure, type ConnectionContext } from './connection';
import type { EmbeddedNode, EmbeddedNodeFactory } from './embedded-node';
import { EmbeddedFork } from './embedded-fork';
import { NETWORKS_FOLDER, NODE_FOLDER, type NodeHostOptions } from './host-options';
import type { LifecycleQueue } from './lifecycle-queue';
import { LogBuffer } from './log-buffer';
import { networkName } from './networks';
import { OfflineGuard } from './offline-guard';
import { RecentBlocks } from './recent-blocks';

/**
 * What the node host holds while it runs a network: the connection (and the embedded node it
 * started), that network's stores, the status it reports, the recent blocks and the node log.
 * Connecting and disconnecting live here; `NodeHost` decides when, through its lifecycle queue.
 */
export class HostSession {
  connection: NetworkConnection | null = null;
  networkStores: NetworkStores | null = null;
  statusValue: NodeStatus;
  readonly logBuffer = new LogBuffer();
  readonly recent = new RecentBlocks();
  readonly blockListeners = new Set<(block: NodeBlock) => void>();
  readonly networkListeners = new Set<() => void>();
  readonly facts: ChainFacts;
  readonly fork = new EmbeddedFork();
  readonly guard: OfflineGuard;
  readonly fetch: FetchLike;
  private readonly createEmbeddedNode: EmbeddedNodeFactory;

  constructor(
    readonly options: NodeHostOptions,
    private readonly queue: LifecycleQueue,
  ) {
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
  }

  /** The embedded node while the current connection started it. */
  get embedded(): EmbeddedNode | null {
    return this.connection?.embedded ?? null;
  }

  embeddedSettings(): EmbeddedNodeSettings {
    return this.options.settings.get().embeddedNode;
  }

  /** Parent folder of the node data (the setting, or the user data folder). */
  dataDir(): string {
    return this.embeddedSettings().dataDir ?? this.options.userDataDir;
  }

  nodeDir(): string {
    return this.fork.datadir ?? join(this.dataDir(), NODE_FOLDER);
  }

  requireEmbeddedSelected(): void {
    if (this.options.settings.get().network.kind !== 'embedded') {
      throw new NodeHostError(
        NodeHostErrorCode.notEmbedded,
        'The wallet uses a remote network. Switch to the embedded node first.',
      );
    }
  }

  setStatus(next: Omit<NodeStatus, 'source' | 'network'> & Partial<Pick<NodeStatus, 'source'>>): void {
    const network = this.connection?.network ?? this.options.settings.get().network;
    const status: NodeStatus = {
      source: network.kind === 'embedded' ? 'embedded' : 'remote',
      network: this.fork.nameOf(network),
      ...next,
    };
    this.statusValue = status;
    this.options.emit('node:status', status);
  }

  hostLog(line: string): void {
    this.logBuffer.push(`[wallet] ${line}`);
  }

  /** Opens the stores of `network` (when they are not open yet) and, if asked, starts reading it. */
  async connect(network: StoredNetwork, start: boolean): Promise<void> {
    this.guard.refuse(network.kind === 'embedded' ? 'start the embedded node' : 'connect to any network');
    const key = this.fork.keyOf(network);
    await this.openStores(key);
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

  /** Opens the stores kept under `key` unless they are the open ones. */
  async openStores(key: string): Promise<void> {
    if (this.networkStores?.key === key) return;
    await this.networkStores?.close();
    this.networkStores = null;
    this.networkStores = await NetworkStores.open(join(this.options.userDataDir, NETWORKS_FOLDER), key);
    for (const problem of this.networkStores.problems())
      this.options.log.warn('A store file is damaged and was left as is', { code: problem.code });
  }

  /** Stops reading the current network (and the embedded node). `message` = the stopped status. */
  async disconnect(message: string | undefined): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (connection?.embedded)
      this.setStatus({ state: 'stopping', message: 'Stopping the embedded node and flushing its store.' });
    await this.retire(connection);
    if (message !== undefined) this.setStatus({ state: 'stopped', message });
  }

  /**
   * Closes `connection` and stops the embedded node it started, without a status of its own: the
   * caller says what runs instead (a fork started beside the chain it replaces, or nothing).
   */
  async retire(connection: NetworkConnection | null): Promise<void> {
    await connection?.close();
    const node = connection?.embedded ?? null;
    if (!node) return;
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

  /** Closes the current network's stores (offline, or the host closing). */
  async closeStores(): Promise<void> {
    await this.networkStores?.close();
    this.networkStores = null;
  }

  private async startEmbeddedNode(connection: NetworkConnection): Promise<void> {
    try {
      await connection.startEmbedded();
    } catch (error) {
      await this.disconnect(undefined);
      const message = this.fork.failure(error) ?? startFailure(error, this.embeddedSettings().port);
      this.hostLog(message);
      this.options.log.error('The embedded node did not start', {
        code: error instanceof WalletError ? error.code : undefined,
      });
      this.setStatus({ state: 'failed', message });
    }
  }

  /** What a connection reads from and reports to this host; `overrides` for one started beside the current one. */
  connectionContext(overrides: Partial<ConnectionContext> = {}): ConnectionContext {
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
      fork: () => this.fork.connectionTarget(),
      apiKey: (key) => options.settings.get().apiKeys[key],
      remotePollMs: () => options.settings.get().remotePollMs,
      status: () => this.statusValue,
      setStatus: (next) => this.setStatus(next),
      block: (block) => this.onHead(block),
      hostLog: (line) => this.hostLog(line),
      nodeLog: (line) => this.logBuffer.push(line),
      knowGenesis: (client, id) => this.facts.knowGenesis(client, id),
      serial: (run) => this.queue.run(run),
      ...overrides,
    };
  }

  /** A new head block of the current network: kept for the Node screen, in the status, announced. */
  onHead(block: NodeBlock): void {
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
}
