import type { BatchOp } from '../store/store';
import type { AccountRecord } from './account';
import type { RecordValue } from './records';
import type { StateReader } from './view';
import type { WitnessRecord } from './witness';

/**
 * Where the committed state (the head block's) lives: accounts, the account-name index,
 * witnesses, keyed records and contract records. The chain reads it through this interface
 * only, and `StateView` overlays a block's or the pool's changes on it.
 *
 * - Point reads are synchronous (`StateReader`): actuators, the staking rules and the VM read
 *   state synchronously, inside a transaction's journal.
 * - Nothing is enumerated whole. What must be iterated has its own scan: `witnessAddresses`,
 *   `recordKeys(namespace, prefix)` for the namespaces that are scanned (pending votes, the
 *   delegation index, tokens; `SCANNED_RECORDS`) and `extKeys(prefix)` (a contract's storage rows,
 *   every contract state).
 * - Writes come in one block at a time: `stage` turns the block's changes into puts and deletes
 *   for the block's atomic LevelDB batch, and `settle` says whether that batch was written. Until
 *   then every read answers the state before the block, so a read that runs while the batch is
 *   being written never sees half of it.
 *
 * `LevelStateBackend` (level-backend.ts) keeps the state in the node's LevelDB behind a bounded
 * cache. A backend over another node's state (a fork read lazily over HTTP) keeps the same
 * contract: `stage` writes a block's changes into its local copy, and since reads answer
 * synchronously, a value must be local by the time it is read.
 */
export interface StateBackend extends StateReader {
  getExt(key: string): unknown;
  extKeys(prefix: string): Iterable<string>;
  /** The batch operations that write `changes`; reads keep answering the previous state until `settle`. */
  stage(changes: StateChanges): BatchOp[];
  /** `written`: the staged batch is durable and reads see the changes from now on; otherwise they are dropped. */
  settle(written: boolean): void;
}

/** One block's changes to the state, as a `StateView` holds them. */
export interface StateChanges {
  /** Accounts created or changed, by hex address. */
  readonly changes: ReadonlyMap<string, AccountRecord>;
  /** Accounts removed (never also in `changes`). */
  readonly deletedAccounts: ReadonlySet<string>;
  /** Account name (hex) → owner hex address. */
  readonly nameChanges: ReadonlyMap<string, string>;
  readonly witnessChanges: ReadonlyMap<string, WitnessRecord>;
  /** `recordSlot(namespace, key)` → value, or null when deleted. */
  readonly recordChanges: ReadonlyMap<string, RecordValue | null>;
  /** Contract records by namespaced key; null when deleted. */
  readonly ext: ReadonlyMap<string, unknown>;
}
