import { protocol, bigintToLong, longToBigint } from '../../../src-core/proto/runtime';
import { bytesToHex } from '../../../src-core/bytes/hex';

/**
 * The node's in-memory account. Hot fields are plain bigints and numbers; the record converts
 * to and from the protobuf `Account` (Tron.proto) for storage and JSON. Fields the
 * node does not model (Stake 1.0, contracts) are kept in `rest` untouched, so a stored account
 * loses nothing on a round trip.
 *
 * Records are copied shallowly per transaction (`cloneAccount`): list and map fields are never
 * mutated in place, only replaced.
 */
export interface KeyRecord {
  readonly address: Uint8Array;
  readonly addressHex: string;
  readonly weight: bigint;
}

export const PERMISSION_TYPE = { Owner: 0, Witness: 1, Active: 2 } as const;

export interface PermissionRecord {
  readonly type: number;
  readonly id: number;
  readonly name: string;
  readonly threshold: bigint;
  readonly parentId: number;
  readonly operations: Uint8Array;
  readonly keys: readonly KeyRecord[];
}

export interface AccountRecord {
  address: Uint8Array;
  addressHex: string;
  type: number;
  accountName: Uint8Array;
  balance: bigint;
  /** ms */
  createTime: number;
  /** ms */
  latestOprationTime: number;
  /** Staked bandwidth usage and its last slot. */
  netUsage: bigint;
  latestConsumeTime: number;
  /** Free (daily) bandwidth usage and its last slot. */
  freeNetUsage: bigint;
  latestConsumeFreeTime: number;
  /** Block rewards not yet withdrawn (sun). */
  allowance: bigint;
  isWitness: boolean;
  ownerPermission?: PermissionRecord;
  witnessPermission?: PermissionRecord;
  activePermissions: readonly PermissionRecord[];
  /** Stake 2.0 amounts per resource code (one entry per code, own stake not delegated out). */
  frozenV2: readonly { type: number; amount: bigint }[];
  /** Pending unfreezes (Stake 2.0): amount returns to the balance at `expireTime` (ms). */
  unfrozenV2: readonly UnfreezeRecord[];
  /** Stake 2.0 delegation, in sun: given to others (`delegated…`) and received (`acquired…`). */
  delegatedFrozenV2Bandwidth: bigint;
  acquiredDelegatedFrozenV2Bandwidth: bigint;
  delegatedFrozenV2Energy: bigint;
  acquiredDelegatedFrozenV2Energy: bigint;
  /** Recovery windows (net_window_size / energy_window_size and their *_optimized flags). */
  netWindowSize: bigint;
  netWindowOptimized: boolean;
  energyWindowSize: bigint;
  energyWindowOptimized: boolean;
  /** Staked energy usage and its last slot (account_resource). */
  energyUsage: bigint;
  latestConsumeTimeForEnergy: number;
  /** account_resource fields not modelled here (Stake 1.0, storage). */
  accountResourceRest: Record<string, unknown>;
  votes: readonly VoteRecord[];
  /** ms of the last WithdrawBalance. */
  latestWithdrawTime: number;
  /** 0 = not initialised, -1 = invalid, else the TRON power frozen when the new resource model began. */
  oldTronPower: bigint;
  /** TRC-10 balances by token id (assetV2), in the token's smallest unit. */
  assetV2: ReadonlyMap<string, bigint>;
  /** Id and name of the token this account issued (empty when none). */
  assetIssuedId: Uint8Array;
  assetIssuedName: Uint8Array;
  /** Free TRC-10 bandwidth used per token id, and its last slot. */
  freeAssetNetUsageV2: ReadonlyMap<string, bigint>;
  latestAssetOperationTimeV2: ReadonlyMap<string, number>;
  /** Issued supply frozen by the issuer (AssetIssueContract.frozen_supply). */
  frozenSupply: readonly { amount: bigint; expireTime: number }[];
  /** Every other protobuf field, as decoded. */
  rest: Record<string, unknown>;
}

export interface UnfreezeRecord {
  readonly type: number;
  readonly amount: bigint;
  /** ms */
  readonly expireTime: number;
}

export interface VoteRecord {
  readonly address: Uint8Array;
  readonly addressHex: string;
  readonly count: bigint;
}

export const RESOURCE = { Bandwidth: 0, Energy: 1, TronPower: 2 } as const;

export function voteRecord(address: Uint8Array, count: bigint): VoteRecord {
  return { address, addressHex: bytesToHex(address), count };
}

export function cloneAccount(a: AccountRecord): AccountRecord {
  return { ...a };
}

export function keyRecord(address: Uint8Array, weight: bigint): KeyRecord {
  return { address, addressHex: bytesToHex(address), weight };
}

/** java-tron AccountCapsule.getDefaultPermission: the account itself, weight 1, threshold 1. */
export function defaultOwnerPermission(address: Uint8Array): PermissionRecord {
  return {
    type: PERMISSION_TYPE.Owner,
    id: 0,
    name: 'owner',
    threshold: 1n,
    parentId: 0,
    operations: new Uint8Array(),
    keys: [keyRecord(address, 1n)],
  };
}

export function defaultActivePermission(address: Uint8Array, operations: Uint8Array): PermissionRecord {
  return {
    type: PERMISSION_TYPE.Active,
    id: 2,
    name: 'active',
    threshold: 1n,
    parentId: 0,
    operations,
    keys: [keyRecord(address, 1n)],
  };
}

export function defaultWitnessPermission(address: Uint8Array): PermissionRecord {
  return {
    type: PERMISSION_TYPE.Witness,
    id: 1,
    name: 'witness',
    threshold: 1n,
    parentId: 0,
    operations: new Uint8Array(),
    keys: [keyRecord(address, 1n)],
  };
}

export interface NewAccountOptions {
  readonly createTime: number;
  readonly activeOperations: Uint8Array;
  readonly type?: number;
}

/** A new account as java-tron creates it with ALLOW_MULTI_SIGN on: default owner and active permissions. */
export function newAccount(address: Uint8Array, options: NewAccountOptions): AccountRecord {
  return {
    address,
    addressHex: bytesToHex(address),
    type: options.type ?? 0,
    accountName: new Uint8Array(),
    balance: 0n,
    createTime: options.createTime,
    latestOprationTime: 0,
    netUsage: 0n,
    latestConsumeTime: 0,
    freeNetUsage: 0n,
    latestConsumeFreeTime: 0,
    allowance: 0n,
    isWitness: false,
    ownerPermission: defaultOwnerPermission(address),
    activePermissions: [defaultActivePermission(address, options.activeOperations)],
    frozenV2: [],
    ...emptyStakeFields(),
    rest: {},
  };
}

/** Fresh values for the fields a new account starts without (maps are per account, never shared). */
function emptyStakeFields() {
  return {
    unfrozenV2: [],
    delegatedFrozenV2Bandwidth: 0n,
    acquiredDelegatedFrozenV2Bandwidth: 0n,
    delegatedFrozenV2Energy: 0n,
    acquiredDelegatedFrozenV2Energy: 0n,
    netWindowSize: 0n,
    netWindowOptimized: false,
    energyWindowSize: 0n,
    energyWindowOptimized: false,
    energyUsage: 0n,
    latestConsumeTimeForEnergy: 0,
    accountResourceRest: {},
    votes: [],
    latestWithdrawTime: 0,
    oldTronPower: 0n,
    assetV2: new Map<string, bigint>(),
    assetIssuedId: new Uint8Array(),
    assetIssuedName: new Uint8Array(),
    freeAssetNetUsageV2: new Map<string, bigint>(),
    latestAssetOperationTimeV2: new Map<string, number>(),
    frozenSupply: [],
  } satisfies Partial<AccountRecord>;
}

/** Stake 2.0 amount of one resource (own stake, delegated-out excluded). */
export function frozenV2Of(account: AccountRecord, type: number): bigint {
  let total = 0n;
  for (const f of account.frozenV2) if (f.type === type) total += f.amount;
  return total;
}

/** Adds `delta` to the frozenV2 entry of `type` (java-tron keeps one entry per type, even at 0). */
export function addFrozenV2(account: AccountRecord, type: number, delta: bigint): void {
  const index = account.frozenV2.findIndex((f) => f.type === type);
  if (index < 0) {
    account.frozenV2 = [...account.frozenV2, { type, amount: delta }];
    return;
  }
  const next = [...account.frozenV2];
  next[index] = { type, amount: next[index]!.amount + delta };
  account.frozenV2 = next;
}

/** java-tron AccountCapsule.getPermissionById. */
export function permissionById(account: AccountRecord, id: number): PermissionRecord | undefined {
  if (id === 0) return account.ownerPermission ?? defaultOwnerPermission(account.address);
  if (id === 1) return account.witnessPermission;
  return account.activePermissions.find((p) => p.id === id);
}

// --- protobuf ---------------------------------------------------------------------------------

type Msg = Record<string, unknown>;

export function permissionToMessage(p: PermissionRecord): Msg {
  // protobufjs writes any field that is set, even a proto3 default: set only non-defaults so the
  // bytes match java-tron's canonical encoding.
  const out: Msg = {
    keys: p.keys.map((k) =>
      k.weight ? { address: k.address, weight: bigintToLong(k.weight) } : { address: k.address },
    ),
  };
  if (p.type) out.type = p.type;
  if (p.id) out.id = p.id;
  if (p.name) out.permission_name = p.name;
  if (p.threshold) out.threshold = bigintToLong(p.threshold);
  if (p.parentId) out.parent_id = p.parentId;
  if (p.operations.length > 0) out.operations = p.operations;
  return out;
}

export function permissionFromMessage(m: protocol.Permission.$Properties): PermissionRecord {
  const keys = (m.keys ?? []).map((k) => keyRecord(k.address ?? new Uint8Array(), longToBigint(k.weight)));
  return {
    type: m.type ?? 0,
    id: m.id ?? 0,
    name: m.permission_name ?? '',
    threshold: longToBigint(m.threshold),
    parentId: m.parent_id ?? 0,
    operations: m.operations ?? new Uint8Array(),
    keys,
  };
}

const MODELLED = new Set([
  'account_name',
  'type',
  'address',
  'balance',
  'create_time',
  'latest_opration_time',
  'net_usage',
  'latest_consume_time',
  'free_net_usage',
  'latest_consume_free_time',
  'allowance',
  'is_witness',
  'owner_permission',
  'witness_permission',
  'active_permission',
  'frozenV2',
  'unfrozenV2',
  'delegated_frozenV2_balance_for_bandwidth',
  'acquired_delegated_frozenV2_balance_for_bandwidth',
  'net_window_size',
  'net_window_optimized',
  'account_resource',
  'votes',
  'latest_withdraw_time',
  'old_tron_power',
  'assetV2',
  'asset_issued_ID',
  'asset_issued_name',
  'free_asset_net_usageV2',
  'latest_asset_operation_timeV2',
  'frozen_supply',
]);

const RESOURCE_MODELLED = new Set([
  'energy_usage',
  'latest_consume_time_for_energy',
  'energy_window_size',
  'energy_window_optimized',
  'delegated_frozenV2_balance_for_energy',
  'acquired_delegated_frozenV2_balance_for_energy',
]);

const long = (n: bigint | number): unknown => bigintToLong(BigInt(n));

function mapToMessage<V extends bigint | number>(map: ReadonlyMap<string, V>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of map) out[k] = long(v);
  return out;
}

function mapFromMessage(value: unknown): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const [k, v] of Object.entries((value as Record<string, unknown> | undefined) ?? {}))
    out.set(k, longToBigint(v as never));
  return out;
}

/** The protobufjs message object of `protocol.Account`. */
export function accountToMessage(a: AccountRecord): Msg {
  // Object.assign, not spread: in V8 a spread copy of `rest` (usually empty) gets a hidden class of
  // its own as fields are added, which outlives the message until the next full collection, so
  // serving accounts had every scavenge copy and promote megabytes of them.
  const m: Msg = Object.assign({}, a.rest);
  if (a.accountName.length) m.account_name = a.accountName;
  if (a.type) m.type = a.type;
  m.address = a.address;
  if (a.balance) m.balance = bigintToLong(a.balance);
  if (a.createTime) m.create_time = bigintToLong(BigInt(a.createTime));
  if (a.latestOprationTime) m.latest_opration_time = bigintToLong(BigInt(a.latestOprationTime));
  if (a.netUsage) m.net_usage = bigintToLong(a.netUsage);
  if (a.latestConsumeTime) m.latest_consume_time = bigintToLong(BigInt(a.latestConsumeTime));
  if (a.freeNetUsage) m.free_net_usage = bigintToLong(a.freeNetUsage);
  if (a.latestConsumeFreeTime) m.latest_consume_free_time = bigintToLong(BigInt(a.latestConsumeFreeTime));
  if (a.allowance) m.allowance = bigintToLong(a.allowance);
  if (a.isWitness) m.is_witness = true;
  if (a.ownerPermission) m.owner_permission = permissionToMessage(a.ownerPermission);
  if (a.witnessPermission) m.witness_permission = permissionToMessage(a.witnessPermission);
  if (a.activePermissions.length) m.active_permission = a.activePermissions.map(permissionToMessage);
  if (a.frozenV2.length)
    m.frozenV2 = a.frozenV2.map((f) =>
      f.type ? { type: f.type, amount: bigintToLong(f.amount) } : { amount: bigintToLong(f.amount) },
    );
  if (a.unfrozenV2.length) {
    m.unfrozenV2 = a.unfrozenV2.map((u) => {
      const entry: Msg = { unfreeze_amount: long(u.amount), unfreeze_expire_time: long(u.expireTime) };
      if (u.type) entry.type = u.type;
      return entry;
    });
  }
  if (a.delegatedFrozenV2Bandwidth) m.delegated_frozenV2_balance_for_bandwidth = long(a.delegatedFrozenV2Bandwidth);
  if (a.acquiredDelegatedFrozenV2Bandwidth)
    m.acquired_delegated_frozenV2_balance_for_bandwidth = long(a.acquiredDelegatedFrozenV2Bandwidth);
  if (a.netWindowSize) m.net_window_size = long(a.netWindowSize);
  if (a.netWindowOptimized) m.net_window_optimized = true;
  const resource: Msg = Object.assign({}, a.accountResourceRest);
  if (a.energyUsage) resource.energy_usage = long(a.energyUsage);
  if (a.latestConsumeTimeForEnergy) resource.latest_consume_time_for_energy = long(a.latestConsumeTimeForEnergy);
  if (a.energyWindowSize) resource.energy_window_size = long(a.energyWindowSize);
  if (a.energyWindowOptimized) resource.energy_window_optimized = true;
  if (a.delegatedFrozenV2Energy) resource.delegated_frozenV2_balance_for_energy = long(a.delegatedFrozenV2Energy);
  if (a.acquiredDelegatedFrozenV2Energy)
    resource.acquired_delegated_frozenV2_balance_for_energy = long(a.acquiredDelegatedFrozenV2Energy);
  if (Object.keys(resource).length) m.account_resource = resource;
  if (a.votes.length) m.votes = a.votes.map((v) => ({ vote_address: v.address, vote_count: long(v.count) }));
  if (a.latestWithdrawTime) m.latest_withdraw_time = long(a.latestWithdrawTime);
  if (a.oldTronPower) m.old_tron_power = long(a.oldTronPower);
  if (a.assetV2.size) m.assetV2 = mapToMessage(a.assetV2);
  if (a.assetIssuedId.length) m.asset_issued_ID = a.assetIssuedId;
  if (a.assetIssuedName.length) m.asset_issued_name = a.assetIssuedName;
  if (a.freeAssetNetUsageV2.size) m.free_asset_net_usageV2 = mapToMessage(a.freeAssetNetUsageV2);
  if (a.latestAssetOperationTimeV2.size) m.latest_asset_operation_timeV2 = mapToMessage(a.latestAssetOperationTimeV2);
  if (a.frozenSupply.length)
    m.frozen_supply = a.frozenSupply.map((f) => ({ frozen_balance: long(f.amount), expire_time: long(f.expireTime) }));
  return m;
}

export function encodeAccount(a: AccountRecord): Uint8Array {
  return protocol.Account.encode(accountToMessage(a) as protocol.IAccount).finish();
}

export function decodeAccount(bytes: Uint8Array): AccountRecord {
  const m = protocol.Account.decode(bytes) as unknown as Msg;
  const rest: Msg = {};
  for (const key of Object.keys(m)) if (!MODELLED.has(key)) rest[key] = m[key];
  const address = (m.address as Uint8Array | undefined) ?? new Uint8Array();
  const num = (v: unknown): number => Number(longToBigint(v as never));
  const resource = (m.account_resource as Msg | undefined) ?? {};
  const resourceRest: Msg = {};
  for (const key of Object.keys(resource)) if (!RESOURCE_MODELLED.has(key)) resourceRest[key] = resource[key];
  return {
    address,
    addressHex: bytesToHex(address),
    type: (m.type as number | undefined) ?? 0,
    accountName: (m.account_name as Uint8Array | undefined) ?? new Uint8Array(),
    balance: longToBigint(m.balance as never),
    createTime: num(m.create_time),
    latestOprationTime: num(m.latest_opration_time),
    netUsage: longToBigint(m.net_usage as never),
    latestConsumeTime: num(m.latest_consume_time),
    freeNetUsage: longToBigint(m.free_net_usage as never),
    latestConsumeFreeTime: num(m.latest_consume_free_time),
    allowance: longToBigint(m.allowance as never),
    isWitness: m.is_witness === true,
    ownerPermission: m.owner_permission
      ? permissionFromMessage(m.owner_permission as protocol.Permission.$Properties)
      : undefined,
    witnessPermission: m.witness_permission
      ? permissionFromMessage(m.witness_permission as protocol.Permission.$Properties)
      : undefined,
    activePermissions: ((m.active_permission as protocol.Permission.$Properties[] | undefined) ?? []).map(
      permissionFromMessage,
    ),
    frozenV2: ((m.frozenV2 as Msg[] | undefined) ?? []).map((f) => ({
      type: (f.type as number | undefined) ?? 0,
      amount: longToBigint(f.amount as never),
    })),
    unfrozenV2: ((m.unfrozenV2 as Msg[] | undefined) ?? []).map((u) => ({
      type: (u.type as number | undefined) ?? 0,
      amount: longToBigint(u.unfreeze_amount as never),
      expireTime: num(u.unfreeze_expire_time),
    })),
    delegatedFrozenV2Bandwidth: longToBigint(m.delegated_frozenV2_balance_for_bandwidth as never),
    acquiredDelegatedFrozenV2Bandwidth: longToBigint(m.acquired_delegated_frozenV2_balance_for_bandwidth as never),
    delegatedFrozenV2Energy: longToBigint(resource.delegated_frozenV2_balance_for_energy as never),
    acquiredDelegatedFrozenV2Energy: longToBigint(resource.acquired_delegated_frozenV2_balance_for_energy as never),
    netWindowSize: longToBigint(m.net_window_size as never),
    netWindowOptimized: m.net_window_optimized === true,
    energyWindowSize: longToBigint(resource.energy_window_size as never),
    energyWindowOptimized: resource.energy_window_optimized === true,
    energyUsage: longToBigint(resource.energy_usage as never),
    latestConsumeTimeForEnergy: num(resource.latest_consume_time_for_energy),
    accountResourceRest: resourceRest,
    votes: ((m.votes as Msg[] | undefined) ?? []).map((v) =>
      voteRecord((v.vote_address as Uint8Array | undefined) ?? new Uint8Array(), longToBigint(v.vote_count as never)),
    ),
    latestWithdrawTime: num(m.latest_withdraw_time),
    oldTronPower: longToBigint(m.old_tron_power as never),
    assetV2: mapFromMessage(m.assetV2),
    assetIssuedId: (m.asset_issued_ID as Uint8Array | undefined) ?? new Uint8Array(),
    assetIssuedName: (m.asset_issued_name as Uint8Array | undefined) ?? new Uint8Array(),
    freeAssetNetUsageV2: mapFromMessage(m.free_asset_net_usageV2),
    latestAssetOperationTimeV2: new Map(
      [...mapFromMessage(m.latest_asset_operation_timeV2)].map(([k, v]) => [k, Number(v)]),
    ),
    frozenSupply: ((m.frozen_supply as Msg[] | undefined) ?? []).map((f) => ({
      amount: longToBigint(f.frozen_balance as never),
      expireTime: num(f.expire_time),
    })),
    rest,
  };
}
