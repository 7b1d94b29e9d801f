import type { FetchLike } from '../../../src-core/client/fetch';
import type { Clipboard, EmitEvent, ShutdownOrders, ShutdownRegistrar, WalletLog } from '../context';
import type { Settings } from '../stores/settings';
import type { EmbeddedNodeFactory } from './embedded-node';
import type { OfflineGuard } from './offline-guard';

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
