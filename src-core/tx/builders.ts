import type { HexAddress } from '../brand';
import { TransactionError } from '../errors';
import { toHexAddress } from '../address/address';
import { bytesToHex, normalizeHex } from '../bytes/hex';
import { utf8ToBytes } from '../bytes/utf8';
import { toJsonInt } from '../json/lossless';
import { typeUrlOf, type ContractTypeName } from './contract-types';
import { transactionFromRawData } from './codec';
import { contractAddressOf } from './contract-address';
import type { TransactionHeader } from './header';
import type { RawDataJson, TransactionJson } from './types';

/**
 * Typed builders for the contract types the wallet creates. Each returns a `ContractSpec`
 * (type + parameter JSON as java-tron accepts it, addresses in hex); `buildTransaction` wraps it
 * with a header into a complete unsigned transaction.
 */
export interface ContractSpec {
  readonly type: ContractTypeName;
  readonly value: Record<string, unknown>;
}

const INT64_MAX = 2n ** 63n - 1n;

function int64(value: bigint, what: string, min = 0n): number | bigint {
  if (typeof value !== 'bigint') throw new TransactionError('TX_BAD_AMOUNT', `The ${what} must be a bigint amount.`);
  if (value < min)
    throw new TransactionError('TX_BAD_AMOUNT', `The ${what} must be at least ${min}.`, {
      what,
      value: value.toString(),
    });
  if (value > INT64_MAX)
    throw new TransactionError('TX_BAD_AMOUNT', `The ${what} does not fit in a 64-bit integer.`, { what });
  return toJsonInt(value);
}

function address(value: string, what: string): HexAddress {
  try {
    return toHexAddress(value);
  } catch (error) {
    throw new TransactionError(
      'TX_BAD_ADDRESS',
      `The ${what} is not a valid TRON address: ${(error as Error).message}`,
      { what },
    );
  }
}

function text(value: string | Uint8Array): string {
  return bytesToHex(typeof value === 'string' ? utf8ToBytes(value) : value);
}

// Builders emit canonical JSON: a proto3 default (here an empty string) is left out, exactly as
// java-tron would print the decoded transaction.
function optionalText(field: string, value: string): Record<string, string> {
  return value.length > 0 ? { [field]: text(value) } : {};
}

export type ResourceName = 'BANDWIDTH' | 'ENERGY' | 'TRON_POWER';

function resource(value: ResourceName | undefined): Record<string, unknown> {
  if (value === undefined || value === 'BANDWIDTH') return {};
  if (value !== 'ENERGY' && value !== 'TRON_POWER')
    throw new TransactionError(
      'TX_BAD_RESOURCE',
      `Unknown resource ${String(value)}; use BANDWIDTH, ENERGY or TRON_POWER.`,
    );
  return { resource: value };
}

// --- TRX and accounts ------------------------------------------------------------------------

export function transferContract(p: { owner: string; to: string; amount: bigint }): ContractSpec {
  return {
    type: 'TransferContract',
    value: {
      owner_address: address(p.owner, 'sender'),
      to_address: address(p.to, 'recipient'),
      amount: int64(p.amount, 'amount', 1n),
    },
  };
}

export function transferAssetContract(p: { owner: string; to: string; tokenId: string; amount: bigint }): ContractSpec {
  if (!/^\d+$/.test(p.tokenId))
    throw new TransactionError('TX_BAD_TOKEN_ID', 'A TRC10 token id is a decimal number such as 1000001.');
  return {
    type: 'TransferAssetContract',
    value: {
      asset_name: text(p.tokenId),
      owner_address: address(p.owner, 'sender'),
      to_address: address(p.to, 'recipient'),
      amount: int64(p.amount, 'amount', 1n),
    },
  };
}

export function participateAssetIssueContract(p: {
  owner: string;
  issuer: string;
  tokenId: string;
  amount: bigint;
}): ContractSpec {
  return {
    type: 'ParticipateAssetIssueContract',
    value: {
      owner_address: address(p.owner, 'buyer'),
      to_address: address(p.issuer, 'issuer'),
      asset_name: text(p.tokenId),
      amount: int64(p.amount, 'amount', 1n),
    },
  };
}

export function accountCreateContract(p: { owner: string; account: string }): ContractSpec {
  return {
    type: 'AccountCreateContract',
    value: { owner_address: address(p.owner, 'creator'), account_address: address(p.account, 'new account') },
  };
}

export function accountUpdateContract(p: { owner: string; name: string }): ContractSpec {
  return {
    type: 'AccountUpdateContract',
    value: { ...optionalText('account_name', p.name), owner_address: address(p.owner, 'account') },
  };
}

export interface PermissionKeyInput {
  readonly address: string;
  readonly weight: bigint | number;
}

export interface PermissionInput {
  readonly type: 'Owner' | 'Witness' | 'Active';
  readonly permission_name: string;
  readonly threshold: bigint | number;
  /** 32-byte operations mask as 64 hex characters (actives only). */
  readonly operations?: string;
  readonly keys: readonly PermissionKeyInput[];
}

function permissionJson(p: PermissionInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // TronWeb omits the owner's type (Owner = 0, the proto3 default); actives and witness carry it.
  if (p.type !== 'Owner') out.type = p.type;
  if (p.permission_name) out.permission_name = p.permission_name;
  out.threshold = int64(BigInt(p.threshold), 'threshold', 1n);
  if (p.operations !== undefined) out.operations = normalizeHex(p.operations, 'operations');
  out.keys = p.keys.map((k, i) => ({
    address: address(k.address, `key ${i + 1}`),
    weight: int64(BigInt(k.weight), `weight of key ${i + 1}`, 1n),
  }));
  return out;
}

/** AccountPermissionUpdate overwrites every permission: always pass the whole structure. */
export function accountPermissionUpdateContract(p: {
  owner: string;
  ownerPermission: PermissionInput;
  witness?: PermissionInput;
  actives: readonly PermissionInput[];
}): ContractSpec {
  const value: Record<string, unknown> = {
    owner_address: address(p.owner, 'account'),
    owner: permissionJson(p.ownerPermission),
  };
  if (p.witness) value.witness = permissionJson(p.witness);
  value.actives = p.actives.map(permissionJson);
  return { type: 'AccountPermissionUpdateContract', value };
}

// --- Stake 2.0, resources, voting --------------------------------------------------------------

export function freezeBalanceV2Contract(p: { owner: string; amount: bigint; resource?: ResourceName }): ContractSpec {
  return {
    type: 'FreezeBalanceV2Contract',
    value: {
      owner_address: address(p.owner, 'account'),
      frozen_balance: int64(p.amount, 'amount to stake', 1n),
      ...resource(p.resource),
    },
  };
}

export function unfreezeBalanceV2Contract(p: { owner: string; amount: bigint; resource?: ResourceName }): ContractSpec {
  return {
    type: 'UnfreezeBalanceV2Contract',
    value: {
      owner_address: address(p.owner, 'account'),
      unfreeze_balance: int64(p.amount, 'amount to unstake', 1n),
      ...resource(p.resource),
    },
  };
}

export function withdrawExpireUnfreezeContract(p: { owner: string }): ContractSpec {
  return { type: 'WithdrawExpireUnfreezeContract', value: { owner_address: address(p.owner, 'account') } };
}

export function cancelAllUnfreezeV2Contract(p: { owner: string }): ContractSpec {
  return { type: 'CancelAllUnfreezeV2Contract', value: { owner_address: address(p.owner, 'account') } };
}

export function delegateResourceContract(p: {
  owner: string;
  receiver: string;
  amount: bigint;
  resource?: ResourceName;
  lock?: boolean;
  lockPeriodBlocks?: bigint;
}): ContractSpec {
  const value: Record<string, unknown> = {
    owner_address: address(p.owner, 'delegator'),
    ...resource(p.resource),
    balance: int64(p.amount, 'amount to delegate', 1n),
    receiver_address: address(p.receiver, 'receiver'),
  };
  if (p.lock) value.lock = true;
  if (p.lockPeriodBlocks !== undefined && p.lockPeriodBlocks !== 0n)
    value.lock_period = int64(p.lockPeriodBlocks, 'lock period', 0n);
  return { type: 'DelegateResourceContract', value };
}

export function unDelegateResourceContract(p: {
  owner: string;
  receiver: string;
  amount: bigint;
  resource?: ResourceName;
}): ContractSpec {
  return {
    type: 'UnDelegateResourceContract',
    value: {
      owner_address: address(p.owner, 'delegator'),
      ...resource(p.resource),
      balance: int64(p.amount, 'amount to reclaim', 1n),
      receiver_address: address(p.receiver, 'receiver'),
    },
  };
}

export function voteWitnessContract(p: {
  owner: string;
  votes: readonly { witness: string; count: bigint }[];
}): ContractSpec {
  return {
    type: 'VoteWitnessContract',
    value: {
      owner_address: address(p.owner, 'voter'),
      votes: p.votes.map((v, i) => ({
        vote_address: address(v.witness, `representative ${i + 1}`),
        vote_count: int64(v.count, `votes for representative ${i + 1}`, 1n),
      })),
    },
  };
}

export function withdrawBalanceContract(p: { owner: string }): ContractSpec {
  return { type: 'WithdrawBalanceContract', value: { owner_address: address(p.owner, 'account') } };
}

export function witnessCreateContract(p: { owner: string; url: string }): ContractSpec {
  return {
    type: 'WitnessCreateContract',
    value: { owner_address: address(p.owner, 'account'), ...optionalText('url', p.url) },
  };
}

export function witnessUpdateContract(p: { owner: string; url: string }): ContractSpec {
  return {
    type: 'WitnessUpdateContract',
    value: { owner_address: address(p.owner, 'account'), ...optionalText('update_url', p.url) },
  };
}

export function updateBrokerageContract(p: { owner: string; brokeragePercent: number }): ContractSpec {
  if (!Number.isInteger(p.brokeragePercent) || p.brokeragePercent < 0 || p.brokeragePercent > 100) {
    throw new TransactionError('TX_BAD_BROKERAGE', 'Brokerage is a whole percentage from 0 to 100.');
  }
  return {
    type: 'UpdateBrokerageContract',
    value: {
      owner_address: address(p.owner, 'account'),
      ...(p.brokeragePercent ? { brokerage: p.brokeragePercent } : {}),
    },
  };
}

// --- TRC10 ------------------------------------------------------------------------------------

export interface AssetIssueInput {
  readonly owner: string;
  readonly name: string;
  readonly abbr: string;
  readonly totalSupply: bigint;
  readonly precision: number;
  /** Price: `trxNum` sun buy `num` token units. */
  readonly trxNum: number;
  readonly num: number;
  readonly startTime: number;
  readonly endTime: number;
  readonly description?: string;
  readonly url: string;
  readonly freeAssetNetLimit?: bigint;
  readonly publicFreeAssetNetLimit?: bigint;
  readonly frozenSupply?: readonly { amount: bigint; days: bigint }[];
}

export function assetIssueContract(p: AssetIssueInput): ContractSpec {
  if (!Number.isInteger(p.precision) || p.precision < 0 || p.precision > 6)
    throw new TransactionError('TX_BAD_PRECISION', 'TRC10 precision is a whole number from 0 to 6.');
  const value: Record<string, unknown> = {
    owner_address: address(p.owner, 'issuer'),
    ...optionalText('name', p.name),
    ...optionalText('abbr', p.abbr),
    total_supply: int64(p.totalSupply, 'total supply', 1n),
  };
  if (p.frozenSupply?.length)
    value.frozen_supply = p.frozenSupply.map((f) => ({
      frozen_amount: int64(f.amount, 'frozen amount', 1n),
      frozen_days: int64(f.days, 'frozen days', 1n),
    }));
  const numbers = {
    trx_num: p.trxNum,
    precision: p.precision,
    num: p.num,
    start_time: p.startTime,
    end_time: p.endTime,
  };
  for (const [field, n] of Object.entries(numbers)) if (n !== 0) value[field] = n;
  if (p.description) value.description = text(p.description);
  Object.assign(value, optionalText('url', p.url));
  if (p.freeAssetNetLimit) value.free_asset_net_limit = int64(p.freeAssetNetLimit, 'free bandwidth per account', 0n);
  if (p.publicFreeAssetNetLimit)
    value.public_free_asset_net_limit = int64(p.publicFreeAssetNetLimit, 'public free bandwidth', 0n);
  return { type: 'AssetIssueContract', value };
}

// --- Smart contracts --------------------------------------------------------------------------

export interface CreateSmartContractInput {
  readonly owner: string;
  /** ABI entries (Solidity or java-tron JSON form) or `{ entrys }`. */
  readonly abi: readonly Record<string, unknown>[] | { entrys: readonly Record<string, unknown>[] };
  /** Bytecode, already followed by the encoded constructor arguments when there are any. */
  readonly bytecode: string;
  readonly name?: string;
  readonly callValue?: bigint;
  /** Share of energy the caller pays, 0..100. */
  readonly consumeUserResourcePercent?: number;
  /** Most energy the deployer pays per call. */
  readonly originEnergyLimit?: bigint;
  readonly tokenValue?: bigint;
  readonly tokenId?: bigint;
}

export function createSmartContract(p: CreateSmartContractInput): ContractSpec {
  const percent = p.consumeUserResourcePercent ?? 100;
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new TransactionError('TX_BAD_PERCENT', 'consume_user_resource_percent must be a whole number from 0 to 100.');
  const originEnergyLimit = p.originEnergyLimit ?? 10_000_000n;
  if (originEnergyLimit <= 0n)
    throw new TransactionError('TX_BAD_ENERGY_LIMIT', 'origin_energy_limit must be greater than 0.');
  if (p.name !== undefined && utf8ToBytes(p.name).length > 32)
    throw new TransactionError('TX_BAD_NAME', 'A contract name is at most 32 bytes.');
  const owner = address(p.owner, 'deployer');
  const entrys = Array.isArray(p.abi) ? p.abi : (p.abi as { entrys: readonly Record<string, unknown>[] }).entrys;
  const newContract: Record<string, unknown> = {
    origin_address: owner,
    abi: { entrys: [...entrys] },
    bytecode: normalizeHex(p.bytecode, 'bytecode'),
  };
  if (p.callValue) newContract.call_value = int64(p.callValue, 'call value', 0n);
  newContract.consume_user_resource_percent = percent;
  if (p.name) newContract.name = p.name;
  newContract.origin_energy_limit = int64(originEnergyLimit, 'origin energy limit', 1n);
  const value: Record<string, unknown> = { owner_address: owner, new_contract: newContract };
  if (p.tokenValue) value.call_token_value = int64(p.tokenValue, 'token value', 0n);
  if (p.tokenId) value.token_id = int64(p.tokenId, 'token id', 0n);
  return { type: 'CreateSmartContract', value };
}

export function triggerSmartContract(p: {
  owner: string;
  contract: string;
  data: string;
  callValue?: bigint;
  tokenValue?: bigint;
  tokenId?: bigint;
}): ContractSpec {
  const value: Record<string, unknown> = {
    owner_address: address(p.owner, 'caller'),
    contract_address: address(p.contract, 'contract'),
  };
  if (p.callValue) value.call_value = int64(p.callValue, 'call value', 0n);
  const data = normalizeHex(p.data, 'call data');
  if (data) value.data = data;
  if (p.tokenValue) value.call_token_value = int64(p.tokenValue, 'token value', 0n);
  if (p.tokenId) value.token_id = int64(p.tokenId, 'token id', 0n);
  return { type: 'TriggerSmartContract', value };
}

export function updateSettingContract(p: {
  owner: string;
  contract: string;
  consumeUserResourcePercent: number;
}): ContractSpec {
  const percent = p.consumeUserResourcePercent;
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new TransactionError('TX_BAD_PERCENT', 'consume_user_resource_percent must be a whole number from 0 to 100.');
  return {
    type: 'UpdateSettingContract',
    value: {
      owner_address: address(p.owner, 'contract owner'),
      contract_address: address(p.contract, 'contract'),
      ...(percent ? { consume_user_resource_percent: percent } : {}),
    },
  };
}

export function updateEnergyLimitContract(p: {
  owner: string;
  contract: string;
  originEnergyLimit: bigint;
}): ContractSpec {
  return {
    type: 'UpdateEnergyLimitContract',
    value: {
      owner_address: address(p.owner, 'contract owner'),
      contract_address: address(p.contract, 'contract'),
      origin_energy_limit: int64(p.originEnergyLimit, 'origin energy limit', 1n),
    },
  };
}

export function clearAbiContract(p: { owner: string; contract: string }): ContractSpec {
  return {
    type: 'ClearABIContract',
    value: { owner_address: address(p.owner, 'contract owner'), contract_address: address(p.contract, 'contract') },
  };
}

// --- The transaction --------------------------------------------------------------------------

/** The most a fee_limit may be on mainnet today (getMaxFeeLimit, 15,000 TRX). */
export const DEFAULT_MAX_FEE_LIMIT = 15_000_000_000n;

export interface BuildOptions {
  readonly header: TransactionHeader;
  /** Only meaningful for CreateSmartContract and TriggerSmartContract. */
  readonly feeLimit?: bigint;
  readonly maxFeeLimit?: bigint;
  /** raw_data.data: costs an extra memo fee on chain. */
  readonly memo?: string | Uint8Array;
  /** Which permission signs: 0 owner (default), 2+ actives. 1 (witness) cannot sign transactions. */
  readonly permissionId?: number;
}

export function assertPermissionId(id: number): void {
  if (!Number.isInteger(id) || id < 0)
    throw new TransactionError(
      'TX_BAD_PERMISSION_ID',
      'Permission_id must be a whole number: 0 for owner, 2 or more for active permissions.',
    );
  if (id === 1)
    throw new TransactionError(
      'TX_WITNESS_PERMISSION',
      'Permission_id 1 is the witness permission, which only signs blocks; choose the owner (0) or an active ' +
        'permission (2+).',
    );
}

export function buildTransaction(spec: ContractSpec, options: BuildOptions): TransactionJson {
  const contract: Record<string, unknown> = {
    parameter: { value: spec.value, type_url: typeUrlOf(spec.type) },
    type: spec.type,
  };
  if (options.permissionId !== undefined) {
    assertPermissionId(options.permissionId);
    if (options.permissionId > 0) contract.Permission_id = options.permissionId;
  }
  const raw: Record<string, unknown> = { contract: [contract], ...options.header };
  if (
    options.memo !== undefined &&
    (typeof options.memo === 'string' ? options.memo.length > 0 : options.memo.length > 0)
  )
    raw.data = text(options.memo);
  if (options.feeLimit !== undefined && options.feeLimit !== 0n) {
    const max = options.maxFeeLimit ?? DEFAULT_MAX_FEE_LIMIT;
    if (options.feeLimit < 0n || options.feeLimit > max) {
      throw new TransactionError(
        'TX_BAD_FEE_LIMIT',
        `fee_limit must be between 0 and ${max} sun (${max / 1_000_000n} TRX).`,
        { max: max.toString() },
      );
    }
    raw.fee_limit = toJsonInt(options.feeLimit);
  }
  const tx = transactionFromRawData(raw as unknown as RawDataJson);
  if (spec.type === 'CreateSmartContract')
    tx.contract_address = contractAddressOf(tx.txID, spec.value.owner_address as string);
  return tx;
}
