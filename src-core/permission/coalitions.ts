import type { HexAddress } from '../brand';
import { PermissionError } from '../errors';
import { hexToBytes } from '../bytes/hex';
import { CONTRACT_TYPE_IDS, type ContractTypeName } from '../tx/contract-types';
import type { Permission } from './model';
import { operationBits } from './operations';
import { CAPABILITIES, type CapabilityId } from './type-groups';

/**
 * Who can act: the minimal sets of keys whose weights reach a permission's threshold, and the
 * capabilities (groups of contract types) each permission grants. Pure set arithmetic over the
 * structure; with at most 5 keys per permission the 2^n subsets are cheap to enumerate.
 */
export interface KeyCoalition {
  /** In the permission's key order. */
  readonly addresses: readonly HexAddress[];
  readonly weight: bigint;
}

/** Enumerating subsets of more keys than this is pointless: java-tron allows 5. */
export const MAX_KEYS_ANALYSED = 16;

function usableKeys(permission: Pick<Permission, 'keys'>): { address: HexAddress; weight: bigint }[] {
  const seen = new Set<string>();
  const out: { address: HexAddress; weight: bigint }[] = [];
  // java-tron's getWeight takes the first key with the address; later duplicates add nothing.
  for (const key of permission.keys) {
    if (seen.has(key.address)) continue;
    seen.add(key.address);
    if (key.weight > 0n) out.push({ address: key.address, weight: key.weight });
  }
  return out;
}

function popcount(n: number): number {
  let c = 0;
  for (let v = n; v; v &= v - 1) c++;
  return c;
}

/**
 * Every minimal set of keys reaching the threshold: no key can be dropped from a set without
 * falling short. Empty when the threshold is unreachable. A threshold below 1 still needs one
 * signature (java-tron refuses a transaction without any).
 */
export function minimalKeySets(permission: Pick<Permission, 'keys' | 'threshold'>): KeyCoalition[] {
  const keys = usableKeys(permission);
  if (keys.length > MAX_KEYS_ANALYSED) {
    throw new PermissionError(
      'PERM_TOO_MANY_KEYS_TO_ANALYSE',
      `A permission with ${keys.length} keys is far beyond the chain's limit of 5 and is not analysed.`,
      { keys: keys.length },
    );
  }
  const threshold = permission.threshold < 1n ? 1n : permission.threshold;
  const masks = Array.from({ length: (1 << keys.length) - 1 }, (_, i) => i + 1).sort(
    (a, b) => popcount(a) - popcount(b) || a - b,
  );
  const found: number[] = [];
  const out: KeyCoalition[] = [];
  for (const mask of masks) {
    if (found.some((m) => (m & mask) === m)) continue;
    let weight = 0n;
    const addresses: HexAddress[] = [];
    keys.forEach((key, i) => {
      if (mask & (1 << i)) {
        weight += key.weight;
        addresses.push(key.address);
      }
    });
    if (weight >= threshold) {
      found.push(mask);
      out.push({ addresses, weight });
    }
  }
  return out;
}

export function totalWeight(permission: Pick<Permission, 'keys'>): bigint {
  return usableKeys(permission).reduce((sum, k) => sum + k.weight, 0n);
}

/** Can these addresses, signing together, reach the permission's threshold? */
export function canReach(permission: Pick<Permission, 'keys' | 'threshold'>, addresses: Iterable<string>): boolean {
  const held = new Set([...addresses].map((a) => a.toLowerCase()));
  const weight = usableKeys(permission).reduce((sum, k) => (held.has(k.address) ? sum + k.weight : sum), 0n);
  const threshold = permission.threshold < 1n ? 1n : permission.threshold;
  return weight >= threshold;
}

/** Security-oriented slices of the contract types, for "who can do what" (see type-groups.ts). */
export { CAPABILITIES, type CapabilityId } from './type-groups';
export const CAPABILITY_IDS = Object.keys(CAPABILITIES) as CapabilityId[];

/** The contract-type ids a permission may use: all for owner, none for witness, the mask for actives. */
export function allowedTypeIds(permission: Pick<Permission, 'type' | 'operations'>): ReadonlySet<number> {
  if (permission.type === 'Owner') return new Set(Object.values(CONTRACT_TYPE_IDS));
  if (permission.type === 'Witness' || permission.operations === undefined) return new Set();
  return new Set(operationBits(hexToBytes(permission.operations)));
}

/** The capability's types this permission holds (names, in the capability's order). */
export function capabilityTypesHeld(
  permission: Pick<Permission, 'type' | 'operations'>,
  capability: CapabilityId,
): ContractTypeName[] {
  const allowed = allowedTypeIds(permission);
  return CAPABILITIES[capability].types.filter((t) => allowed.has(CONTRACT_TYPE_IDS[t]));
}
