import { protocol, bigintToLong, longToBigint } from '../../../src-core/proto/runtime';
import { bytesToHex } from '../../../src-core/bytes/hex';

/**
 * The node's in-memory account. Hot fields are plain bigints and numbers; the record converts
 * to and from the protobuf `Account` (java-tron-http.md §1.2) for storage and JSON. Fields this
 * version does not model (stake, votes, TRC-10, contracts) are kept in `rest` untouched, so a
 * later feature can read them from stores written now.
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
  /** Stake 2.0 amounts per resource code; read by the bandwidth processor (staking lands later). */
  frozenV2: readonly { type: number; amount: bigint }[];
  /** Every other protobuf field, as decoded. */
  rest: Record<string, unknown>;
}

export function cloneAccount(a: AccountRecord): AccountRecord {
  return { ...a };
}

export function keyRecord(address: Uint8Array, weight: bigint): KeyRecord {
  return { address, addressHex: bytesToHex(address), weight };
}

/** java-tron AccountCapsule.getDefaultPermission: the account itself, weight 1, threshold 1. */
export function defaultOwnerPermission(address: Uint8Array): PermissionRecord {
  return { type: PERMISSION_TYPE.Owner, id: 0, name: 'owner', threshold: 1n, parentId: 0, operations: new Uint8Array(), keys: [keyRecord(address, 1n)] };
}

export function defaultActivePermission(address: Uint8Array, operations: Uint8Array): PermissionRecord {
  return { type: PERMISSION_TYPE.Active, id: 2, name: 'active', threshold: 1n, parentId: 0, operations, keys: [keyRecord(address, 1n)] };
}

export function defaultWitnessPermission(address: Uint8Array): PermissionRecord {
  return { type: PERMISSION_TYPE.Witness, id: 1, name: 'witness', threshold: 1n, parentId: 0, operations: new Uint8Array(), keys: [keyRecord(address, 1n)] };
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
    rest: {},
  };
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
  const out: Msg = { keys: p.keys.map((k) => (k.weight ? { address: k.address, weight: bigintToLong(k.weight) } : { address: k.address })) };
  if (p.type) out.type = p.type;
  if (p.id) out.id = p.id;
  if (p.name) out.permission_name = p.name;
  if (p.threshold) out.threshold = bigintToLong(p.threshold);
  if (p.parentId) out.parent_id = p.parentId;
  if (p.operations.length > 0) out.operations = p.operations;
  return out;
}

export function permissionFromMessage(m: Msg): PermissionRecord {
  const keys = ((m.keys as Msg[] | undefined) ?? []).map((k) => keyRecord((k.address as Uint8Array | undefined) ?? new Uint8Array(), longToBigint(k.weight as never)));
  return {
    type: (m.type as number | undefined) ?? 0,
    id: (m.id as number | undefined) ?? 0,
    name: (m.permission_name as string | undefined) ?? '',
    threshold: longToBigint(m.threshold as never),
    parentId: (m.parent_id as number | undefined) ?? 0,
    operations: (m.operations as Uint8Array | undefined) ?? new Uint8Array(),
    keys,
  };
}

const MODELLED = new Set([
  'account_name', 'type', 'address', 'balance', 'create_time', 'latest_opration_time', 'net_usage', 'latest_consume_time',
  'free_net_usage', 'latest_consume_free_time', 'allowance', 'is_witness', 'owner_permission', 'witness_permission',
  'active_permission', 'frozenV2',
]);

/** The protobufjs message object of `protocol.Account`. */
export function accountToMessage(a: AccountRecord): Msg {
  const m: Msg = { ...a.rest };
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
  if (a.frozenV2.length) m.frozenV2 = a.frozenV2.map((f) => ({ type: f.type, amount: bigintToLong(f.amount) }));
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
    ownerPermission: m.owner_permission ? permissionFromMessage(m.owner_permission as Msg) : undefined,
    witnessPermission: m.witness_permission ? permissionFromMessage(m.witness_permission as Msg) : undefined,
    activePermissions: ((m.active_permission as Msg[] | undefined) ?? []).map(permissionFromMessage),
    frozenV2: ((m.frozenV2 as Msg[] | undefined) ?? []).map((f) => ({ type: (f.type as number | undefined) ?? 0, amount: longToBigint(f.amount as never) })),
    rest,
  };
}
