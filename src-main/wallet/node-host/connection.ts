import { mkdir } from 'node:fs/promises';
import { toBase58Address } from '../../../src-core/address/address';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import { NETWORKS } from '../../../src-core/client/networks';
import type { Block } from '../../../src-core/client/types';
import { NodeHostError, WalletError } from '../../../src-core/errors';
import type { EmbeddedNodeSettings, NodeBlock, NodeStatus } from '../../../src-core/ipc/channels/node';
import type { WalletLog } from '../context';
import type { StoredNetwork } from '../stores/settings';
import { BlockWatcher, type ReadHead } from './block-watcher';
import type { EmbeddedNode, EmbeddedNodeFactory } from './embedded-node';
import { remoteUrls } from './networks';

export const NodeHostErrorCode = {
  notRunning: 'NODE_NOT_RUNNING',
  notEmbedded: 'NODE_NOT_EMBEDDED',
  startFailed: 'NODE_START_FAILED',
  resetNotConfirmed: 'NODE_RESET_NOT_CONFIRMED',
  badSetting: 'NODE_BAD_SETTING',
  wrongNetwork: 'NODE_WRONG_NETWORK',
  unreachable: 'NODE_UNREACHABLE',
  storesNotReady: 'NODE_STORES_NOT_READY',
} as const;

/** A status the connection reports; the host adds the source and network name. */
export type StatusUpdate = Omit<NodeStatus, 'source' | 'network'>;

const STARTUP_STEPS = { embedded: 3, remote: 2 } as const;

/** What a connection needs from the host: its settings, and where to report. */
export interface ConnectionContext {
  readonly fetch: FetchLike;
  readonly log: WalletLog;
  readonly createEmbeddedNode: EmbeddedNodeFactory;
  readonly embeddedPollMs?: number | undefined;
  readonly remoteTimeoutMs?: number | undefined;
  readonly remoteRetryMs?: number | undefined;
  embeddedSettings(): EmbeddedNodeSettings;
  /** `<data dir>/tron-node`, or the fork's temporary folder. */
  nodeDir(): string;
  /** The upstream the embedded node forks; null for the dev chain. */
  fork(): { readonly url: string; readonly apiKey?: string; readonly name: string } | null;
  apiKey(key: string): string | undefined;
  remotePollMs(): number;
  /** The host's status now (the watcher's reports depend on it). */
  status(): NodeStatus;
  setStatus(next: StatusUpdate): void;
  /** A new head block of this connection, while it is the host's current one. */
  block(block: NodeBlock): void;
  /** A line of the wallet's own in the node log. */
  hostLog(line: string): void;
  /** A line the embedded node logged. */
  nodeLog(line: string): void;
  /** The genesis id read while connecting, so that nobody reads it again. */
  knowGenesis(client: TronNodeClient, id: string): void;
  /** Runs after the host's queued lifecycle calls (a retry must not overtake a network switch). */
  serial(run: () => Promise<void>): Promise<void>;
}

export interface RemoteOptions {
  readonly fetch: FetchLike;
  readonly timeoutMs: number;
  readonly apiKey?: string;
}

/**
 * A client for a remote node that answered with its genesis block, which for a preset must be the
 * chain the preset names (`NODE_WRONG_NETWORK` otherwise).
 */
export async function openRemote(
  network: Exclude<StoredNetwork, { kind: 'embedded' }>,
  options: RemoteOptions,
): Promise<{ client: TronNodeClient; genesis: string }> {
  const urls = remoteUrls(network);
  const client = new TronNodeClient({
    fullNodeUrl: urls.fullNodeUrl,
    ...(urls.solidityNodeUrl ? { solidityNodeUrl: urls.solidityNodeUrl } : {}),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
  });
  const genesis = await client.getGenesisBlockId();
  if (network.kind === 'preset') {
    const expected = NETWORKS[network.network].genesisBlockId;
    if (expected && genesis.toLowerCase() !== expected) {
      throw new NodeHostError(
        NodeHostErrorCode.wrongNetwork,
        `The node at ${urls.fullNodeUrl} is not on ${NETWORKS[network.network].name}: its genesis block differs.`,
      );
    }
  }
  return { client, genesis };
}

/**
 * Asks a remote node for its genesis block and head before the wallet leaves the network it is
 * on: a node that does not answer, or answers for another chain, is refused with a sentence that
 * says the wallet stayed where it was.
 */
export async function probeRemote(
  network: Exclude<StoredNetwork, { kind: 'embedded' }>,
  options: RemoteOptions,
  current: string,
): Promise<void> {
  const url = remoteUrls(network).fullNodeUrl;
  try {
    const { client } = await openRemote(network, options);
    await client.getNowBlock();
  } catch (error) {
    if (error instanceof NodeHostError && error.code === NodeHostErrorCode.wrongNetwork)
      throw new NodeHostError(error.code, `${error.message} The wallet stays on ${current}.`, { url });
    const reason = error instanceof WalletError ? ` (${error.message.replace(/\.$/, '')})` : '';
    throw new NodeHostError(
      NodeHostErrorCode.unreachable,
      `The node at ${url} did not answer${reason}. The wallet stays on ${current}; check the URL and the API key, then try again.`,
      { url },
    );
  }
}

/**
 * One network as the host reads it: the embedded node started in this process, or a remote
 * java-tron node, with a watcher on its head. A remote node that does not answer is tried again
 * until it does or the connection is closed. Once closed, a connection reports nothing more.
 */
export class NetworkConnection {
  client: TronNodeClient | null = null;
  /** The embedded node this connection started; the host stops it. */
  embedded: EmbeddedNode | null = null;
  /** The block time the embedded node was started with (a changed setting waits for a restart). */
  embeddedBlockTimeMs: number | null = null;
  private watcher: BlockWatcher | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    readonly network: StoredNetwork,
    readonly key: string,
    private readonly context: ConnectionContext,
  ) {}

  /** The newest head block seen. */
  get head(): NodeBlock | null {
    return this.watcher?.last ?? null;
  }

  /** Stops watching and retrying (the embedded node, if any, is left to the host to stop). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.watcher?.stop();
  }

  /**
   * Starts the embedded node under the node folder with the saved settings and reads its head;
   * throws what stopped it (the host reports it and stops what was started).
   */
  async startEmbedded(): Promise<void> {
    const settings = this.context.embeddedSettings();
    const total = STARTUP_STEPS.embedded;
    const datadir = this.context.nodeDir();
    const fork = this.context.fork();
    this.progress('Preparing the data folder', 1, total);
    await mkdir(datadir, { recursive: true });
    this.progress(
      fork
        ? `Forking ${fork.name} at its head block: reading its chain parameters and representatives`
        : 'Opening the chain store and starting the HTTP API',
      2,
      total,
    );
    this.context.hostLog(
      `Starting the embedded node${fork ? ` as a fork of ${fork.url}` : ''} in ${datadir} (port ${settings.port === 0 ? 'any free' : settings.port}, block time ${settings.blockTimeMs} ms).`,
    );
    const node = await this.context.createEmbeddedNode({
      port: settings.port,
      datadir,
      blockTimeMs: settings.blockTimeMs,
      saveInternalTx: settings.saveInternalTx,
      estimateEnergy: settings.estimateEnergy,
      allowBrowserAccess: settings.allowBrowserAccess,
      adminEndpoints: settings.adminEndpoints,
      log: (line) => this.context.nodeLog(line),
      ...(fork ? { fork: { url: fork.url, ...(fork.apiKey ? { apiKey: fork.apiKey } : {}) } } : {}),
    });
    this.embedded = node;
    this.embeddedBlockTimeMs = settings.blockTimeMs;
    this.context.hostLog(`Embedded node listening on ${node.url}.`);
    const client = new TronNodeClient({ fullNodeUrl: node.url, fetch: this.context.fetch, timeoutMs: 10_000 });
    this.client = client;
    this.progress('Reading the head block', 3, total, node.url);
    const watcher = this.watch(this.context.embeddedPollMs ?? 200, async (last) => {
      const head = node.head();
      if (last && last.number === head.number && last.id === head.id) return { ...last, solidBlock: head.solidified };
      const block = await client.getBlockByNum(head.number);
      if (!block)
        throw new NodeHostError(NodeHostErrorCode.notRunning, `The embedded node has no block ${head.number}.`);
      return toNodeBlock(block, head.solidified);
    });
    await watcher.start();
    const head = watcher.last;
    this.context.setStatus({
      state: 'running',
      endpoint: node.url,
      ...(head
        ? { headBlock: head.number, ...(head.solidBlock !== undefined ? { solidBlock: head.solidBlock } : {}) }
        : {}),
    });
  }

  /**
   * Connects to a remote node: checks its genesis block (a preset must be the chain it names),
   * reads the head, then polls. A node that does not answer is tried again quietly every poll
   * interval (at least 3 s) until it answers or the connection is closed.
   */
  async connectRemote(quiet = false): Promise<void> {
    const network = this.network;
    if (network.kind === 'embedded') throw new Error('connectRemote needs a remote network');
    const urls = remoteUrls(network);
    const total = STARTUP_STEPS.remote;
    const pollMs = this.context.remotePollMs();
    try {
      if (!quiet) this.progress(`Connecting to ${urls.fullNodeUrl}`, 1, total, urls.fullNodeUrl);
      const { client, genesis } = await openRemote(network, this.remoteOptions());
      if (this.closed) return;
      this.context.knowGenesis(client, genesis);
      this.client = client;
      if (!quiet) this.progress('Reading the head block', 2, total, urls.fullNodeUrl);
      const watcher = this.watch(pollMs, async (last) => {
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
      if (this.closed) return;
      if (quiet) this.context.hostLog(`${urls.fullNodeUrl} answers again.`);
      this.context.setStatus({
        state: 'running',
        endpoint: urls.fullNodeUrl,
        headBlock: head.number,
        ...(head.solidBlock !== undefined ? { solidBlock: head.solidBlock } : {}),
      });
    } catch (error) {
      await this.watcher?.stop();
      this.watcher = null;
      this.client = null;
      if (this.closed) return;
      const message = error instanceof WalletError ? error.message : `Could not reach ${urls.fullNodeUrl}.`;
      if (!quiet) {
        this.context.hostLog(message);
        this.context.setStatus({ state: 'failed', endpoint: urls.fullNodeUrl, message });
      }
      // Another chain stays refused; an unreachable node is tried again.
      if (!(error instanceof NodeHostError && error.code === NodeHostErrorCode.wrongNetwork)) {
        this.retry = setTimeout(
          () => {
            this.retry = null;
            void this.context
              .serial(async () => {
                if (!this.closed) await this.connectRemote(true);
              })
              .catch(() => undefined);
          },
          this.context.remoteRetryMs ?? Math.max(pollMs, 3000),
        );
        this.retry.unref();
      }
    }
  }

  private remoteOptions(): RemoteOptions {
    const apiKey = this.context.apiKey(this.key);
    return {
      fetch: this.context.fetch,
      timeoutMs: this.context.remoteTimeoutMs ?? 10_000,
      ...(apiKey ? { apiKey } : {}),
    };
  }

  private progress(step: string, index: number, total: number, endpoint?: string): void {
    this.context.setStatus({ state: 'starting', progress: { step, index, total }, ...(endpoint ? { endpoint } : {}) });
  }

  private watch(intervalMs: number, read: ReadHead): BlockWatcher {
    const watcher = new BlockWatcher(read, {
      intervalMs,
      onBlock: (block) => {
        if (!this.closed) this.context.block(block);
      },
      onError: (error) => {
        const status = this.context.status();
        if (this.closed || status.state !== 'running') return;
        const message = error instanceof WalletError ? error.message : 'The node stopped answering.';
        this.context.hostLog(message);
        this.context.setStatus({ state: 'failed', endpoint: status.endpoint, message });
      },
      onRecover: () => {
        const status = this.context.status();
        if (this.closed || status.state !== 'failed') return;
        this.context.hostLog('The node answers again.');
        const head = watcher.last;
        this.context.setStatus({
          state: 'running',
          endpoint: status.endpoint,
          ...(head ? { headBlock: head.number } : {}),
        });
      },
    });
    this.watcher = watcher;
    return watcher;
  }
}

/** A block as the Node screen and the services see it (producer in Base58, the solidified number when known). */
export function toNodeBlock(block: Block, solidBlock: number | undefined): NodeBlock {
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

/** What to tell the person when the embedded node did not start. */
export function startFailure(error: unknown, port: number): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'EADDRINUSE') {
    return `Port ${port} is already in use by another program. Choose another port (or 0 for any free port) in the node settings.`;
  }
  if (code === 'EACCES' || code === 'EPERM')
    return 'The embedded node may not use its data folder or port (permission denied). Choose another folder or port.';
  const detail = error instanceof Error ? error.message : String(error);
  return `The embedded node did not start: ${detail}`;
}
