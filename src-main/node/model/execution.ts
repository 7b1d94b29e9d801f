import type { StateView } from '../state/view';
import type { ContractTypeName } from '../../../src-core/tx/contract-types';
import type { ParsedTransaction } from './tx';
import type { ContractOf } from './parsed-contract';

/** The block a transaction executes in (the next block while it is only pending). */
export interface ExecutionBlock {
  readonly number: number;
  /** ms */
  readonly timestamp: number;
  readonly witnessHex: string;
}

export interface ActuatorContext {
  readonly view: StateView;
  /** latestBlockHeaderTimestamp: create_time of accounts made by this transaction. */
  readonly headTimestamp: number;
  /** validate() runs while a /wallet builder creates the transaction (java-tron isTransactionCreate). */
  readonly building?: boolean;
  /** Set when a transaction is executed (not when a builder only validates). */
  readonly block?: ExecutionBlock;
  /** The transaction being executed (its id and raw fields: fee_limit, the VM's txID). */
  readonly tx?: ParsedTransaction;
}

/**
 * What an execution adds beyond a fee: room for the VM (contract results, energy receipt, logs,
 * internal transactions) without changing the system actuators, which return just their fee.
 */
export interface ActuatorResult {
  /** ret.fee of the transaction (activation, creation, permission update fees). */
  readonly fee: bigint;
  /** Transaction.Result.contractRet (default SUCCESS = 1); the VM reports REVERT, OUT_OF_ENERGY… */
  readonly contractRet?: number;
  /** Burned for energy (receipt.energy_fee); part of the TransactionInfo fee. */
  readonly energyFee?: bigint;
  /**
   * Extra TransactionInfo fields (protobufjs message properties): contractResult, log, internal_transactions, result,
   * resMessage…
   */
  readonly info?: Record<string, unknown>;
  /** Extra ResourceReceipt fields: energy_usage, energy_usage_total, origin_energy_usage, result… */
  readonly receipt?: Record<string, unknown>;
  /** The block timestamp the execution assumed (VM): a block with another one executes it again. */
  readonly blockTimestamp?: number;
}

/**
 * The actuator of contract type `K` (java-tron actuator/…Actuator.java): `validate` throws
 * ContractValidateError with java-tron's text, `execute` applies it and returns the fee it charged
 * (TransactionResult.fee) or a full result. It is only ever given contracts of type `K`, whose
 * `message` is the generated protobuf message of that type (the registry checks).
 */
export interface Actuator<K extends ContractTypeName = ContractTypeName> {
  readonly typeName: K;
  /** Whether this contract creates an account (bandwidth: create-account path). */
  createsAccount(contract: ContractOf<K>, ctx: ActuatorContext): boolean;
  validate(contract: ContractOf<K>, ctx: ActuatorContext): void;
  /**
   * The fee, or a full result (see ActuatorResult). The VM's actuators answer with a promise; they
   * may also throw ContractValidateError from here (java-tron's VMActuator validates while it runs).
   */
  execute(contract: ContractOf<K>, ctx: ActuatorContext): bigint | ActuatorResult | Promise<ActuatorResult>;
}
