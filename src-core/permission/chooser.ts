import type { HexAddress } from '../brand';
import { PermissionError } from '../errors';
import { toHexAddress } from '../address/address';
import { CONTRACT_TYPE_IDS, contractTypeName, type ContractTypeName } from '../tx/contract-types';
import { allowedTypeIds, minimalKeySets } from './coalitions';
import { operationLabel } from './labels';
import {
  capitalize,
  describePermission,
  effectivePermissions,
  type AccountPermissions,
  type Permission,
  type PermissionLookupOptions,
} from './model';

/**
 * The permission-aware builder's choice: which Permission_id to
 * put on a transaction of a given type, given the keys the user holds, and why every other
 * permission was passed over.
 */
export const CHOOSER_REASONS = {
  WITNESS_CANNOT_SIGN: 'CHOOSE_WITNESS_CANNOT_SIGN',
  NOT_ALLOWED: 'CHOOSE_NOT_ALLOWED',
  NO_HELD_KEY: 'CHOOSE_NO_HELD_KEY',
  UNREACHABLE: 'CHOOSE_UNREACHABLE',
  HIGHER_THRESHOLD: 'CHOOSE_HIGHER_THRESHOLD',
  OUTRANKED: 'CHOOSE_OUTRANKED',
  BYPASSES_GROUP: 'CHOOSE_BYPASSES_GROUP',
  NOT_PICKED: 'CHOOSE_NOT_PICKED',
} as const;
export type ChooserReasonCode = (typeof CHOOSER_REASONS)[keyof typeof CHOOSER_REASONS];

export interface PermissionCandidate {
  readonly id: number;
  readonly type: Permission['type'];
  readonly name: string;
  readonly threshold: bigint;
  readonly allowsType: boolean;
  /** The user's addresses that are keys of this permission. */
  readonly heldKeys: readonly HexAddress[];
  readonly heldWeight: bigint;
  /** The user's keys alone reach the threshold (no co-signer needed). */
  readonly reachableAlone: boolean;
  readonly qualifies: boolean;
  /**
   * A single-key permission that would let one key do what a multi-key group of the account also
   * covers: the sentence saying which group it bypasses; null otherwise.
   */
  readonly bypasses: string | null;
  /** Why it was not chosen; empty for the chosen one. */
  readonly reasons: readonly { readonly code: ChooserReasonCode; readonly message: string }[];
}

export interface PermissionChoice {
  readonly permissionId: number | undefined;
  /** The person picked this permission (`pick`); false when the chooser's rule decided. */
  readonly picked: boolean;
  readonly permission: Permission | undefined;
  readonly candidates: readonly PermissionCandidate[];
  readonly explanation: string;
}

function typeName(type: ContractTypeName | number): ContractTypeName {
  const name = typeof type === 'number' ? contractTypeName(type) : type;
  if (name === undefined || !(name in CONTRACT_TYPE_IDS))
    throw new PermissionError('PERM_UNKNOWN_CONTRACT_TYPE', `${String(type)} is not a TRON contract type.`, {
      type: String(type),
    });
  return name;
}

/** Several keys, or a threshold above 1: more than one person's say is built into the group. */
function isMultiKey(p: Permission): boolean {
  return p.threshold > 1n || p.keys.length > 1;
}

function groupText(p: Permission): string {
  const label = p.type === 'Owner' ? 'owner' : p.name ? `"${p.name}"` : `active ${p.id}`;
  const equal = p.keys.every((k) => k.weight === 1n);
  return equal
    ? `the ${p.threshold}-of-${p.keys.length} ${label} group`
    : `the ${label} group (threshold ${p.threshold} over ${p.keys.length} keys)`;
}

function bypassSentence(single: Permission, group: Permission): string {
  const who = single.type === 'Owner' ? 'the owner key' : `the key of ${describePermission(single)}`;
  return `Signing with ${who} alone bypasses ${groupText(group)}.`;
}

/**
 * Picks the permission to sign with. A multi-key group (several keys or a threshold above 1) that
 * may do the operation and holds one of `heldAddresses` comes first, so a single key of another
 * permission (often the owner's) never silently replaces the group a treasury set up; then the
 * smallest threshold; ties go to the one needing the least extra weight, then to an active
 * permission over the owner (least privilege), then to the lower id. `pick` is the person's own
 * choice: it is used whenever that permission may sign this type, and the others say so.
 */
export function choosePermission(
  account: AccountPermissions | null,
  contractType: ContractTypeName | number,
  heldAddresses: Iterable<string>,
  options: PermissionLookupOptions & { ownerAddress?: string; pick?: number } = {},
): PermissionChoice {
  const type = typeName(contractType);
  const typeId = CONTRACT_TYPE_IDS[type];
  const label = operationLabel(type);
  const action = label.charAt(0).toLowerCase() + label.slice(1);
  const held = new Set([...heldAddresses].map((a) => toHexAddress(a)));
  const permissions = effectivePermissions(account, options);

  const assessed = permissions.map((p) => {
    const reasons: { code: ChooserReasonCode; message: string }[] = [];
    const heldKeys = p.keys.filter((k) => held.has(k.address) && k.weight > 0n);
    const heldWeight = heldKeys.reduce((s, k) => s + k.weight, 0n);
    const allowsType = p.type !== 'Witness' && allowedTypeIds(p).has(typeId);
    const reachable = minimalKeySets(p).length > 0;
    if (p.type === 'Witness')
      reasons.push({
        code: CHOOSER_REASONS.WITNESS_CANNOT_SIGN,
        message: `${capitalize(describePermission(p))} only signs blocks, never transactions.`,
      });
    else if (!allowsType)
      reasons.push({
        code: CHOOSER_REASONS.NOT_ALLOWED,
        message: `${capitalize(describePermission(p))} is not allowed to ${action}.`,
      });
    if (p.type !== 'Witness' && heldKeys.length === 0)
      reasons.push({ code: CHOOSER_REASONS.NO_HELD_KEY, message: `None of your keys is in ${describePermission(p)}.` });
    if (p.type !== 'Witness' && !reachable)
      reasons.push({
        code: CHOOSER_REASONS.UNREACHABLE,
        message: `The threshold of ${describePermission(p)} cannot be reached by all its keys together.`,
      });
    return {
      p,
      heldKeys: heldKeys.map((k) => k.address),
      heldWeight,
      allowsType,
      reachableAlone: heldWeight >= p.threshold && p.threshold > 0n,
      qualifies: reasons.length === 0,
      reasons,
    };
  });

  const ranked = assessed
    .filter((a) => a.qualifies)
    .sort((a, b) => {
      if (isMultiKey(a.p) !== isMultiKey(b.p)) return isMultiKey(a.p) ? -1 : 1;
      if (a.p.threshold !== b.p.threshold) return a.p.threshold < b.p.threshold ? -1 : 1;
      const needA = a.p.threshold - a.heldWeight;
      const needB = b.p.threshold - b.heldWeight;
      if (needA !== needB) return needA < needB ? -1 : 1;
      if (a.p.type !== b.p.type) return a.p.type === 'Active' ? -1 : 1;
      return a.p.id - b.p.id;
    });
  const group = ranked.find((a) => isMultiKey(a.p));
  const bypasses = new Map(
    assessed
      .filter((a) => group && a.qualifies && !isMultiKey(a.p))
      .map((a) => [a.p.id, bypassSentence(a.p, group!.p)] as const),
  );
  const pickedOne = assessed.find((a) => a.p.id === options.pick && a.allowsType);
  const chosen = pickedOne ?? ranked[0];
  for (const other of ranked.filter((a) => a !== chosen)) {
    const bypass = bypasses.get(other.p.id);
    if (bypass) other.reasons.push({ code: CHOOSER_REASONS.BYPASSES_GROUP, message: bypass });
    else if (pickedOne)
      other.reasons.push({
        code: CHOOSER_REASONS.NOT_PICKED,
        message: `${capitalize(describePermission(other.p))} also works; you chose ${describePermission(pickedOne.p)}.`,
      });
    else
      other.reasons.push(
        other.p.threshold > chosen!.p.threshold
          ? {
              code: CHOOSER_REASONS.HIGHER_THRESHOLD,
              message:
                `${capitalize(describePermission(other.p))} also works but needs weight ${other.p.threshold} ` +
                `instead of ${chosen!.p.threshold}.`,
            }
          : {
              code: CHOOSER_REASONS.OUTRANKED,
              message:
                `${capitalize(describePermission(other.p))} also works with the same threshold; ` +
                `${describePermission(chosen!.p)} needs fewer co-signatures or grants less.`,
            },
      );
  }
  const candidates: PermissionCandidate[] = assessed.map((a) => ({
    id: a.p.id,
    type: a.p.type,
    name: a.p.name,
    threshold: a.p.threshold,
    allowsType: a.allowsType,
    heldKeys: a.heldKeys,
    heldWeight: a.heldWeight,
    reachableAlone: a.reachableAlone,
    qualifies: a.qualifies,
    bypasses: bypasses.get(a.p.id) ?? null,
    reasons: a.reasons,
  }));
  if (!chosen) {
    const stuck = assessed.filter((a) => a.allowsType && a.heldKeys.length > 0);
    return {
      permissionId: undefined,
      permission: undefined,
      picked: false,
      candidates,
      explanation:
        stuck.length > 0
          ? `The permissions that may ${action} and hold your keys can never reach their thresholds; the owner ` +
            'must repair them first.'
          : `None of your keys belongs to a permission that may ${action}; ask a key holder of such a ` +
            'permission to propose it.',
    };
  }
  const cosign = chosen.reachableAlone
    ? 'your keys alone reach its threshold'
    : `your keys weigh ${chosen.heldWeight} of the ${chosen.p.threshold} needed, so co-signers must add ` +
      `${chosen.p.threshold - chosen.heldWeight}`;
  const bypass = bypasses.get(chosen.p.id);
  return {
    permissionId: chosen.p.id,
    permission: chosen.p,
    picked: pickedOne !== undefined,
    candidates,
    explanation:
      `${pickedOne ? 'You chose' : 'Use'} ${describePermission(chosen.p)}` +
      `${chosen.p.type === 'Owner' ? ' (id 0)' : ''}: ` +
      `it may ${action} and ${cosign}.${pickedOne && bypass ? ` ${bypass}` : ''}`,
  };
}

/** Like `choosePermission`, but throws when no permission qualifies. */
export function requirePermissionChoice(...args: Parameters<typeof choosePermission>): Permission {
  const choice = choosePermission(...args);
  if (!choice.permission) throw new PermissionError('PERM_NO_PERMISSION_CAN_SIGN', choice.explanation);
  return choice.permission;
}
