import { toHexAddress } from '../address/address';
import { accountPermissionsFromUpdate, type AccountPermissions } from './model';

/**
 * The editor's view of a whole permission structure: the owner, the witness (Super Representatives
 * only) and the actives, with numbers either as typed (text) or parsed (bigint). The update
 * overwrites every permission, so the editor always holds, and sends, all of them.
 */
export interface StructureGroup {
  readonly name: string;
  readonly threshold: bigint | string;
  readonly keys: readonly { readonly address: string; readonly weight: bigint | string }[];
  /** 64 hex characters; actives only. */
  readonly operations?: string;
}

export interface PermissionStructure {
  readonly owner: StructureGroup;
  readonly witness?: StructureGroup | undefined;
  readonly actives: readonly StructureGroup[];
}

function numberOf(value: bigint | string): bigint | string {
  return typeof value === 'string' ? value.trim() : value;
}

function groupJson(type: 'Owner' | 'Witness' | 'Active', group: StructureGroup): Record<string, unknown> {
  return {
    type,
    permission_name: group.name,
    threshold: numberOf(group.threshold),
    ...(type === 'Active' ? { operations: group.operations ?? '' } : {}),
    keys: group.keys.map((key) => ({ address: key.address.trim(), weight: numberOf(key.weight) })),
  };
}

/**
 * The AccountPermissionUpdateContract value for this structure, exactly as the editor holds it
 * (text numbers stay text), so `validatePermissionUpdate` can name every problem with its path:
 * `owner`, `witness`, `actives[i]`, then `.threshold`, `.permission_name`, `.keys[j].weight`, ….
 */
export function updateValueFromStructure(
  ownerAddress: string,
  structure: PermissionStructure,
): Record<string, unknown> {
  let owner: string = ownerAddress;
  try {
    owner = toHexAddress(ownerAddress);
  } catch {
    // Left as typed: the validation reports "invalidate ownerAddress".
  }
  return {
    owner_address: owner,
    owner: groupJson('Owner', structure.owner),
    ...(structure.witness ? { witness: groupJson('Witness', structure.witness) } : {}),
    actives: structure.actives.map((a) => groupJson('Active', a)),
  };
}

/** The structure the chain would hold after the update (ids assigned as java-tron does); throws on malformed input. */
export function accountPermissionsFromStructure(
  ownerAddress: string,
  structure: PermissionStructure,
): AccountPermissions {
  return accountPermissionsFromUpdate(updateValueFromStructure(ownerAddress, structure));
}
