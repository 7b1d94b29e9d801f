import type { HexAddress } from '../brand';
import { toBase58Address, toHexAddress } from '../address/address';
import { hexToBytes } from '../bytes/hex';
import { CONTRACT_TYPE_IDS, contractTypeName } from '../tx/contract-types';
import {
  CAPABILITIES,
  CAPABILITY_IDS,
  allowedTypeIds,
  canReach,
  capabilityTypesHeld,
  minimalKeySets,
  totalWeight,
  type CapabilityId,
  type KeyCoalition,
} from './coalitions';
import {
  capitalize,
  describePermission,
  effectivePermissions,
  type AccountPermissions,
  type Permission,
} from './model';
import { operationBits } from './operations';

/**
 * The "lockout prover" as pure logic: for a permission structure,
 * who can do what, and what could leave the account unusable. Facts the chain would have to
 * supply (which addresses are contracts, which never signed anything) come in as inputs.
 */

export type Severity = 'block' | 'warn' | 'info';

export const LOCKOUT_FINDINGS = {
  UNREACHABLE_THRESHOLD: 'LOCKOUT_UNREACHABLE_THRESHOLD',
  OWNER_EMPTY: 'LOCKOUT_OWNER_EMPTY',
  OWNER_UNREACHABLE_BY_KNOWN_KEYS: 'LOCKOUT_OWNER_UNREACHABLE_BY_KNOWN_KEYS',
  OWNER_NEEDS_CONTRACT_KEY: 'LOCKOUT_OWNER_NEEDS_CONTRACT_KEY',
  ACTIVE_UNREACHABLE_BY_KNOWN_KEYS: 'LOCKOUT_ACTIVE_UNREACHABLE_BY_KNOWN_KEYS',
  OWN_KEYS_LEAVE_OWNER: 'LOCKOUT_OWN_KEYS_LEAVE_OWNER',
  SINGLE_KEY_CONTROLS_EVERYTHING: 'LOCKOUT_SINGLE_KEY_CONTROLS_EVERYTHING',
  SINGLE_KEY_ACCOUNT: 'LOCKOUT_SINGLE_KEY_ACCOUNT',
  OWNER_NO_REDUNDANCY: 'LOCKOUT_OWNER_NO_REDUNDANCY',
  ACTIVE_CAN_CHANGE_PERMISSIONS: 'LOCKOUT_ACTIVE_CAN_CHANGE_PERMISSIONS',
  UNKNOWN_OPERATION_BITS: 'LOCKOUT_UNKNOWN_OPERATION_BITS',
  KEY_IS_CONTRACT: 'LOCKOUT_KEY_IS_CONTRACT',
  KEY_NEVER_ACTIVE: 'LOCKOUT_KEY_NEVER_ACTIVE',
  NOBODY_CAN_CHANGE_PERMISSIONS: 'LOCKOUT_NOBODY_CAN_CHANGE_PERMISSIONS',
} as const;
export type LockoutFindingCode = (typeof LOCKOUT_FINDINGS)[keyof typeof LOCKOUT_FINDINGS];

export interface Finding {
  readonly severity: Severity;
  readonly code: LockoutFindingCode;
  readonly message: string;
  readonly permissionId?: number;
  readonly addresses?: readonly HexAddress[];
}

export interface LockoutContext {
  /** Addresses whose keys someone is known to hold (the vault, the address book of co-signers). */
  readonly knownAddresses?: Iterable<string>;
  /** The keys of the person making the change. */
  readonly ownAddresses?: Iterable<string>;
  /** Injected chain facts; nothing here is looked up. */
  readonly facts?: {
    /** Smart-contract addresses: they can never sign. */
    readonly contractAddresses?: Iterable<string>;
    /** Addresses with no transaction on chain: possibly mistyped or nobody's key. */
    readonly neverActiveAddresses?: Iterable<string>;
  };
}

export interface GroupAnalysis {
  readonly id: number;
  readonly type: Permission['type'];
  readonly name: string;
  readonly threshold: bigint;
  readonly totalWeight: bigint;
  readonly reachable: boolean;
  readonly minimalKeySets: readonly KeyCoalition[];
  /** Contract-type ids it may use (all for owner; none for witness). */
  readonly allowedTypes: readonly number[];
  /** Set operation bits that are no contract type. */
  readonly unknownBits: readonly number[];
}

export interface CapabilityCoalition {
  readonly addresses: readonly HexAddress[];
  /** Permission ids through which this set of keys can act. */
  readonly via: readonly number[];
}

export interface CapabilityAnalysis {
  readonly capability: CapabilityId;
  readonly label: string;
  /** Permissions holding at least one of the capability's types; `complete` when they hold all. */
  readonly groups: readonly {
    readonly id: number;
    readonly name: string;
    readonly types: readonly string[];
    readonly complete: boolean;
  }[];
  /** Minimal key sets across all those permissions (no set contains another). */
  readonly coalitions: readonly CapabilityCoalition[];
  /** Addresses that can exercise it alone. */
  readonly soloAddresses: readonly HexAddress[];
}

export interface LockoutAnalysis {
  readonly groups: readonly GroupAnalysis[];
  readonly capabilities: readonly CapabilityAnalysis[];
  readonly findings: readonly Finding[];
  readonly verdict: 'block' | 'warn' | 'ok';
}

function addressSet(input: Iterable<string> | undefined): Set<HexAddress> {
  const out = new Set<HexAddress>();
  for (const a of input ?? []) out.add(toHexAddress(a));
  return out;
}

function groupAnalysis(p: Permission): GroupAnalysis {
  const sets = minimalKeySets(p);
  const allowed = [...allowedTypeIds(p)].sort((a, b) => a - b);
  const unknownBits =
    p.type === 'Active' && p.operations !== undefined
      ? operationBits(hexToBytes(p.operations)).filter((b) => contractTypeName(b) === undefined)
      : [];
  return {
    id: p.id,
    type: p.type,
    name: p.name,
    threshold: p.threshold,
    totalWeight: totalWeight(p),
    reachable: sets.length > 0,
    minimalKeySets: sets,
    allowedTypes: allowed.filter((id) => contractTypeName(id) !== undefined),
    unknownBits,
  };
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function capabilityAnalysis(
  capability: CapabilityId,
  permissions: readonly Permission[],
  groups: readonly GroupAnalysis[],
): CapabilityAnalysis {
  const holders = permissions
    .map((p) => ({ p, types: capabilityTypesHeld(p, capability) }))
    .filter((h) => h.types.length > 0);
  const candidates: { addresses: HexAddress[]; via: number[] }[] = [];
  for (const { p } of holders) {
    for (const set of groups.find((g) => g.id === p.id && g.type === p.type)?.minimalKeySets ?? []) {
      const existing = candidates.find((c) => sameMembers(c.addresses, set.addresses));
      if (existing) existing.via.push(p.id);
      else candidates.push({ addresses: [...set.addresses], via: [p.id] });
    }
  }
  const coalitions = candidates
    .filter(
      (c) =>
        !candidates.some(
          (o) =>
            o !== c && o.addresses.length < c.addresses.length && o.addresses.every((a) => c.addresses.includes(a)),
        ),
    )
    .sort((a, b) => a.addresses.length - b.addresses.length);
  return {
    capability,
    label: CAPABILITIES[capability].label,
    groups: holders.map(({ p, types }) => ({
      id: p.id,
      name: p.name,
      types,
      complete: types.length === CAPABILITIES[capability].types.length,
    })),
    coalitions,
    soloAddresses: coalitions.filter((c) => c.addresses.length === 1).map((c) => c.addresses[0]!),
  };
}

function short(address: HexAddress): string {
  return toBase58Address(address);
}

/** Analyses one structure. `account.owner` absent means the chain's default owner (the account itself). */
export function analyzePermissions(account: AccountPermissions, context: LockoutContext = {}): LockoutAnalysis {
  const permissions = effectivePermissions(account);
  const groups = permissions.map(groupAnalysis);
  const capabilities = CAPABILITY_IDS.map((c) => capabilityAnalysis(c, permissions, groups));
  const findings: Finding[] = [];
  const known = addressSet(context.knownAddresses);
  const contracts = addressSet(context.facts?.contractAddresses);
  const neverActive = addressSet(context.facts?.neverActiveAddresses);
  const owner = permissions[0]!;
  const ownerGroup = groups[0]!;

  if (owner.keys.length === 0 || ownerGroup.totalWeight === 0n) {
    findings.push({
      severity: 'block',
      code: LOCKOUT_FINDINGS.OWNER_EMPTY,
      message: 'The owner permission has no key with any weight: nobody could ever control this account again.',
      permissionId: 0,
    });
  }
  permissions.forEach((p, i) => {
    const g = groups[i]!;
    if (!g.reachable && !(p.type === 'Owner' && ownerGroup.totalWeight === 0n)) {
      findings.push({
        severity: 'block',
        code: LOCKOUT_FINDINGS.UNREACHABLE_THRESHOLD,
        message:
          `All keys of ${describePermission(p)} together weigh ${g.totalWeight}, below its threshold ` +
          `${p.threshold}: it can never be used.`,
        permissionId: p.id,
      });
    }
  });

  if (ownerGroup.reachable && contracts.size > 0) {
    const signable = owner.keys.filter((k) => !contracts.has(k.address)).map((k) => k.address);
    if (!canReach(owner, signable)) {
      findings.push({
        severity: 'block',
        code: LOCKOUT_FINDINGS.OWNER_NEEDS_CONTRACT_KEY,
        message:
          'The owner threshold can only be reached with a key that is a smart contract, and contracts cannot ' +
          'sign transactions.',
        permissionId: 0,
        addresses: owner.keys.filter((k) => contracts.has(k.address)).map((k) => k.address),
      });
    }
  }
  if (context.knownAddresses !== undefined && ownerGroup.reachable) {
    const usable = [...known].filter((a) => !contracts.has(a));
    if (!canReach(owner, usable)) {
      findings.push({
        severity: 'block',
        code: LOCKOUT_FINDINGS.OWNER_UNREACHABLE_BY_KNOWN_KEYS,
        message:
          'None of the keys known to this wallet or its co-signers, even all together, reach the owner ' +
          'threshold: the account would be locked for everyone you know.',
        permissionId: 0,
      });
    }
    for (const [i, p] of permissions.entries()) {
      if (p.type !== 'Active' || !groups[i]!.reachable || canReach(p, usable)) continue;
      findings.push({
        severity: 'warn',
        code: LOCKOUT_FINDINGS.ACTIVE_UNREACHABLE_BY_KNOWN_KEYS,
        message:
          'The keys known to this wallet and its co-signers cannot reach the threshold of ' +
          `${describePermission(p)}.`,
        permissionId: p.id,
      });
    }
  }

  const allAddresses = [
    ...new Set(permissions.flatMap((p) => p.keys.filter((k) => k.weight > 0n).map((k) => k.address))),
  ];
  const ownerSolo = ownerGroup.minimalKeySets.filter((s) => s.addresses.length === 1).map((s) => s.addresses[0]!);
  if (ownerSolo.length > 0) {
    if (allAddresses.length > 1) {
      findings.push({
        severity: 'warn',
        code: LOCKOUT_FINDINGS.SINGLE_KEY_CONTROLS_EVERYTHING,
        message:
          `${ownerSolo.map(short).join(', ')} can alone reach the owner threshold and so do anything, ` +
          'including replacing every other key.',
        permissionId: 0,
        addresses: ownerSolo,
      });
    } else {
      findings.push({
        severity: 'info',
        code: LOCKOUT_FINDINGS.SINGLE_KEY_ACCOUNT,
        message: 'One key controls this account; losing it loses the account.',
        permissionId: 0,
        addresses: ownerSolo,
      });
    }
  }
  const ownerKeys = owner.keys.filter((k) => k.weight > 0n);
  if (ownerKeys.length > 1 && ownerGroup.reachable) {
    const critical = ownerKeys
      .map((k) => k.address)
      .filter((a) => ownerGroup.minimalKeySets.every((s) => s.addresses.includes(a)));
    if (critical.length > 0) {
      findings.push({
        severity: 'warn',
        code: LOCKOUT_FINDINGS.OWNER_NO_REDUNDANCY,
        message:
          `Every way to reach the owner threshold needs ${critical.map(short).join(' and ')}: losing ` +
          `${critical.length === 1 ? 'that key' : 'any of those keys'} locks the owner permission.`,
        permissionId: 0,
        addresses: critical,
      });
    }
  }

  const updateBit = CONTRACT_TYPE_IDS.AccountPermissionUpdateContract;
  for (const [i, p] of permissions.entries()) {
    if (p.type !== 'Active') continue;
    const g = groups[i]!;
    if (g.allowedTypes.includes(updateBit)) {
      findings.push({
        severity: 'warn',
        code: LOCKOUT_FINDINGS.ACTIVE_CAN_CHANGE_PERMISSIONS,
        message:
          `${capitalize(describePermission(p))} may change permissions, so its keys can rewrite the owner and ` +
          'take the whole account.',
        permissionId: p.id,
      });
    }
    if (g.unknownBits.length > 0) {
      findings.push({
        severity: 'warn',
        code: LOCKOUT_FINDINGS.UNKNOWN_OPERATION_BITS,
        message:
          `${capitalize(describePermission(p))} sets operation bits ${g.unknownBits.join(', ')}, which are no ` +
          'contract type; java-tron refuses the update unless the chain knows them.',
        permissionId: p.id,
      });
    }
  }
  const changers = capabilities.find((c) => c.capability === 'change-permissions')!;
  if (changers.coalitions.length === 0) {
    findings.push({
      severity: 'block',
      code: LOCKOUT_FINDINGS.NOBODY_CAN_CHANGE_PERMISSIONS,
      message: 'No reachable permission can change permissions: the structure could never be repaired.',
    });
  }
  for (const address of allAddresses) {
    if (contracts.has(address)) {
      findings.push({
        severity: 'warn',
        code: LOCKOUT_FINDINGS.KEY_IS_CONTRACT,
        message: `${short(address)} is a smart contract; it can never sign, so its weight is useless.`,
        addresses: [address],
      });
    }
    if (neverActive.has(address)) {
      findings.push({
        severity: 'warn',
        code: LOCKOUT_FINDINGS.KEY_NEVER_ACTIVE,
        message: `${short(address)} has never been used on chain; check that someone really holds its key.`,
        addresses: [address],
      });
    }
  }
  return { groups, capabilities, findings, verdict: verdictOf(findings) };
}

function verdictOf(findings: readonly Finding[]): 'block' | 'warn' | 'ok' {
  if (findings.some((f) => f.severity === 'block')) return 'block';
  if (findings.some((f) => f.severity === 'warn')) return 'warn';
  return 'ok';
}

// --- Before/after ----------------------------------------------------------------------------

export type PowerLevel = 'none' | 'shared' | 'alone';

export interface PowerChange {
  readonly address: HexAddress;
  readonly capability: CapabilityId;
  readonly before: PowerLevel;
  readonly after: PowerLevel;
  readonly change: 'gains' | 'loses';
}

export interface GroupChange {
  readonly id: number;
  readonly type: Permission['type'];
  readonly name: string;
  readonly change: 'added' | 'removed' | 'changed';
  readonly threshold?: { readonly before: bigint; readonly after: bigint };
  readonly renamed?: { readonly before: string; readonly after: string };
  readonly keysAdded: readonly { readonly address: HexAddress; readonly weight: bigint }[];
  readonly keysRemoved: readonly { readonly address: HexAddress; readonly weight: bigint }[];
  readonly weightsChanged: readonly { readonly address: HexAddress; readonly before: bigint; readonly after: bigint }[];
  readonly operationsAdded: readonly number[];
  readonly operationsRemoved: readonly number[];
}

export interface PermissionDiff {
  readonly groups: readonly GroupChange[];
  readonly powers: readonly PowerChange[];
}

function keyOf(p: Permission): string {
  return `${p.type}:${p.id}`;
}

function groupChange(before: Permission | undefined, after: Permission | undefined): GroupChange | undefined {
  const p = (after ?? before)!;
  const beforeKeys = new Map((before?.keys ?? []).map((k) => [k.address, k.weight]));
  const afterKeys = new Map((after?.keys ?? []).map((k) => [k.address, k.weight]));
  const beforeOps = before ? allowedTypeIds(before) : new Set<number>();
  const afterOps = after ? allowedTypeIds(after) : new Set<number>();
  const change: GroupChange = {
    id: p.id,
    type: p.type,
    name: p.name,
    change: !before ? 'added' : !after ? 'removed' : 'changed',
    ...(before && after && before.threshold !== after.threshold
      ? { threshold: { before: before.threshold, after: after.threshold } }
      : {}),
    ...(before && after && before.name !== after.name ? { renamed: { before: before.name, after: after.name } } : {}),
    keysAdded: [...afterKeys].filter(([a]) => !beforeKeys.has(a)).map(([address, weight]) => ({ address, weight })),
    keysRemoved: [...beforeKeys].filter(([a]) => !afterKeys.has(a)).map(([address, weight]) => ({ address, weight })),
    weightsChanged: [...afterKeys]
      .filter(([a, w]) => beforeKeys.has(a) && beforeKeys.get(a) !== w)
      .map(([address, w]) => ({ address, before: beforeKeys.get(address)!, after: w })),
    operationsAdded: [...afterOps].filter((o) => !beforeOps.has(o)).sort((a, b) => a - b),
    operationsRemoved: [...beforeOps].filter((o) => !afterOps.has(o)).sort((a, b) => a - b),
  };
  const unchanged =
    change.change === 'changed' &&
    !change.threshold &&
    !change.renamed &&
    change.keysAdded.length +
      change.keysRemoved.length +
      change.weightsChanged.length +
      change.operationsAdded.length +
      change.operationsRemoved.length ===
      0;
  return unchanged ? undefined : change;
}

function powerLevel(analysis: CapabilityAnalysis, address: HexAddress): PowerLevel {
  if (analysis.soloAddresses.includes(address)) return 'alone';
  return analysis.coalitions.some((c) => c.addresses.includes(address)) ? 'shared' : 'none';
}

const LEVEL_RANK: Record<PowerLevel, number> = { none: 0, shared: 1, alone: 2 };

/** What changes between two structures: per permission, and per address and capability. */
export function diffPermissions(before: AccountPermissions, after: AccountPermissions): PermissionDiff {
  const beforeList = effectivePermissions(before);
  const afterList = effectivePermissions(after);
  const ids = [...new Set([...beforeList, ...afterList].map(keyOf))];
  const groups = ids
    .map((id) =>
      groupChange(
        beforeList.find((p) => keyOf(p) === id),
        afterList.find((p) => keyOf(p) === id),
      ),
    )
    .filter((g): g is GroupChange => g !== undefined);
  const beforeGroups = beforeList.map(groupAnalysis);
  const afterGroups = afterList.map(groupAnalysis);
  const addresses = [...new Set([...beforeList, ...afterList].flatMap((p) => p.keys.map((k) => k.address)))];
  const powers: PowerChange[] = [];
  for (const capability of CAPABILITY_IDS) {
    const b = capabilityAnalysis(capability, beforeList, beforeGroups);
    const a = capabilityAnalysis(capability, afterList, afterGroups);
    for (const address of addresses) {
      const from = powerLevel(b, address);
      const to = powerLevel(a, address);
      if (from !== to)
        powers.push({
          address,
          capability,
          before: from,
          after: to,
          change: LEVEL_RANK[to] > LEVEL_RANK[from] ? 'gains' : 'loses',
        });
    }
  }
  return { groups, powers };
}

export interface PermissionChangeProof {
  readonly before: LockoutAnalysis;
  readonly after: LockoutAnalysis;
  readonly diff: PermissionDiff;
  /** Findings on the new structure plus those that only a comparison shows. */
  readonly findings: readonly Finding[];
  readonly verdict: 'block' | 'warn' | 'ok';
}

/** Everything the permission editor needs before an AccountPermissionUpdate is signed. */
export function provePermissionChange(
  before: AccountPermissions,
  after: AccountPermissions,
  context: LockoutContext = {},
): PermissionChangeProof {
  const beforeAnalysis = analyzePermissions(before, context);
  const afterAnalysis = analyzePermissions(after, context);
  const diff = diffPermissions(before, after);
  const findings = [...afterAnalysis.findings];
  const own = addressSet(context.ownAddresses);
  if (own.size > 0) {
    const ownerBefore = effectivePermissions(before)[0]!;
    const ownerAfter = effectivePermissions(after)[0]!;
    const leaving = ownerBefore.keys
      .filter((k) => own.has(k.address) && !ownerAfter.keys.some((n) => n.address === k.address))
      .map((k) => k.address);
    if (leaving.length > 0) {
      const all = !ownerAfter.keys.some((k) => own.has(k.address));
      findings.push({
        severity: 'warn',
        code: LOCKOUT_FINDINGS.OWN_KEYS_LEAVE_OWNER,
        message: all
          ? 'Your keys leave the owner permission: after this change you can no longer take part in changing ' +
            'permissions through the owner.'
          : `Your key${leaving.length > 1 ? 's' : ''} ${leaving.map(short).join(', ')} ` +
            `leave${leaving.length > 1 ? '' : 's'} the owner permission.`,
        permissionId: 0,
        addresses: leaving,
      });
    }
  }
  return { before: beforeAnalysis, after: afterAnalysis, diff, findings, verdict: verdictOf(findings) };
}
