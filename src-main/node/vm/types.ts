import type { HexAddress } from '../../../src-core/brand';

/**
 * `Transaction.Result.contractRet` values (Tron.proto); the VM only ever produces the
 * ones `RuntimeImpl.setResultCode` sets.
 */
export const ContractResult = {
  SUCCESS: 'SUCCESS',
  REVERT: 'REVERT',
  BAD_JUMP_DESTINATION: 'BAD_JUMP_DESTINATION',
  OUT_OF_MEMORY: 'OUT_OF_MEMORY',
  PRECOMPILED_CONTRACT: 'PRECOMPILED_CONTRACT',
  STACK_TOO_SMALL: 'STACK_TOO_SMALL',
  STACK_TOO_LARGE: 'STACK_TOO_LARGE',
  ILLEGAL_OPERATION: 'ILLEGAL_OPERATION',
  OUT_OF_ENERGY: 'OUT_OF_ENERGY',
  OUT_OF_TIME: 'OUT_OF_TIME',
  JVM_STACK_OVER_FLOW: 'JVM_STACK_OVER_FLOW',
  UNKNOWN: 'UNKNOWN',
  TRANSFER_FAILED: 'TRANSFER_FAILED',
  INVALID_CODE: 'INVALID_CODE',
} as const;
export type ContractResultCode = (typeof ContractResult)[keyof typeof ContractResult];

/** `ResourceCode` of the staking opcodes and system contracts (common.proto `ResourceCode`). */
export const ResourceCode = { BANDWIDTH: 0, ENERGY: 1, TRON_POWER: 2 } as const;

/**
 * One `TransactionInfo.log` entry: the address is 20 bytes, without the 0x41 prefix (java-tron LogInfo,
 * OperationActions.logAction).
 */
export interface VmLog {
  readonly address: Uint8Array;
  readonly topics: readonly Uint8Array[];
  readonly data: Uint8Array;
}

/**
 * `callValueInfo` entry: the first one is the TRX value, TRC10 entries carry a token id (Tron.proto
 * `InternalTransaction.CallValueInfo`).
 */
export interface CallValueInfo {
  readonly callValue: bigint;
  readonly tokenId?: string;
}

/** `Protocol.InternalTransaction` as java-tron stores it (TransactionUtil.buildInternalTransaction). */
export interface InternalTransaction {
  readonly hash: Uint8Array;
  /** 21 bytes. */
  readonly callerAddress: HexAddress;
  /** 21 bytes; empty for `voteWitness`. */
  readonly transferToAddress: HexAddress | '';
  readonly callValueInfo: readonly CallValueInfo[];
  /** Plain text (`call`, `create`, `suicide`, staking notes); TransactionInfo carries its UTF-8 bytes. */
  readonly note: string;
  readonly rejected: boolean;
  readonly extra: string;
  /** Per-root-tx counter that entered the hash; not part of TransactionInfo. */
  readonly nonce: bigint;
  /** Call depth of the frame that created it; not part of TransactionInfo (event plugin only). */
  readonly deep: number;
}

/** Inputs the VM needs about the block it runs in (java-tron ProgramInvokeFactory). */
export interface BlockContext {
  readonly number: bigint;
  /** Block timestamp in milliseconds; TIMESTAMP pushes it divided by 1000. */
  readonly timestampMs: bigint;
  /** The block's witness (COINBASE), 21 bytes. */
  readonly witness: HexAddress;
  /** Block ID (8-byte number ‖ sha256(header)[8:]) of an earlier block, for BLOCKHASH. */
  readonly blockIdByNumber: (number: bigint) => Uint8Array | undefined;
  /** Genesis block ID; CHAINID pushes its last 4 bytes (OperationActions.chainIdAction). */
  readonly genesisBlockId: Uint8Array;
  /** Maintenance cycle number (`CURRENT_CYCLE_NUMBER`) for the dynamic energy model (TIP-491). */
  readonly currentCycle: bigint;
  /** `getLatestBlockHeaderTimestamp()` – the head block's time, used by staking rules (ms). */
  readonly latestBlockTimestampMs: bigint;
}
