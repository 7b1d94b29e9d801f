import type { Hex, HexAddress } from '../brand';
import { PermissionError, type WalletError } from '../errors';
import { toHexAddress } from '../address/address';
import { normalizeHex } from '../bytes/hex';
import { toBigInt, toJsonInt } from '../json/lossless';
import type { PermissionInput } from '../tx/builders';
import { DEFAULT_ACTIVE_OPERATIONS } from './operations';

/**
 * The permission structure of an account (protobuf `Account.owner_permission`, `witness_permission`,
 * `active_permission` in Tron.proto), with addresses in hex and weights/thresholds as bigint. Readers here accept
 * java-tron's JSON (getaccount output and the AccountPermissionUpdateContract value) in either address form.
 */
export const PERMISSION_TYPES = { Owner: 0, Witness: 1, Active: 2 } as const;
export type PermissionType = keyof typeof PERMISSION_TYPES;

export const OWNER_PERMISSION_ID = 0;
export const WITNESS_PERMISSION_ID = 1;
export const FIRST_ACTIVE_PERMISSION_ID = 2;

export interface PermissionKey {
  readonly address: HexAddress;
  readonly weight: bigint;
}

export interface Permission {
  readonly type: PermissionType;
  /** 0 owner, 1 witness, 2+ actives (assigned by the chain in the order the update lists them). */
  readonly id: number;
  readonly name: string;
  readonly threshold: bigint;
  readonly parentId: number;
  /** 64 hex characters on actives; absent on owner and witness, which must not carry any. */
  readonly operations?: Hex;
  readonly keys: readonly PermissionKey[];
}

export interface AccountPermissions {
  readonly address: HexAddress;
  /** Absent when the account never set one: the chain then uses the default owner (itself). */
  readonly owner?: Permission;
  readonly witness?: Permission;
  readonly actives: readonly Permission[];
}

export function defaultOwnerPermission(address: string): Permission {
  return {
    type: 'Owner',
    id: OWNER_PERMISSION_ID,
    name: 'owner',
    threshold: 1n,
    parentId: 0,
    keys: [{ address: toHexAddress(address), weight: 1n }],
  };
}

/** The active permission java-tron creates for a new account; `operations` is a chain property. */
export function defaultActivePermission(address: string, operations: string = DEFAULT_ACTIVE_OPERATIONS): Permission {
  return {
    type: 'Active',
    id: FIRST_ACTIVE_PERMISSION_ID,
    name: 'active',
    threshold: 1n,
    parentId: 0,
    operations: normalizeHex(operations, 'operations'),
    keys: [{ address: toHexAddress(address), weight: 1n }],
  };
}

export type PermissionIdRole = 'owner' | 'witness' | 'active';

/** 0 owner, 1 witness, 2 and up actives; anything else is no permission id. */
export function permissionIdRole(id: number): PermissionIdRole | undefined {
  if (!Number.isInteger(id) || id < 0 || id >= 2 ** 31) return undefined;
  return id === OWNER_PERMISSION_ID ? 'owner' : id === WITNESS_PERMISSION_ID ? 'witness' : 'active';
}

/** Refuses ids a transaction cannot carry: the witness permission (1) only signs blocks. */
export function assertTransactionPermissionId(id: number): void {
  const role = permissionIdRole(id);
  if (role === undefined)
    throw new PermissionError(
      'PERM_BAD_PERMISSION_ID',
      `Permission_id ${String(id)} is not valid: use 0 for the owner or 2 and up for an active permission.`,
      { id: String(id) },
    );
  if (role === 'witness')
    throw new PermissionError(
      'PERM_WITNESS_REFUSED',
      'Permission_id 1 is the witness permission, which only signs blocks; use the owner (0) or an active ' +
        'permission (2 and up).',
    );
}

export interface PermissionLookupOptions {
  /** The active operations a new account gets on this chain (default: DEFAULT_ACTIVE_OPERATIONS). */
  readonly defaultActiveOperations?: string;
}

/**
 * The permission java-tron checks a transaction against (TransactionCapsule.validateSignature):
 * for an account that does not exist (`null`), id 0 is the default owner and id 2 the default
 * active; for an existing one, 0 is its owner (or the default), 1 its witness permission, 2+ the
 * active with that id. Undefined when there is none.
 */
export function permissionFor(
  account: AccountPermissions | null,
  id: number,
  options: PermissionLookupOptions & { ownerAddress?: string } = {},
): Permission | undefined {
  if (!Number.isInteger(id) || id < 0) return undefined;
  if (account === null) {
    if (options.ownerAddress === undefined) {
      throw new PermissionError(
        'PERM_OWNER_ADDRESS_NEEDED',
        'Give the owner address to look up the default permissions of an account that does not exist yet.',
      );
    }
    if (id === OWNER_PERMISSION_ID) return defaultOwnerPermission(options.ownerAddress);
    if (id === FIRST_ACTIVE_PERMISSION_ID)
      return defaultActivePermission(options.ownerAddress, options.defaultActiveOperations);
    return undefined;
  }
  if (id === OWNER_PERMISSION_ID) return account.owner ?? defaultOwnerPermission(account.address);
  if (id === WITNESS_PERMISSION_ID) return account.witness;
  return account.actives.find((p) => p.id === id);
}

/** Every permission that can act for the account, with java-tron's defaults filled in. */
export function effectivePermissions(
  account: AccountPermissions | null,
  options: PermissionLookupOptions & { ownerAddress?: string } = {},
): Permission[] {
  if (account === null) {
    const owner = permissionFor(null, OWNER_PERMISSION_ID, options)!;
    return [owner, permissionFor(null, FIRST_ACTIVE_PERMISSION_ID, options)!];
  }
  const out = [account.owner ?? defaultOwnerPermission(account.address)];
  if (account.witness) out.push(account.witness);
  out.push(...account.actives);
  return out;
}

/** The weight the permission gives this signer (0 when it is not a key), as java-tron's getWeight. */
export function weightOf(permission: Permission, address: string): bigint {
  const hex = address.toLowerCase();
  return permission.keys.find((k) => k.address === hex)?.weight ?? 0n;
}

/** Sort order for keys or signers: the heaviest first, equal weights in their given order. */
export function heaviestFirst(a: { readonly weight: bigint }, b: { readonly weight: bigint }): number {
  return a.weight === b.weight ? 0 : a.weight > b.weight ? -1 : 1;
}

// --- java-tron JSON -------------------------------------------------------------------------

function bad(path: string, what: string): PermissionError {
  return new PermissionError('PERM_BAD_JSON', `The permission field ${path} ${what}.`, { path });
}

/** java-tron's enum input rules: the exact name, the number, or the all-lowercase name. */
export function parsePermissionType(value: unknown): PermissionType | undefined {
  if (value === undefined || value === null) return 'Owner';
  if (typeof value === 'number' || typeof value === 'bigint') {
    const n = Number(value);
    return n === 0 ? 'Owner' : n === 1 ? 'Witness' : n === 2 ? 'Active' : undefined;
  }
  if (typeof value !== 'string') return undefined;
  for (const name of Object.keys(PERMISSION_TYPES) as PermissionType[]) {
    if (value === name || value === name.toLowerCase()) return name;
  }
  return undefined;
}

function readInt(value: unknown, path: string): bigint {
  if (value === undefined || value === null) return 0n;
  try {
    return toBigInt(value, path);
  } catch {
    throw bad(path, 'must be a whole number');
  }
}

function readSmallInt(value: unknown, path: string): number {
  const n = readInt(value, path);
  if (n < -(2n ** 31n) || n >= 2n ** 31n) throw bad(path, 'must fit a 32-bit integer');
  return Number(n);
}

function readAddress(value: unknown, path: string): HexAddress {
  if (typeof value !== 'string') throw bad(path, 'must be an address');
  try {
    return toHexAddress(value);
  } catch (error) {
    throw bad(path, `is not a valid address (${(error as WalletError).message})`);
  }
}

/** One Permission as java-tron prints or accepts it; proto3 defaults may be absent. */
export function permissionFromJson(json: unknown, path = 'permission'): Permission {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw bad(path, 'must be an object');
  const p = json as Record<string, unknown>;
  const type = parsePermissionType(p.type);
  if (type === undefined) throw bad(`${path}.type`, 'must be Owner, Witness or Active');
  const name = p.permission_name ?? '';
  if (typeof name !== 'string') throw bad(`${path}.permission_name`, 'must be text');
  const keysJson = p.keys ?? [];
  if (!Array.isArray(keysJson)) throw bad(`${path}.keys`, 'must be a list');
  const keys = keysJson.map((k: unknown, i) => {
    const where = `${path}.keys[${i}]`;
    if (k === null || typeof k !== 'object') throw bad(where, 'must be an object with address and weight');
    const key = k as Record<string, unknown>;
    return { address: readAddress(key.address, `${where}.address`), weight: readInt(key.weight, `${where}.weight`) };
  });
  let operations: Hex | undefined;
  if (p.operations !== undefined && p.operations !== '') {
    if (typeof p.operations !== 'string') throw bad(`${path}.operations`, 'must be hex text');
    try {
      operations = normalizeHex(p.operations, 'operations');
    } catch {
      throw bad(`${path}.operations`, 'must be hex text');
    }
  }
  const permission: Permission = {
    type,
    id: readSmallInt(p.id, `${path}.id`),
    name,
    threshold: readInt(p.threshold, `${path}.threshold`),
    parentId: readSmallInt(p.parent_id, `${path}.parent_id`),
    keys,
  };
  return operations === undefined ? permission : { ...permission, operations };
}

/** The permissions in a `/wallet/getaccount` answer (owner_permission, witness_permission, active_permission). */
export function accountPermissionsFromAccountJson(json: unknown): AccountPermissions {
  if (json === null || typeof json !== 'object') throw bad('account', 'must be an object');
  const a = json as Record<string, unknown>;
  const address = readAddress(a.address, 'account.address');
  const actives = a.active_permission ?? [];
  if (!Array.isArray(actives)) throw bad('account.active_permission', 'must be a list');
  return {
    address,
    ...(a.owner_permission !== undefined
      ? { owner: permissionFromJson(a.owner_permission, 'account.owner_permission') }
      : {}),
    ...(a.witness_permission !== undefined
      ? { witness: permissionFromJson(a.witness_permission, 'account.witness_permission') }
      : {}),
    actives: actives.map((p, i) => permissionFromJson(p, `account.active_permission[${i}]`)),
  };
}

/**
 * The structure an AccountPermissionUpdateContract value would leave on chain: the owner gets id
 * 0, the witness id 1 and the actives ids 2, 3, … in the order listed (AccountCapsule
 * .updatePermissions), whatever ids the request carried.
 */
export function accountPermissionsFromUpdate(value: unknown): AccountPermissions {
  if (value === null || typeof value !== 'object') throw bad('update', 'must be an object');
  const v = value as Record<string, unknown>;
  const address = readAddress(v.owner_address, 'owner_address');
  if (v.owner === undefined) throw bad('owner', 'is missing');
  const actives = v.actives ?? [];
  if (!Array.isArray(actives)) throw bad('actives', 'must be a list');
  return {
    address,
    owner: { ...permissionFromJson(v.owner, 'owner'), id: OWNER_PERMISSION_ID },
    ...(v.witness !== undefined
      ? { witness: { ...permissionFromJson(v.witness, 'witness'), id: WITNESS_PERMISSION_ID } }
      : {}),
    actives: actives.map((p, i) => ({ ...permissionFromJson(p, `actives[${i}]`), id: FIRST_ACTIVE_PERMISSION_ID + i })),
  };
}

/** java-tron JSON of one permission (hex addresses, proto3 defaults left out). */
export function permissionToJson(permission: Permission): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (permission.type !== 'Owner') out.type = permission.type;
  if (permission.id !== 0) out.id = permission.id;
  if (permission.name !== '') out.permission_name = permission.name;
  if (permission.threshold !== 0n) out.threshold = toJsonInt(permission.threshold);
  if (permission.parentId !== 0) out.parent_id = permission.parentId;
  if (permission.operations !== undefined) out.operations = permission.operations;
  out.keys = permission.keys.map((k) => ({ address: k.address, weight: toJsonInt(k.weight) }));
  return out;
}

/** The builder input (`accountPermissionUpdateContract`) for an edited permission. */
export function toPermissionInput(permission: Permission): PermissionInput {
  return {
    type: permission.type,
    permission_name: permission.name,
    threshold: permission.threshold,
    ...(permission.operations !== undefined ? { operations: permission.operations } : {}),
    keys: permission.keys.map((k) => ({ address: k.address, weight: k.weight })),
  };
}

export function describePermission(permission: Pick<Permission, 'type' | 'id' | 'name'>): string {
  if (permission.type === 'Owner') return 'the owner permission';
  if (permission.type === 'Witness') return 'the witness permission';
  return permission.name
    ? `active permission "${permission.name}" (id ${permission.id})`
    : `active permission ${permission.id}`;
}

/**
 * 'Active permission "payments" (id 2)', 'The owner permission (id 0)': a permission named at the
 * start of a line, with its id, as the builder's review and main's confirmation both write it.
 */
export function permissionHeading(permission: Pick<Permission, 'type' | 'id' | 'name'>): string {
  const name = capitalize(describePermission(permission));
  return permission.type === 'Active' ? name : `${name} (id ${permission.id})`;
}

/** Upper-cases the first letter, for a permission description that starts a sentence. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
