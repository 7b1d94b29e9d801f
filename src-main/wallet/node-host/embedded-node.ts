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
  /** Answer requests from web pages (with an Origin header); off = refuse them with a 403. */
  readonly allowBrowserAccess: boolean;
  /** Serve /admin/* over HTTP (the wallet itself uses the node's dry run in process). */
  readonly adminEndpoints: boolean;
  /** Each line the node logs. */
  readonly log: (line: string) => void;
  /** Start as a fork of this upstream node (src-main/node fork mode) instead of the dev chain. */
  readonly fork?: { readonly url: string; readonly apiKey?: string };
}

/** Fork mode's report and impersonation, as src-main/node's `TronNode.fork` offers them. */
export interface ForkControlLike {
  report(): Record<string, unknown>;
  /** Both answer the address in base58; a node in a worker thread answers once it applied the change. */
  impersonate(address: string): string | Promise<string>;
  stopImpersonating(address: string): string | Promise<string>;
}

/** Options of the node's dry run (see `DryRunOptions` in src-main/node). */
export interface DryRunOptionsLike {
  readonly skipSignatureCheck?: boolean;
  readonly signers?: readonly string[];
  readonly state?: 'head' | 'pending';
}

export interface EmbeddedHead {
  readonly number: number;
  /** blockID, 64 hex digits. */
  readonly id: string;
  readonly timestamp: number;
  readonly solidified: number;
}

export interface EmbeddedNode {
  /** e.g. http://127.0.0.1:8090; serves /wallet/* and /walletsolidity/*. */
  readonly url: string;
  readonly port: number;
  /** The genesis mnemonic of a dev-mode node (funded accounts at m/44'/195'/0'/0/i), else null. */
  readonly devMnemonic: string | null;
  readonly devAccountCount: number;
  head(): EmbeddedHead;
  /**
   * Applies the transactions in order to a throwaway copy of the current state (head plus pending
   * pool) and reports each outcome; stops after the first refusal. Nothing is kept or broadcast.
   * Absent on nodes that cannot do it (test doubles).
   */
  dryRunSequence?(steps: readonly DryRunStep[]): Promise<DryRunSequenceResult>;
  /** Stops producing, closes the HTTP server, flushes and closes the store. */
  stop(): Promise<void>;
  /** Fork mode's report and impersonation; null (or absent) on the dev chain. */
  readonly fork?: ForkControlLike | null;
  /**
   * Calls `listener` once if the node dies on its own (a node in a worker thread whose thread
   * ended), with a sentence for the person; absent on nodes that run in this thread.
   */
  onFailure?(listener: (message: string) => void): void;
  /**
   * What a transaction would do (accepted or java-tron's refusal, TransactionInfo, balance
   * changes) on a throw-away copy of the state; see `DryRunResult` in src-main/node.
   */
  dryRun?(
    tx: object | string,
    options?: { skipSignatureCheck?: boolean; signers?: readonly string[]; state?: 'head' | 'pending' },
  ): Promise<unknown>;
}

export type EmbeddedNodeFactory = (config: EmbeddedNodeConfig) => Promise<EmbeddedNode>;

export interface DryRunStep {
  readonly transaction: TransactionJson;
  /** Run java-tron's signature and permission check first (false: apply as if signed). */
  readonly checkSignatures: boolean;
  /**
   * Without the check: count this many 65-byte signatures in the size (bandwidth) and the
   * multi-signature fee, as the signed transaction will carry them.
   */
  readonly placeholderSignatures?: number;
  /**
   * With the check: run java-tron's permission check as if these keys (hex addresses) had signed,
   * so a rehearsal proves who can sign without any key signing anything.
   */
  readonly signers?: readonly string[];
}

export interface DryRunStepOutcome {
  readonly accepted: boolean;
  /** Where it stopped or finished: the signature check or applying the contract. */
  readonly stage: 'signature' | 'apply';
  /** java-tron's response code and message when refused (Wallet.broadcastTransaction's Return). */
  readonly code?: string;
  readonly message?: string;
  /** Balance changes, hex addresses, in sun. */
  readonly balanceChanges: readonly { readonly address: string; readonly deltaSun: bigint }[];
  /** TransactionInfo.fee the transaction would pay. */
  readonly feeSun: bigint;
  readonly txid?: string;
  /** When accepted: contractRet it would be packed with (SUCCESS, REVERT, OUT_OF_ENERGY, …). */
  readonly contractRet?: string;
  /** Error(string) / Panic text of a REVERT, as the node decoded it. */
  readonly revertReason?: string;
  /** Energy the execution used (TransactionInfo.receipt.energy_usage_total). */
  readonly energyUsed?: bigint;
}

export interface DryRunSequenceResult {
  /** The head block the copy was taken at. */
  readonly headBlock: number;
  readonly outcomes: readonly DryRunStepOutcome[];
}
