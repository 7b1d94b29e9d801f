import type { TronNodeClient } from '../../../src-core/client/client';
import { PROTOCOL_CONSTANTS, type ChainParameters } from '../../../src-core/chain/parameters';
import { NodeHostError } from '../../../src-core/errors';
import type { NetworkChoice, NetworkInfo } from '../../../src-core/ipc/channels/network';
import type {
  EmbeddedNodeSettings,
  NodeBlock,
  NodeLogLine,
  NodeOverview,
  NodeStatus,
  Representative,
} from '../../../src-core/ipc/channels/node';
import type { NetworkStores } from '../stores/network-stores';
import type { ChainAccess, DryRunner } from './chain-access';
import { resetEmbeddedChain } from './chain-reset';
import { NodeHostErrorCode } from './connection';
import type { DryRunSequenceResult, DryRunStep, ForkControlLike } from './embedded-node';
import { saveEmbeddedSettings } from './embedded-settings';
import type { ForkUpstream } from './fork-targets';
import { startEmbeddedFork, stopEmbeddedFork } from './fork-switch';
import type { NodeHostOptions } from './host-options';
import { HostSession } from './host-session';
import { LifecycleQueue } from './lifecycle-queue';
import { switchNetwork } from './network-switch';
import { networkInfo, remoteUrls } from './networks';
import { enterOffline, leaveOffline, openSelected } from './offline-switch';
import { representativesOf } from './recent-blocks';

export { NETWORKS_FOLDER, NODE_FOLDER, type NodeHostOptions } from './host-options';

/**
 * Runs the node the wallet reads from: the embedded node (started in this process, data under the
 * user data folder) or a remote java-tron node (TronGrid presets or a custom URL). Reports status,
 * startup progress and new blocks as events, keeps each network's stores apart, and registers
 * "stop node and flush store" with the shutdown sequence.
 *
 * Lifecycle calls (start, stop, restart, reset, switch) run one at a time in call order
 * (`lifecycle-queue.ts`); what runs now is `host-session.ts`'s, and each longer call its own module.
 */
export class NodeHost implements ChainAccess {
  private readonly queue = new LifecycleQueue();
  private readonly session: HostSession;

  constructor(private readonly options: NodeHostOptions) {
    this.session = new HostSession(options, this.queue);
    options.shutdown?.register({
      name: 'stop node and flush store',
      ...(options.shutdownOrders ? { order: options.shutdownOrders.storage } : {}),
      timeoutMs: 20_000,
      run: () => this.close(),
    });
  }

  // ── reading ─────────────────────────────────────────────────────────────────────────────────

  status(): NodeStatus {
    return { ...this.session.statusValue };
  }

  network(): NetworkInfo {
    const { fork } = this.session;
    const info = networkInfo(this.options.settings.get(), this.session.embedded?.url ?? null);
    return fork.active && info.kind === 'embedded'
      ? { ...info, name: fork.nameOf({ kind: 'embedded' }), key: fork.keyOf({ kind: 'embedded' }) }
      : info;
  }

  /** The upstream the embedded node forks; null on the dev chain or a remote network. */
  forkUpstream(): ForkUpstream | null {
    return this.session.fork.upstream;
  }

  /** The running embedded fork's report and impersonation; null unless the embedded node is a running fork. */
  forkControl(): ForkControlLike | null {
    if (!this.session.fork.active || this.session.statusValue.state !== 'running') return null;
    return this.session.embedded?.fork ?? null;
  }

  /** The client of the current network while it answers; null otherwise. */
  client(): TronNodeClient | null {
    return this.session.statusValue.state === 'running' ? (this.session.connection?.client ?? null) : null;
  }

  /** The client, or the one "node is not running" error every service gives. */
  requireClient(): TronNodeClient {
    const client = this.client();
    if (!client) {
      const status = this.session.statusValue;
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
    return this.session.facts.genesisId(this.requireClient());
  }

  async chainParameters(): Promise<ChainParameters> {
    return this.session.facts.chainParameters(this.requireClient());
  }

  /** The latest head block seen on the current network, with its time (chain time, not the local clock). */
  head(): NodeBlock | null {
    return this.client() ? (this.session.connection?.head ?? null) : null;
  }

  chainMsPerWallMs(): number {
    const blockTimeMs = this.client() ? this.session.connection?.embeddedBlockTimeMs : null;
    const slotMs = PROTOCOL_CONSTANTS.BLOCK_INTERVAL_MS;
    return blockTimeMs && blockTimeMs < slotMs ? slotMs / blockTimeMs : 1;
  }

  /** The embedded node's dry run while it is the running network and its version has one; null otherwise. */
  dryRunner(): DryRunner | null {
    const node = this.session.embedded;
    if (
      !node ||
      this.session.connection?.network.kind !== 'embedded' ||
      !this.client() ||
      typeof node.dryRun !== 'function'
    )
      return null;
    return (transaction, options) => node.dryRun!(transaction, options);
  }

  /**
   * The embedded node's sequence dry run while the embedded node is the current network and running;
   * null on a remote network (only a node in this process can apply a change privately).
   */
  sequenceDryRunner(): ((steps: readonly DryRunStep[]) => Promise<DryRunSequenceResult>) | null {
    const node = this.session.embedded;
    if (
      !node?.dryRunSequence ||
      this.session.connection?.network.kind !== 'embedded' ||
      this.session.statusValue.state !== 'running'
    )
      return null;
    return (steps) => node.dryRunSequence!(steps);
  }

  /** The current network's stores (drafts, envelopes, address book, history). */
  stores(): NetworkStores {
    if (!this.session.networkStores)
      throw new NodeHostError(
        NodeHostErrorCode.storesNotReady,
        'The stores of this network are not open yet. Try again in a moment.',
      );
    return this.session.networkStores;
  }

  embeddedSettings(): EmbeddedNodeSettings {
    return this.session.embeddedSettings();
  }

  /** Parent folder of the node data (the setting, or the user data folder). */
  dataDir(): string {
    return this.session.dataDir();
  }

  nodeDir(): string {
    return this.session.nodeDir();
  }

  /** URL other tools can use: the embedded node's, or the remote full node's. */
  url(): string | null {
    const network = this.options.settings.get().network;
    if (network.kind === 'embedded') return this.session.embedded?.url ?? null;
    return remoteUrls(network).fullNodeUrl;
  }

  overview(): NodeOverview {
    return {
      status: this.status(),
      settings: this.embeddedSettings(),
      dataDir: this.nodeDir(),
      url: this.url(),
      head: this.session.connection?.head ?? null,
      devAccountCount: this.devAccounts()?.count ?? 0,
    };
  }

  /**
   * The dev node's genesis mnemonic and how many funded accounts it has, while the embedded dev
   * node is the current network and running; null otherwise. Stays in main (vault import).
   */
  devAccounts(): { mnemonic: string; count: number } | null {
    const node = this.session.embedded;
    if (
      !node ||
      this.session.fork.active ||
      this.session.connection?.network.kind !== 'embedded' ||
      node.devMnemonic === null
    )
      return null;
    return { mnemonic: node.devMnemonic, count: node.devAccountCount };
  }

  logTail(limit = 200): NodeLogLine[] {
    return this.session.logBuffer.tail(limit);
  }

  async recentBlocks(count = 10): Promise<NodeBlock[]> {
    return this.session.recent.list(this.requireClient(), this.session.connection?.head ?? null, count);
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
    this.session.blockListeners.add(listener);
    return () => this.session.blockListeners.delete(listener);
  }

  /** Called after every network switch, once the new network's stores are open. */
  onNetworkChange(listener: () => void): () => void {
    this.session.networkListeners.add(listener);
    return () => this.session.networkListeners.delete(listener);
  }

  // ── lifecycle ───────────────────────────────────────────────────────────────────────────────

  /** Opens the selected network at app start; the embedded node starts if `autoStart` is on. */
  open(): Promise<void> {
    return this.queue.run(async () => {
      if (this.options.settings.problem)
        this.session.hostLog(
          `settings.json is damaged and was left as is; using defaults: ${this.options.settings.problem.message}`,
        );
      if (this.session.guard.offline) {
        this.session.setStatus({ state: 'stopped', message: 'Offline signer: no node runs and nothing connects.' });
        return;
      }
      await openSelected(this.session);
    });
  }

  /** Whether this computer is the offline signer (offline/offline-mode-file.ts). */
  isOffline(): boolean {
    return this.session.guard.offline;
  }

  /** Becomes the offline signer (`offline-switch.ts`): the mode saved first, then the network left. */
  enterOffline(): Promise<void> {
    return this.queue.run(() => enterOffline(this.session));
  }

  /** Back to the online wallet: the selected network opens as at start. */
  leaveOffline(): Promise<void> {
    return this.queue.run(() => leaveOffline(this.session));
  }

  startEmbedded(): Promise<NodeStatus> {
    return this.queue.run(async () => {
      this.session.requireEmbeddedSelected();
      if (!this.session.embedded) await this.session.connect({ kind: 'embedded' }, true);
      return this.status();
    });
  }

  stopEmbedded(): Promise<NodeStatus> {
    return this.queue.run(async () => {
      this.session.requireEmbeddedSelected();
      await this.session.disconnect('Stopped by the operator.');
      return this.status();
    });
  }

  restartEmbedded(): Promise<NodeStatus> {
    return this.queue.run(async () => {
      this.session.requireEmbeddedSelected();
      await this.session.disconnect('Restarting.');
      await this.session.connect({ kind: 'embedded' }, true);
      return this.status();
    });
  }

  /**
   * Starts the embedded node as a fork of `upstream` beside what runs, and switches to it once it
   * answered (`fork-switch.ts`); a fork that does not start throws why, and nothing changed.
   */
  startFork(upstream: ForkUpstream): Promise<NodeStatus> {
    return this.queue.run(async () => {
      await startEmbeddedFork(this.session, upstream);
      return this.status();
    });
  }

  /** Stops the fork, deletes its folder and starts the embedded dev chain again. */
  stopFork(): Promise<NodeStatus> {
    return this.queue.run(async () => {
      await stopEmbeddedFork(this.session);
      return this.status();
    });
  }

  /** Saves the settings; a running embedded node restarts with them. */
  saveSettings(next: EmbeddedNodeSettings): Promise<NodeOverview> {
    return this.queue.run(async () => {
      await saveEmbeddedSettings(this.session, next);
      return this.overview();
    });
  }

  /** Deletes the embedded chain and starts a fresh one (`chain-reset.ts`). */
  reset(confirmation: string): Promise<NodeStatus> {
    return this.queue.run(async () => {
      await resetEmbeddedChain(this.session, confirmation);
      return this.status();
    });
  }

  /** Switches network once a remote node answered (`network-switch.ts`). */
  selectNetwork(choice: NetworkChoice): Promise<NetworkInfo> {
    return this.queue.run(async () => {
      await switchNetwork(this.session, choice);
      return this.network();
    });
  }

  /** Stops everything and closes the stores; the host cannot be used afterwards. */
  close(): Promise<void> {
    return this.queue.run(async () => {
      if (this.queue.closed) return;
      await this.session.disconnect('The app is closing.');
      await this.session.fork.drop();
      await this.session.closeStores();
      this.queue.close();
    });
  }
}
