import type { TxFacts } from '../block-facts';
import { RULES, type AlertDraft } from '../types';
import { outgoingThreshold } from '../watch-list';
import { accountName, type RuleContext } from './context';
import { describeOutflow, outflows } from './outflows';

/** TRX, TRC-10 or TRC-20 leaving the account above the rule's threshold for that asset. */
export function outgoingValue(facts: TxFacts, ctx: RuleContext): AlertDraft[] {
  const rule = ctx.account.rules.outgoingValue;
  if (!rule.enabled) return [];
  const over = outflows(facts, ctx.account.address).filter((flow) => {
    const threshold = flow.asset === 'TRX' ? rule.trxSun : outgoingThreshold(rule, flow.token!);
    return threshold !== undefined && flow.amount > threshold;
  });
  if (over.length === 0) return [];
  return [
    {
      rule: RULES.outgoingValue,
      account: ctx.account.address,
      txid: facts.txid,
      title: `Value left ${accountName(ctx)}: ${over.map((flow) => describeOutflow(flow, ctx.words)).join('; ')}.`,
      details: {
        contractType: facts.type,
        outflows: over.map((flow) => ({
          asset: flow.asset,
          ...(flow.token !== undefined ? { token: flow.token } : {}),
          amount: flow.amount.toString(),
          threshold: (flow.asset === 'TRX' ? rule.trxSun : outgoingThreshold(rule, flow.token!))!.toString(),
          ...(flow.to ? { to: flow.to } : {}),
        })),
      },
    },
  ];
}
