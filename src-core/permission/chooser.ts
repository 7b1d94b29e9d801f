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
  /** Why it was not chosen; empty for the chosen one. */
  readonly reasons: readonly { readonly code: ChooserReasonCode; readonly message: string }[];
}

export interface PermissionChoice {
  readonly permissionId: number | undefined;
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

/**
 * Picks the permission with the smallest threshold that allows `contractType` and contains one
 * of `heldAddresses`; ties go to the one needing the least extra weight, then to an active
 * permission over the owner (least privilege), then to the lower id.
 */
export function choosePermission(
  account: AccountPermissions | null,
  contractType: ContractTypeName | number,
  heldAddresses: Iterable<string>,
  options: PermissionLookupOptions & { ownerAddress?: string } = {},
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
      if (a.p.threshold !== b.p.threshold) return a.p.threshold < b.p.threshold ? -1 : 1;
      const needA = a.p.threshold - a.heldWeight;
      const needB = b.p.threshold - b.heldWeight;
      if (needA !== needB) return needA < needB ? -1 : 1;
      if (a.p.type !== b.p.type) return a.p.type === 'Active' ? -1 : 1;
      return a.p.id - b.p.id;
    });
  const chosen = ranked[0];
  for (const other of ranked.slice(1)) {
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
    reasons: a.reasons,
  }));
  if (!chosen) {
    const stuck = assessed.filter((a) => a.allowsType && a.heldKeys.length > 0);
    return {
      permissionId: undefined,
      permission: undefined,
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
  return {
    permissionId: chosen.p.id,
    permission: chosen.p,
    candidates,
    explanation:
      `Use ${describePermission(chosen.p)}${chosen.p.type === 'Owner' ? ' (id 0)' : ''}: it may ${action} and ` +
      `${cosign}.`,
  };
}

/** Like `choosePermission`, but throws when no permission qualifies. */
export function requirePermissionChoice(...args: Parameters<typeof choosePermission>): Permission {
  const choice = choosePermission(...args);
  if (!choice.permission) throw new PermissionError('PERM_NO_PERMISSION_CAN_SIGN', choice.explanation);
  return choice.permission;
}
