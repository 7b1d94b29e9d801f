import type { Hex, HexAddress, TxId } from '../brand';
import type { ReferenceBlock } from '../tx/header';
import type { TransactionJson, UnsignedTransactionJson } from '../tx/types';

/**
 * Request and response types of the node client. Field names are java-tron's (its
 * servlets' JSON). In requests, addresses may be given in either form (they are sent as `41…` hex with
 * visible=false), amounts in sun and other int64 values are `bigint`, and name-like `bytes` fields
 * (memo, account name, witness URL, token name) are given as text and sent as hex of their UTF-8.
 * Responses fill in the defaults java-tron leaves out (absent = 0 / 0n / "" / false / []).
 */

export const ResourceCode = {
  BANDWIDTH: 'BANDWIDTH',
  ENERGY: 'ENERGY',
  TRON_POWER: 'TRON_POWER',
} as const;
export type ResourceCode = (typeof ResourceCode)[keyof typeof ResourceCode];

/** Which of the node's two views a read goes to. `solidity` = `/walletsolidity/*` (confirmed data only). */
export interface ReadOptions {
  solidity?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Builder requests

export interface BuilderOptions {
  /** Permission that will sign; copied into `contract[0].Permission_id` when greater than 0. */
  Permission_id?: number;
}

export interface CreateTransactionRequest extends BuilderOptions {
  owner_address: string;
  to_address: string;
  amount: bigint;
  /** Memo text (sent as hex in `extra_data`, lands in `raw_data.data`). */
  extra_data?: string;
}

export interface FreezeBalanceV2Request extends BuilderOptions {
  owner_address: string;
  frozen_balance: bigint;
  /** java-tron's default is BANDWIDTH. */
  resource?: ResourceCode;
}

export interface UnfreezeBalanceV2Request extends BuilderOptions {
  owner_address: string;
  unfreeze_balance: bigint;
  resource?: ResourceCode;
}

export interface DelegateResourceRequest extends BuilderOptions {
  owner_address: string;
  receiver_address: string;
  balance: bigint;
  resource?: 'BANDWIDTH' | 'ENERGY';
  lock?: boolean;
  /** In blocks (3 s each); only meaningful with `lock`. */
  lock_period?: bigint;
}

export interface UnDelegateResourceRequest extends BuilderOptions {
  owner_address: string;
  receiver_address: string;
  balance: bigint;
  resource?: 'BANDWIDTH' | 'ENERGY';
}

/** withdrawexpireunfreeze, cancelallunfreezev2, withdrawbalance. */
export interface OwnerRequest extends BuilderOptions {
  owner_address: string;
}

export interface VoteWitnessAccountRequest extends BuilderOptions {
  owner_address: string;
  votes: ReadonlyArray<{ vote_address: string; vote_count: bigint }>;
}

export interface CreateWitnessRequest extends BuilderOptions {
  owner_address: string;
  /** Text. */
  url: string;
}

export interface UpdateAccountRequest extends BuilderOptions {
  owner_address: string;
  /** Text. */
  account_name: string;
}

export type PermissionTypeName = 'Owner' | 'Witness' | 'Active';

export interface PermissionRequest {
  /** Omit for the owner permission (its default type). */
  type?: PermissionTypeName;
  id?: number;
  permission_name?: string;
  threshold: bigint;
  /** 32 bytes as 64 hex digits; only for Active permissions. */
  operations?: string;
  keys: ReadonlyArray<{ address: string; weight: bigint }>;
}

export interface AccountPermissionUpdateRequest extends BuilderOptions {
  owner_address: string;
  owner: PermissionRequest;
  /** Only for a super representative's account. */
  witness?: PermissionRequest;
  actives: readonly PermissionRequest[];
}

export interface UpdateSettingRequest extends BuilderOptions {
  owner_address: string;
  contract_address: string;
  /** 0..100 */
  consume_user_resource_percent: number;
}

export interface UpdateEnergyLimitRequest extends BuilderOptions {
  owner_address: string;
  contract_address: string;
  origin_energy_limit: bigint;
}

export interface ClearAbiRequest extends BuilderOptions {
  owner_address: string;
  contract_address: string;
}

/** One ABI entry as java-tron stores it (`abi.entrys[]`); other keys pass through untouched. */
export interface AbiEntryJson {
  type?: string;
  name?: string;
  inputs?: ReadonlyArray<{ name?: string; type: string; indexed?: boolean }>;
  outputs?: ReadonlyArray<{ name?: string; type: string }>;
  stateMutability?: string;
  constant?: boolean;
  payable?: boolean;
  anonymous?: boolean;
  [key: string]: unknown;
}

export interface DeployContractRequest extends BuilderOptions {
  owner_address: string;
  /** Hex. */
  bytecode: string;
  /** Hex of the ABI-encoded constructor arguments; java-tron appends it to the bytecode. */
  parameter?: string;
  /** The ABI entries (or that array as JSON text). */
  abi?: readonly AbiEntryJson[] | string;
  name?: string;
  fee_limit?: bigint;
  call_value?: bigint;
  consume_user_resource_percent?: number;
  origin_energy_limit?: bigint;
  call_token_value?: bigint;
  token_id?: bigint;
}

export interface TriggerSmartContractRequest extends BuilderOptions {
  owner_address: string;
  contract_address: string;
  /** `name(type1,type2)`; the node prepends its selector to `parameter`. Or give the full `data`. */
  function_selector?: string;
  /** Hex of the ABI-encoded arguments, without selector. */
  parameter?: string;
  /** Hex of selector ‖ arguments, instead of function_selector + parameter. */
  data?: string;
  fee_limit?: bigint;
  call_value?: bigint;
  call_token_value?: bigint;
  token_id?: bigint;
}

/**
 * A constant call or an estimate. Without `contract_address` the node simulates deploying `data`
 * (bytecode ‖ constructor arguments). `owner_address` is required (java-tron refuses ""); an
 * anonymous view call can name the zero address 410000…0000.
 */
export interface ConstantContractRequest {
  owner_address: string;
  contract_address?: string;
  function_selector?: string;
  parameter?: string;
  data?: string;
  call_value?: bigint;
  call_token_value?: bigint;
  token_id?: bigint;
}

export interface CreateAssetIssueRequest extends BuilderOptions {
  owner_address: string;
  /** Text. */
  name: string;
  /** Text. */
  abbr?: string;
  total_supply: bigint;
  trx_num: number;
  num: number;
  precision?: number;
  /** ms */
  start_time: number;
  /** ms */
  end_time: number;
  /** Text. */
  description?: string;
  /** Text. */
  url: string;
  free_asset_net_limit?: bigint;
  public_free_asset_net_limit?: bigint;
  frozen_supply?: ReadonlyArray<{ frozen_amount: bigint; frozen_days: bigint }>;
}

export interface TransferAssetRequest extends BuilderOptions {
  owner_address: string;
  to_address: string;
  /** The TRC-10 token id as text, e.g. "1000001". */
  asset_name: string;
  amount: bigint;
  /** Memo text. */
  extra_data?: string;
}

export interface ParticipateAssetIssueRequest extends BuilderOptions {
  owner_address: string;
  /** The issuer. */
  to_address: string;
  /** The TRC-10 token id as text. */
  asset_name: string;
  /** In sun (TRX paid). */
  amount: bigint;
}

// ---------------------------------------------------------------------------------------------
// Builder and broadcast responses

/** CreateSmartContract transactions carry the new contract's address (always hex). */
export interface DeployTransactionJson extends UnsignedTransactionJson {
  contract_address: string;
}

export interface TriggerResult {
  transaction: UnsignedTransactionJson;
  /** Present when the ABI marks the function view/pure: the node ran it. */
  constant_result: Hex[];
  energy_used: number;
}

export interface ConstantCallResult {
  /** Return data (or revert data) of the call, one hex string per call. */
  constant_result: Hex[];
  energy_used: number;
  /** Extra energy from the dynamic energy model; base energy = energy_used − energy_penalty. */
  energy_penalty: number;
  /** The VM hit REVERT; `constant_result[0]` holds the revert data. */
  reverted: boolean;
  /** `result.message` as text (e.g. "REVERT opcode executed"), or "". */
  message: string;
  /** The simulated transaction; never sign or broadcast it. */
  transaction: TransactionJson | undefined;
  logs: JsonObjectList;
  internal_transactions: InternalTransaction[];
}

type JsonObjectList = Array<Record<string, unknown>>;

export interface EnergyEstimate {
  /** Which endpoint produced the figures. */
  method: 'estimateenergy' | 'triggerconstantcontract';
  /** Energy to budget for: estimateenergy's energy_required, or the constant call's energy_used. */
  energy_required: number;
  /** energy_used − energy_penalty; only a constant call reports it. */
  base_energy: number | undefined;
  /** Dynamic-energy-model surcharge; only a constant call reports it. */
  energy_penalty: number | undefined;
}

export interface BroadcastResult {
  txid: TxId;
}

export interface BroadcastHexResult {
  txid: TxId;
  /** The node's echo of the transaction (java-tron prints it as a JSON string with visible=true). */
  transaction: Record<string, unknown> | undefined;
}

// ---------------------------------------------------------------------------------------------
// Reads

export interface PermissionKey {
  address: HexAddress;
  weight: bigint;
}

export interface Permission {
  type: PermissionTypeName;
  id: number;
  permission_name: string;
  threshold: bigint;
  parent_id: number;
  /** 64 hex digits for Active permissions, "" otherwise. */
  operations: string;
  keys: PermissionKey[];
}

export interface FrozenV2 {
  type: ResourceCode;
  amount: bigint;
}

export interface UnfrozenV2 {
  type: ResourceCode;
  unfreeze_amount: bigint;
  /** ms */
  unfreeze_expire_time: number;
}

export interface AccountVote {
  vote_address: HexAddress;
  vote_count: bigint;
}

export interface AccountEnergyResource {
  energy_usage: number;
  latest_consume_time_for_energy: number;
  energy_window_size: number;
  energy_window_optimized: boolean;
  delegated_frozenV2_balance_for_energy: bigint;
  acquired_delegated_frozenV2_balance_for_energy: bigint;
}

export interface Account {
  address: HexAddress;
  balance: bigint;
  type: 'Normal' | 'AssetIssue' | 'Contract';
  /** Decoded to text. */
  account_name: string;
  create_time: number;
  latest_opration_time: number;
  net_usage: number;
  free_net_usage: number;
  latest_consume_time: number;
  latest_consume_free_time: number;
  net_window_size: number;
  net_window_optimized: boolean;
  /** Unclaimed voting reward already credited to the account (sun). */
  allowance: bigint;
  latest_withdraw_time: number;
  is_witness: boolean;
  /** java-tron's implicit default (the address itself, weight 1, threshold 1) when the node sent none. */
  owner_permission: Permission;
  witness_permission: Permission | undefined;
  active_permission: Permission[];
  frozenV2: FrozenV2[];
  unfrozenV2: UnfrozenV2[];
  delegated_frozenV2_balance_for_bandwidth: bigint;
  acquired_delegated_frozenV2_balance_for_bandwidth: bigint;
  account_resource: AccountEnergyResource;
  votes: AccountVote[];
  assetV2: Array<{ key: string; value: bigint }>;
  asset_issued_ID: string;
  /** The node's JSON, for fields not listed here. */
  raw: Record<string, unknown>;
}

/** getaccountresource (Wallet.getAccountResource); getaccountnet returns the bandwidth half. */
export interface AccountResource {
  freeNetUsed: number;
  freeNetLimit: number;
  NetUsed: number;
  NetLimit: number;
  TotalNetLimit: number;
  TotalNetWeight: number;
  TotalTronPowerWeight: number;
  tronPowerUsed: number;
  /** Whole TRX, not sun (Wallet.getAccountResource). */
  tronPowerLimit: number;
  EnergyUsed: number;
  EnergyLimit: number;
  TotalEnergyLimit: number;
  TotalEnergyWeight: number;
  assetNetUsed: Array<{ key: string; value: number }>;
  assetNetLimit: Array<{ key: string; value: number }>;
}

export type AccountNet = Pick<
  AccountResource,
  | 'freeNetUsed'
  | 'freeNetLimit'
  | 'NetUsed'
  | 'NetLimit'
  | 'TotalNetLimit'
  | 'TotalNetWeight'
  | 'assetNetUsed'
  | 'assetNetLimit'
>;

export interface Receipt {
  energy_usage: number;
  energy_fee: bigint;
  origin_energy_usage: number;
  energy_usage_total: number;
  net_usage: number;
  net_fee: bigint;
  energy_penalty_total: number;
  /** Contract execution result: SUCCESS, REVERT, OUT_OF_ENERGY, …; "DEFAULT" when absent (system contracts). */
  result: string;
}

export interface LogEntry {
  /** 20-byte contract address as hex, without the 41 prefix (as java-tron prints it). */
  address: string;
  topics: string[];
  data: string;
}

export interface InternalTransaction {
  hash: string;
  caller_address: HexAddress;
  transferTo_address: HexAddress | undefined;
  callValueInfo: Array<{ callValue: bigint; tokenId: string }>;
  /** Decoded: call, create, suicide, freezeBalanceV2ForEnergy, voteWitness, … */
  note: string;
  rejected: boolean;
  extra: string;
}

export interface TransactionInfo {
  id: TxId;
  fee: bigint;
  blockNumber: number;
  blockTimeStamp: number;
  contractResult: string[];
  contract_address: HexAddress | undefined;
  receipt: Receipt;
  log: LogEntry[];
  /** java-tron's spelling; "SUCESS" when absent. */
  result: 'SUCESS' | 'FAILED';
  /** Decoded to text. */
  resMessage: string;
  internal_transactions: InternalTransaction[];
  withdraw_amount: bigint;
  unfreeze_amount: bigint;
  withdraw_expire_amount: bigint;
  raw: Record<string, unknown>;
}

export interface SignWeight {
  result: {
    code: 'ENOUGH_PERMISSION' | 'NOT_ENOUGH_PERMISSION';
    message: string;
  };
  permission: Permission | undefined;
  approved_list: HexAddress[];
  current_weight: bigint;
  /** The node's re-encoding of the posted transaction (with Permission_id applied). */
  transaction: { txid: string; transaction: TransactionJson | undefined };
}

export interface ApprovedList {
  approved_list: HexAddress[];
  transaction: { txid: string; transaction: TransactionJson | undefined };
}

export interface BlockHeaderRaw {
  number: number;
  timestamp: number;
  txTrieRoot: string;
  parentHash: string;
  witness_address: HexAddress | undefined;
  version: number;
}

export interface Block {
  blockID: string;
  block_header: { raw_data: BlockHeaderRaw; witness_signature: string };
  transactions: TransactionJson[];
}

/**
 * What a transaction builder needs from a block: the TAPOS reference (a `ReferenceBlock` for
 * tx/header.ts `transactionHeader`) and the head time that expiration counts from.
 */
export interface BlockRef extends ReferenceBlock {
  readonly number: number;
  /** blockID, 64 hex digits. */
  readonly blockId: string;
  /** ms */
  readonly timestamp: number;
}

export interface SmartContract {
  origin_address: HexAddress | undefined;
  contract_address: HexAddress | undefined;
  abi: { entrys: AbiEntryJson[] };
  bytecode: string;
  call_value: bigint;
  consume_user_resource_percent: number;
  name: string;
  origin_energy_limit: number;
  code_hash: string;
  trx_hash: string;
  version: number;
}

export interface ContractInfo {
  smart_contract: SmartContract;
  runtimecode: string;
  contract_state: { energy_usage: number; energy_factor: number; update_cycle: number };
}

export interface Witness {
  address: HexAddress;
  voteCount: bigint;
  url: string;
  totalProduced: number;
  totalMissed: number;
  latestBlockNum: number;
  latestSlotNum: number;
  isJobs: boolean;
}

export interface NodeInfo {
  beginSyncNum: number;
  /** Parsed from "Num:<n>,ID:<hex>". */
  block: { number: number; id: string };
  solidityBlock: { number: number; id: string };
  currentConnectCount: number;
  activeConnectCount: number;
  passiveConnectCount: number;
  configNodeInfo: {
    codeVersion: string;
    versionNum: string;
    p2pVersion: string;
    supportConstant: boolean;
    allowCreationOfContracts: number;
    allowAdaptiveEnergy: number;
  };
  raw: Record<string, unknown>;
}

export interface AddressValidation {
  result: boolean;
  message: string;
}

export interface DelegatedResource {
  from: HexAddress;
  to: HexAddress;
  frozen_balance_for_bandwidth: bigint;
  frozen_balance_for_energy: bigint;
  expire_time_for_bandwidth: number;
  expire_time_for_energy: number;
}

export interface DelegatedResourceAccountIndex {
  account: HexAddress;
  fromAccounts: HexAddress[];
  toAccounts: HexAddress[];
}

export interface AssetIssue {
  id: string;
  owner_address: HexAddress | undefined;
  /** Decoded to text. */
  name: string;
  abbr: string;
  total_supply: bigint;
  precision: number;
  trx_num: number;
  num: number;
  start_time: number;
  end_time: number;
  description: string;
  url: string;
  free_asset_net_limit: bigint;
  public_free_asset_net_limit: bigint;
  frozen_supply: Array<{ frozen_amount: bigint; frozen_days: bigint }>;
}

/** One step of getenergyprices / getbandwidthprices ("since:price,…"). */
export interface PriceStep {
  /** ms; 0 for the genesis price. */
  since: number;
  /** sun per unit */
  price: bigint;
}

export type ChainParameters = Readonly<Record<string, bigint>>;
