import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { NetworkInfo } from '../../../src-core/ipc/channels/network';
import type { NodeBlock, NodeStatus } from '../../../src-core/ipc/channels/node';
import type { NetworkStores } from '../stores/network-stores';

/** The embedded node's `dryRun`, as the host hands it out (the result is the node's DryRunResult). */
export type DryRunner = (
  transaction: object,
  options?: { skipSignatureCheck?: boolean; signers?: readonly string[]; state?: 'head' | 'pending' },
) => Promise<unknown>;

/**
 * What the wallet services use of the node host (`NodeHost` implements it). Every "is a node
 * answering" check, the genesis id and the chain parameters come from here, once.
 */
export interface ChainAccess {
  /** The client of the current network while it answers; null otherwise. */
  client(): TronNodeClient | null;
  /** The client, or `NodeHostError` `NODE_NOT_RUNNING` saying what to do. */
  requireClient(): TronNodeClient;
  /** The current chain's genesis block id (lowercase hex), read once per connection. */
  genesisId(): Promise<string>;
  /** The current chain's parameters over the defaults of src-core/chain/parameters.ts, cached a minute. */
  chainParameters(): Promise<ChainParameters>;
  status(): NodeStatus;
  network(): NetworkInfo;
  stores(): NetworkStores;
  head(): NodeBlock | null;
  /**
   * Chain time per wall time: above 1 on the embedded dev chain when its blocks come faster than
   * java-tron's 3 s slots (each block still steps a slot), else 1.
   */
  chainMsPerWallMs(): number;
  dryRunner(): DryRunner | null;
  onBlock(listener: (block: NodeBlock) => void): () => void;
  onNetworkChange(listener: () => void): () => void;
}
