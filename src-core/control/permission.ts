import { toBase58Address, toHexAddress } from '../address/address';
import type { Hex } from '../brand';
import { permissionHeading, type Permission } from '../permission/model';
import { ControlError } from './errors';
import type { ControlPermission } from './document';

/** The chain's permission as a proof states it: Base58 keys, for a person reading the file. */
export function controlPermissionOf(permission: Permission): ControlPermission {
  if (permission.type === 'Witness') {
    throw new ControlError(
      'CONTROL_WITNESS_PERMISSION',
      'The witness permission only signs blocks; prove control with the owner permission (0) or an active one.',
    );
  }
  return {
    id: permission.id,
    type: permission.type,
    name: permission.name,
    threshold: permission.threshold,
    ...(permission.operations !== undefined ? { operations: permission.operations } : {}),
    keys: permission.keys.map((k) => ({ address: toBase58Address(k.address), weight: k.weight })),
  };
}

/** The stated permission in the model the rest of src-core uses (hex keys). */
export function permissionOfControl(stated: ControlPermission): Permission {
  return {
    type: stated.type,
    id: stated.id,
    name: stated.name,
    threshold: stated.threshold,
    parentId: 0,
    ...(stated.operations !== undefined ? { operations: stated.operations as Hex } : {}),
    keys: stated.keys.map((k) => ({ address: toHexAddress(k.address), weight: k.weight })),
  };
}

/** 'Active permission "payments" (id 2)': how the sentences name the permission a proof states. */
export function controlPermissionHeading(stated: Pick<ControlPermission, 'type' | 'id' | 'name'>): string {
  return permissionHeading(stated);
}

/**
 * What differs between the permission a proof states and the one the chain holds, one phrase per
 * difference (empty when they are the same): threshold, keys added, removed or reweighted, the
 * operations, the name.
 */
export function permissionDifferences(stated: ControlPermission, chain: Permission): string[] {
  const out: string[] = [];
  if (stated.type !== chain.type) out.push(`its type is ${chain.type}, not ${stated.type}`);
  if (stated.threshold !== chain.threshold) out.push(`its threshold is ${chain.threshold}, not ${stated.threshold}`);
  const onChain = new Map<string, bigint>(chain.keys.map((k) => [toBase58Address(k.address), k.weight]));
  const inProof = new Map(stated.keys.map((k) => [k.address, k.weight]));
  const added = [...onChain.keys()].filter((a) => !inProof.has(a));
  const removed = [...inProof.keys()].filter((a) => !onChain.has(a));
  const reweighted = [...inProof].filter(([a, w]) => onChain.has(a) && onChain.get(a) !== w);
  if (added.length > 0) out.push(`it has key${added.length === 1 ? '' : 's'} ${added.join(', ')} added`);
  if (removed.length > 0) out.push(`key${removed.length === 1 ? '' : 's'} ${removed.join(', ')} left it`);
  for (const [address, weight] of reweighted) out.push(`key ${address} weighs ${onChain.get(address)}, not ${weight}`);
  if ((stated.operations ?? '') !== (chain.operations ?? '')) out.push('its allowed operations changed');
  if (stated.name !== chain.name) out.push(`it is named "${chain.name}", not "${stated.name}"`);
  return out;
}
