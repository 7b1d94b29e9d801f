import type { TransactionJson } from '../../../src-core/tx/types';

/**
 * What the node host needs from the embedded node, and the settings it starts it with. The real
 * node (`createNode` from src-main/node) is adapted to this in `create-embedded.ts`; tests pass
 * their own factory.
 */
export interface EmbeddedNodeConfig {
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
  /** The folder the node owns (its LevelDB lives inside). */
  readonly datadir: string;
  readonly blockTimeMs: number;
  readonly saveInternalTx: boolean;
  readonly estimateEnergy: boolean;
  /** Each line the node logs. */
  readonly log: (line: string) => void;
}

export interface EmbeddedHead {
  readonly number: number;
  /** blockID, 64 hex digits. */
  readonly id: string;
  readonly timestamp: number;
  readonly solidified: number;
}

/**
 * What the embedded node reports when it executes a transaction on a throwaway copy of its state
 * (`node.dryRun(tx)`): nothing is stored, nothing is broadcast.
 */
export interface DryRunOutcome {
  /** contractRet: SUCCESS, REVERT, OUT_OF_ENERGY, … (or the validation failure's code). */
  readonly result: string;
  /** java-tron's resMessage or the validation message. */
  readonly message: string;
  /** Return or revert data of a contract execution, hex. */
  readonly returnData: string;
  readonly energyUsed: bigint;
  readonly energyPenalty: bigint;
  /** Everything burned: bandwidth, energy and fixed fees, in sun. */
  readonly feeSun: bigint;
  readonly logs: readonly { readonly address: string; readonly topics: readonly string[]; readonly data: string }[];
  /** Balance changes per account: TRX when `tokenId` is absent, else a TRC10 token. */
  readonly balanceChanges: readonly { readonly address: string; readonly tokenId?: string; readonly delta: bigint }[];
}

export interface EmbeddedNode {
  /** e.g. http://127.0.0.1:8090; serves /wallet/* and /walletsolidity/*. */
  readonly url: string;
  readonly port: number;
  /** The genesis mnemonic of a dev-mode node (funded accounts at m/44'/195'/0'/0/i), else null. */
  readonly devMnemonic: string | null;
  readonly devAccountCount: number;
  head(): EmbeddedHead;
  /** Executes a signed or unsigned transaction against a copy of the head state; absent on node versions without it. */
  dryRun?(transaction: TransactionJson): Promise<DryRunOutcome>;
  /** Stops producing, closes the HTTP server, flushes and closes the store. */
  stop(): Promise<void>;
}

export type EmbeddedNodeFactory = (config: EmbeddedNodeConfig) => Promise<EmbeddedNode>;
