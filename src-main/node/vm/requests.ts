import type { HexAddress } from '../../../src-core/brand';
import type { EnergyBill } from './energy-limit';
import type { BlockContext, ContractResultCode, InternalTransaction, VmLog } from './types';
import type { TronWorldState } from './world-state';
import type { TimeBudget } from './time-budget';

/** Fields every execution needs. Amounts are sun (TRX) or token units. */
export interface ExecutionRequest {
  readonly world: TronWorldState;
  /** The block the transaction runs in; the head block for constant calls. */
  readonly block: BlockContext;
  /** 32-byte transaction id: root of internal-transaction hashes and CREATE addresses. */
  readonly txId: Uint8Array;
  readonly owner: HexAddress;
  readonly callValue?: bigint;
  readonly tokenValue?: bigint;
  readonly tokenId?: bigint;
}

/** CreateSmartContract (smart_contract.proto). */
export interface CreateRequest extends ExecutionRequest {
  readonly feeLimit: bigint;
  /** Init code: deployed bytecode followed by ABI-encoded constructor arguments. */
  readonly bytecode: Uint8Array;
  readonly consumeUserResourcePercent: bigint;
  readonly originEnergyLimit: bigint;
  /** `new_contract.origin_address`; must equal the owner. Defaults to the owner. */
  readonly originAddress?: HexAddress;
  readonly name?: string;
  readonly abi?: unknown;
}

/** TriggerSmartContract. */
export interface TriggerRequest extends ExecutionRequest {
  readonly contractAddress: HexAddress;
  readonly data: Uint8Array;
  readonly feeLimit: bigint;
}

/**
 * triggerconstantcontract / estimateenergy: a call when `contractAddress` is set, otherwise a
 * simulated deploy of `data` (percent 100, origin_energy_limit 1, java-tron `Wallet`).
 */
export interface ConstantRequest extends ExecutionRequest {
  readonly contractAddress?: HexAddress;
  readonly data: Uint8Array;
  /** Caps the energy at feeLimit / energy fee when positive (estimateEnergy's search sets it). */
  readonly feeLimit?: bigint;
  /**
   * The run's CPU time and pauses (each run of an estimate gets its own); undefined = the VM's
   * `cpuTimeLimitMs`, without pauses.
   */
  readonly budget?: TimeBudget;
}

/** What one execution produced. */
export interface VmExecutionResult {
  /** `contractRet` / `receipt.result`. */
  readonly result: ContractResultCode;
  /** `TransactionInfo.resMessage` (empty on success): 'REVERT opcode executed' or the exception text. */
  readonly resMessage: string;
  /** java-tron exception class when an exception (not REVERT) ended the root frame. */
  readonly exceptionClass: string | undefined;
  /** Energy consumed including the dynamic-energy penalty (`energy_usage_total`, `energy_used`). */
  readonly energyUsed: bigint;
  /** `energy_penalty_total` / `energy_penalty`. */
  readonly energyPenalty: bigint;
  /** `energyUsed − energyPenalty`. */
  readonly baseEnergyUsed: bigint;
  readonly energyLimit: bigint;
  /** Return data or revert data (`contractResult`, `constant_result`); the runtime code for a deploy. */
  readonly returnData: Uint8Array;
  /** Text of `Error(string)` / `Panic(uint256)` revert data. */
  readonly revertReason: string | undefined;
  readonly logs: readonly VmLog[];
  /** Every internal transaction in creation order (filter with `internalTransactionsToSave`). */
  readonly internalTransactions: readonly InternalTransaction[];
  /** Created or called contract (`TransactionInfo.contract_address`). */
  readonly contractAddress: HexAddress;
  /** Contracts that self-destructed; already removed from the world (account, contract, code). */
  readonly deletedContracts: readonly HexAddress[];
}

/** Energy-limit inputs as read before execution (they also drive billing). */
export interface EnergyLimitDetail {
  readonly callerLimit: bigint;
  readonly creatorLimit: bigint;
  readonly callerEnergyLeft: bigint;
  readonly originEnergyLeft: bigint;
  readonly origin: HexAddress | undefined;
  readonly consumeUserResourcePercent: bigint;
  readonly originEnergyLimit: bigint;
}

/** A state-changing transaction: the execution plus who pays for the energy. */
export interface VmTransactionResult extends VmExecutionResult {
  readonly limit: EnergyLimitDetail;
  /** Receipt energy fields; the node charges stake usage and burns `energyFee` from the owner. */
  readonly bill: EnergyBill;
}

/** `ok: false` carries the failed run: REVERT or an exception, OUT_OF_TIME once the retries are spent. */
export type EstimateResult =
  | {
      readonly ok: true;
      readonly energyRequired: bigint;
      readonly energyUsed: bigint;
      readonly execution: VmExecutionResult;
    }
  | { readonly ok: false; readonly execution: VmExecutionResult };
