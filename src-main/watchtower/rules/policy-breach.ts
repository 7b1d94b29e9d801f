import { toBase58Address } from '../../../src-core/address/address';
import type { HexAddress } from '../../../src-core/brand';
import {
  evaluatePolicy,
  POLICY_BREACH,
  trc10Asset,
  trc20Asset,
  trxAsset,
  type AssetKey,
  type BalanceChange,
  type OutflowRecord,
  type PolicyBreach,
  type PolicyInput,
  type PolicyVerdict,
} from '../../../src-core/policy';
import type { TxFacts } from '../block-facts';
import type { WatchedPolicy } from '../policies';
import { recoverSigners } from '../signers';
import { RULES, type AlertDraft } from '../types';
import { accountName, type RuleContext } from './context';
import { outflows, type Outflow } from './outflows';

/** One outflow as the policy counts it: its asset key and the receiver when the chain names one. */
export interface PolicyOutflow {
  readonly asset: AssetKey;
  readonly amount: bigint;
  readonly to?: HexAddress;
}

function assetKey(flow: Outflow): AssetKey {
  if (flow.asset === 'TRX') return trxAsset();
  return flow.asset === 'TRC10' ? trc10Asset(flow.token!) : trc20Asset(flow.token!);
}

/** TRX, TRC-10 and TRC-20 (Transfer logs) leaving the account in this transaction, as asset keys. */
export function policyOutflows(facts: TxFacts, account: HexAddress): PolicyOutflow[] {
  return outflows(facts, account).map((flow) => ({
    asset: assetKey(flow),
    amount: flow.amount,
    ...(flow.to ? { to: flow.to } : {}),
  }));
}

const RECIPIENT_BREACHES: ReadonlySet<string> = new Set([
  POLICY_BREACH.recipientNotAllowed,
  POLICY_BREACH.recipientCoolingOff,
]);

/** The first 4 bytes of a TriggerSmartContract's call data and its contract, when the account sent it. */
function callOf(facts: TxFacts): PolicyInput['call'] {
  if (facts.type !== 'TriggerSmartContract') return undefined;
  const contract = facts.value.contract_address;
  const data = facts.value.data;
  if (typeof contract !== 'string' || typeof data !== 'string' || data.length < 8) return undefined;
  return { contract, selector: data.slice(0, 8).toLowerCase() };
}

/**
 * An outflow of a watched account that breaks its treasury policy, whoever signed it: keys used
 * outside this app included. The policy is evaluated as a desk would before signing, on what the
 * chain shows:
 * - the permission is the transaction's Permission_id; an outflow the account did not send itself
 *   (a TRC-20 transferFrom by a spender) breaks the policy only if it would break it under every
 *   permission the policy names, since any of them may have granted the allowance;
 * - daily caps count the outflows the watchtower itself saw in the 24 hours of chain time before
 *   the block (nothing before watching began, nothing in an unfilled watch gap);
 * - the recipient allowlist and cooling-off are judged only when the provider holds an address
 *   book; the headless watcher has none;
 * - tiers count the signatures the transaction carries: the first signer stands for the desk, the
 *   others for those who signed before it; schedules use the block time.
 */
export function policyBreach(
  facts: TxFacts,
  ctx: RuleContext,
  watched: WatchedPolicy,
  history: readonly OutflowRecord[],
  time: number,
): AlertDraft[] {
  const account = ctx.account.address;
  const flows = policyOutflows(facts, account);
  if (flows.length === 0) return [];
  const sentByAccount = facts.owner === account;
  const { signers } = recoverSigners(facts.transaction);
  const balanceChanges: BalanceChange[] = flows.flatMap((f) => [
    { address: account, asset: f.asset, delta: -f.amount },
    ...(f.to ? [{ address: f.to, asset: f.asset, delta: f.amount }] : []),
  ]);
  const single = flows.length === 1 && flows[0]!.to ? flows[0]! : undefined;
  const base = {
    owner: account,
    contractType: facts.type,
    ...(single ? { transfer: { asset: single.asset, amount: single.amount, recipient: single.to! } } : {}),
    balanceChanges,
    approvedSigners: sentByAccount ? signers : [],
    signer: sentByAccount && signers[0] ? signers[0] : account,
    time,
    addressBook: watched.addressBook ?? [],
    history,
  };
  const evaluate = (permissionId: number): PolicyVerdict => {
    const name = permissionName(ctx, permissionId);
    const call = sentByAccount ? callOf(facts) : undefined;
    const verdict = evaluatePolicy(watched.policy, {
      ...base,
      permissionId,
      ...(name ? { permissionName: name } : {}),
      ...(call ? { call } : {}),
    });
    if (verdict.pass || watched.addressBook) return verdict;
    const breaches = verdict.breaches.filter((b) => !RECIPIENT_BREACHES.has(b.code));
    return breaches.length === 0
      ? { pass: true, policyVersion: verdict.policyVersion, breaches: [] }
      : { ...verdict, breaches };
  };
  const ids = sentByAccount ? [facts.permissionId] : watched.policy.permissions.map((p) => p.permissionId);
  const verdicts = ids.map(evaluate);
  if (verdicts.length === 0 || verdicts.some((v) => v.pass)) return [];
  const breaches = verdicts.reduce<readonly PolicyBreach[]>(
    (fewest, v) => (v.breaches.length < fewest.length ? v.breaches : fewest),
    verdicts[0]!.breaches,
  );
  const version = watched.policy.version;
  return [
    {
      rule: RULES.policyBreach,
      account,
      txid: facts.txid,
      title:
        `An outflow from ${accountName(ctx)} breaks treasury policy version ${version}` +
        `${sentByAccount ? '' : ' (pulled by a spender, not sent by the account)'}: ` +
        breaches.map((b) => b.message).join(' '),
      details: {
        contractType: facts.type,
        policyVersion: version,
        permissionId: sentByAccount ? facts.permissionId : null,
        signers: signers.map((s) => toBase58Address(s)),
        outflows: flows.map((f) => ({
          asset: f.asset,
          amount: f.amount.toString(),
          ...(f.to ? { to: toBase58Address(f.to) } : {}),
        })),
        breaches: breaches.map((b) => ({
          code: b.code,
          message: b.message,
          details: Object.fromEntries(
            Object.entries(b.details).map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : v]),
          ),
        })),
        recipientsJudged: watched.addressBook !== undefined,
      },
    },
  ];
}

function permissionName(ctx: RuleContext, id: number): string | undefined {
  if (id === 0) return ctx.permissions.owner?.name ?? 'owner';
  return ctx.permissions.actives.find((p) => p.id === id)?.name;
}
