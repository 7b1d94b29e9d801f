import type { NodeConfig } from '../config';
import type { Chain } from '../chain/chain';
import type { TxPool } from '../pool/pool';
import type { RecoveryPool } from '../signatures/recovery-pool';
import type { DerivedKey } from '../genesis';

/** What the HTTP handlers use of the node. */
export interface NodeServices {
  readonly config: NodeConfig;
  readonly chain: Chain;
  readonly pool: TxPool;
  readonly recovery: RecoveryPool;
  readonly funded: readonly DerivedKey[];
  readonly startedAt: number;
  mine(blocks: number): Promise<void>;
  advanceTime(seconds: number): void;
}
