import type { HexAddress } from '../../../src-core/brand';
import { effectivePermissions, WITNESS_PERMISSION_ID } from '../../../src-core/permission/model';
import type { TxFacts } from '../block-facts';
import { recoverSigners } from '../signers';
import { RULES, type AlertDraft } from '../types';
import { accountName, nameList, type RuleContext } from './context';
import { describeOutflow, outflows } from './outflows';

export interface ExpectedSigners {
  readonly permissionIds: readonly number[];
  readonly signers: ReadonlySet<string>;
}

/**
 * Who may sign for the account: with `fromChain` on, every key and transaction permission id of
 * its permissions on chain before this transaction (followed block by block, so a rotated key is
 * expected from the block that added it), plus whatever a person listed; with it off, the
 * person's lists, or what the account had when watching began.
 */
export function expectedSigners(ctx: RuleContext): ExpectedSigners {
  const rule = ctx.account.rules.unexpectedSigner;
  if (!rule.fromChain)
    return {
      permissionIds: rule.permissionIds ?? ctx.baseline.permissionIds,
      signers: new Set(rule.signers ?? ctx.baseline.signers),
    };
  const effective = effectivePermissions(ctx.permissions);
  // The witness permission only signs blocks, never a transaction.
  const ids = effective.map((p) => p.id).filter((id) => id !== WITNESS_PERMISSION_ID);
  return {
    permissionIds: [...new Set([...ids, ...(rule.permissionIds ?? [])])],
    signers: new Set([...effective.flatMap((p) => p.keys.map((k) => k.address)), ...(rule.signers ?? [])]),
  };
}

/**
 * A transaction of the watched account signed under a Permission_id, or by a key, that is not
 * expected (`expectedSigners`). Signers are recovered from the signatures, not taken from the
 * node, for every transaction of the account: the followed permissions can lag the chain (an
 * account added while catching up), and a signer outside them is exactly what must not be missed.
 * What the transaction moved out of the account is named in the same alert.
 */
export function unexpectedSigner(facts: TxFacts, ctx: RuleContext): AlertDraft[] {
  const rule = ctx.account.rules.unexpectedSigner;
  if (!rule.enabled || facts.owner !== ctx.account.address) return [];
  const expected = expectedSigners(ctx);
  const idOutside = !expected.permissionIds.includes(facts.permissionId);
  const { signers, unreadable } = recoverSigners(facts.transaction);
  const outsideSigners = signers.filter((s) => !expected.signers.has(s));
  if (!idOutside && outsideSigners.length === 0 && unreadable === 0) return [];
  const owner = accountName(ctx);
  const reasons: string[] = [];
  if (outsideSigners.length > 0)
    reasons.push(
      `signed by ${nameList(ctx, outsideSigners)}, ` +
        `${rule.fromChain ? `not a key of ${owner}’s permissions on chain` : 'not an expected signer'}`,
    );
  if (idOutside)
    reasons.push(
      `under permission id ${facts.permissionId}, not one of ${owner}’s ` +
        `(${expected.permissionIds.join(', ') || 'none'})`,
    );
  if (unreadable > 0) reasons.push(`${unreadable} signature(s) name no key`);
  const moved = outflows(facts, ctx.account.address).map((flow) => describeOutflow(flow, ctx.words));
  const what = moved.length > 0 ? `moved ${moved.join('; ')}` : `made a ${facts.type}`;
  return [
    {
      rule: RULES.unexpectedSigner,
      account: ctx.account.address,
      txid: facts.txid,
      title: `${owner} ${what}, ${reasons.join('; ')}.`,
      details: {
        contractType: facts.type,
        permissionId: facts.permissionId,
        signers: signers as readonly HexAddress[],
        unexpectedSigners: outsideSigners,
        unreadableSignatures: unreadable,
        allowedPermissionIds: expected.permissionIds,
        allowedSigners: [...expected.signers],
        expectedFromChain: rule.fromChain,
      },
    },
  ];
}
