import type { NodeConfig } from '../config';
import type { Chain } from '../chain/chain';
import type { TxPool } from '../pool/pool';
import type { RecoveryPool } from '../signatures/recovery-pool';
import type { DerivedKey } from '../genesis';
import type { ContractRuntime } from '../vm-host/runtime';
import type { DryRunner } from '../simulation/dry-run';
import type { DevAccounts } from '../dev-accounts';
import type { ForkHandle } from '../fork/open-fork';
import type { BlockReplies } from './block-replies';
import type { BuiltTransactions } from '../java-json/built-transactions';

/** What the HTTP handlers use of the node. */
export interface NodeServices {
  readonly config: NodeConfig;
  readonly chain: Chain;
  readonly pool: TxPool;
  readonly recovery: RecoveryPool;
  readonly funded: readonly DerivedKey[];
  readonly startedAt: number;
  /** The VM hosted by the node: constant calls, estimates. */
  readonly contracts: ContractRuntime;
  readonly dryRunner: DryRunner;
  /** Rendered block replies, cached. */
  readonly blockReplies: BlockReplies;
  /** What triggersmartcontract printed lately, for the broadcast that sends it back signed. */
  readonly built: BuiltTransactions;
  /** TRE's test-account book: /admin/accounts-json and /admin/temporary-accounts-generation. */
  readonly devAccounts: DevAccounts;
  mine(blocks: number): Promise<void>;
  /** Mines `blocks` blocks, each once the wall clock reaches its slot (TRE's tre_mine). */
  mineOnClock(blocks: number): Promise<void>;
  advanceTime(seconds: number): void;
  /** Fork mode only: what /admin/fork reports, /admin/impersonate. */
  readonly fork?: ForkHandle;
}
