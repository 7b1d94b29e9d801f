import type { HexAddress } from '../../../src-core/brand';
import { permissionFor } from '../../../src-core/permission/model';
import type { TxFacts } from '../block-facts';
import { recoverSigners } from '../signers';
import { RULES, type AlertDraft } from '../types';
import { accountName, base58List, type RuleContext } from './context';

/**
 * A transaction of the watched account signed under a Permission_id, or by a key, outside the
 * allowlist: the rule's own lists, or else what the account had when watching began. Signers are
 * recovered from the signatures, not taken from the node.
 */
export function unexpectedSigner(facts: TxFacts, ctx: RuleContext): AlertDraft[] {
  const rule = ctx.account.rules.unexpectedSigner;
  if (!rule.enabled || facts.owner !== ctx.account.address) return [];
  const allowedIds = rule.permissionIds ?? ctx.baseline.permissionIds;
  const allowedSigners = new Set<string>(rule.signers ?? ctx.baseline.signers);
  const idOutside = !allowedIds.includes(facts.permissionId);
  // The chain accepts only signatures by keys of the permission the transaction names (java-tron
  // TransactionCapsule.checkPermission): when every key of it is allowed, nobody else signed,
  // and recovering the signers (the costly part of this rule) can be skipped.
  const permission = permissionFor(ctx.permissions, facts.permissionId, { ownerAddress: ctx.account.address });
  if (!idOutside && permission && permission.keys.every((k) => allowedSigners.has(k.address))) return [];
  const { signers, unreadable } = recoverSigners(facts.transaction);
  const outsideSigners = signers.filter((s) => !allowedSigners.has(s));
  if (!idOutside && outsideSigners.length === 0 && unreadable === 0) return [];
  const reasons: string[] = [];
  if (idOutside) reasons.push(`permission id ${facts.permissionId} is not one of ${allowedIds.join(', ') || 'none'}`);
  if (outsideSigners.length > 0) reasons.push(`signed by ${base58List(outsideSigners)}, not on the list`);
  if (unreadable > 0) reasons.push(`${unreadable} signature(s) name no key`);
  return [
    {
      rule: RULES.unexpectedSigner,
      account: ctx.account.address,
      txid: facts.txid,
      title: `A ${facts.type} of ${accountName(ctx.account)} was signed outside the expected: ${reasons.join('; ')}.`,
      details: {
        contractType: facts.type,
        permissionId: facts.permissionId,
        signers: signers as readonly HexAddress[],
        unexpectedSigners: outsideSigners,
        unreadableSignatures: unreadable,
        allowedPermissionIds: allowedIds,
        allowedSigners: [...allowedSigners],
      },
    },
  ];
}
