import type { HexAddress } from '../brand';
import type { AccountPermissions, Permission } from '../permission/model';

/**
 * Permissions as they travel in an envelope: hex addresses, and thresholds and weights as
 * decimal strings so no JSON reader rounds them.
 */
export interface PermissionSnapshot {
  readonly id: number;
  readonly type: Permission['type'];
  readonly name: string;
  readonly threshold: string;
  readonly operations?: string;
  readonly keys: readonly { readonly address: string; readonly weight: string }[];
}

export interface AccountPermissionsSnapshot {
  readonly address: string;
  readonly owner?: PermissionSnapshot;
  readonly witness?: PermissionSnapshot;
  readonly actives: readonly PermissionSnapshot[];
}

export function toPermissionSnapshot(p: Permission): PermissionSnapshot {
  return {
    id: p.id,
    type: p.type,
    name: p.name,
    threshold: p.threshold.toString(),
    ...(p.operations !== undefined ? { operations: p.operations } : {}),
    keys: p.keys.map((k) => ({ address: k.address, weight: k.weight.toString() })),
  };
}

export function fromPermissionSnapshot(s: PermissionSnapshot): Permission {
  return {
    type: s.type,
    id: s.id,
    name: s.name,
    threshold: BigInt(s.threshold),
    parentId: 0,
    ...(s.operations !== undefined ? { operations: s.operations.toLowerCase() as Permission['operations'] } : {}),
    keys: s.keys.map((k) => ({ address: k.address.toLowerCase() as HexAddress, weight: BigInt(k.weight) })),
  };
}

export function toAccountPermissionsSnapshot(a: AccountPermissions): AccountPermissionsSnapshot {
  return {
    address: a.address,
    ...(a.owner ? { owner: toPermissionSnapshot(a.owner) } : {}),
    ...(a.witness ? { witness: toPermissionSnapshot(a.witness) } : {}),
    actives: a.actives.map(toPermissionSnapshot),
  };
}

export function fromAccountPermissionsSnapshot(s: AccountPermissionsSnapshot): AccountPermissions {
  return {
    address: s.address.toLowerCase() as HexAddress,
    ...(s.owner ? { owner: fromPermissionSnapshot(s.owner) } : {}),
    ...(s.witness ? { witness: fromPermissionSnapshot(s.witness) } : {}),
    actives: s.actives.map(fromPermissionSnapshot),
  };
}
