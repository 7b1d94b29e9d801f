import type { ExecutionBlock } from '../model/execution';
import type { DynamicProperties } from '../state/dynamic';
import type { StateView } from '../state/view';

/**
 * What the VM host reads of the chain: the head's properties and slot, and block ids for
 * BLOCKHASH. `Chain` (chain/chain.ts) implements it; the host is declared below the chain and is
 * attached to it once both exist, so it names only what it reads.
 */
export interface VmChainPort {
  readonly props: Pick<DynamicProperties, 'parameters' | 'headNumber' | 'headTimestamp' | 'maintenanceCycle'>;
  readonly clock: { readonly headSlot: number; witnessAt(timestamp: number): string };
  readonly genesisId: Uint8Array;
  recentBlockId(number: number): Uint8Array | undefined;
}

/**
 * What the VM host takes of the pending pool: its lock (constant calls share it a slice at a time),
 * its pending state and the block a pending transaction executes in. `TxPool` (pool/pool.ts)
 * implements it.
 */
export interface VmPoolPort {
  exclusive<T>(job: () => T | Promise<T>): Promise<T>;
  readonly view: StateView;
  nextBlock(): ExecutionBlock;
}
