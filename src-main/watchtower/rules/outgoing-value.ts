import type { HexAddress } from '../../../src-core/brand';
import { toBase58Address } from '../../../src-core/address/address';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { bytesToUtf8, isValidUtf8 } from '../../../src-core/bytes/utf8';
import { toBigInt } from '../../../src-core/json/lossless';
import { formatTrx } from '../../../src-core/units/amount';
import type { TxFacts } from '../block-facts';
import { addressField } from '../block-facts';
import { RULES, type AlertDraft } from '../types';
import { outgoingThreshold, type TokenKey } from '../watch-list';
import { accountName, type RuleContext } from './context';

interface Outflow {
  readonly asset: 'TRX' | 'TRC10' | 'TRC20';
  /** TRC-10 id or TRC-20 contract; absent for TRX. */
  readonly token?: TokenKey;
  readonly amount: bigint;
  readonly to?: HexAddress;
}

function amount(value: unknown): bigint {
  if (value === undefined || value === null) return 0n;
  try {
    return toBigInt(value);
  } catch {
    return 0n;
  }
}

/** java-tron prints a TRC-10 `asset_name` as the hex of the id's text ("31303030303031" = "1000001"). */
function tokenId(value: unknown): TokenKey {
  const text = typeof value === 'string' ? value : String(value ?? '');
  if (/^([0-9a-fA-F]{2})+$/.test(text)) {
    const bytes = hexToBytes(text);
    if (isValidUtf8(bytes)) {
      const decoded = bytesToUtf8(bytes);
      if (/^\d+$/.test(decoded)) return decoded;
    }
  }
  return text;
}

/** Everything the transaction takes out of `account`: TRX, TRC-10 and (from Transfer logs) TRC-20. */
function outflows(facts: TxFacts, account: HexAddress): Outflow[] {
  if (!facts.success) return [];
  const v = facts.value;
  const out: Outflow[] = [];
  const to = addressField(v.to_address) ?? addressField(v.contract_address);
  const push = (flow: Outflow): void => {
    if (flow.amount > 0n) out.push(flow);
  };
  if (facts.owner === account) {
    switch (facts.type) {
      case 'TransferContract':
      case 'ParticipateAssetIssueContract':
        push({ asset: 'TRX', amount: amount(v.amount), ...(to ? { to } : {}) });
        break;
      case 'TransferAssetContract':
        push({ asset: 'TRC10', token: tokenId(v.asset_name), amount: amount(v.amount), ...(to ? { to } : {}) });
        break;
      case 'TriggerSmartContract':
        push({ asset: 'TRX', amount: amount(v.call_value), ...(to ? { to } : {}) });
        push({ asset: 'TRC10', token: String(amount(v.token_id)), amount: amount(v.call_token_value) });
        break;
      case 'CreateSmartContract': {
        const created = (v.new_contract ?? {}) as Record<string, unknown>;
        push({ asset: 'TRX', amount: amount(created.call_value) });
        push({ asset: 'TRC10', token: String(amount(v.token_id)), amount: amount(v.call_token_value) });
        break;
      }
    }
  }
  // Logs catch what leaves through transferFrom by a spender or a contract acting for the account.
  const byToken = new Map<TokenKey, { amount: bigint; to: Set<HexAddress> }>();
  for (const t of facts.transfers) {
    if (t.from !== account) continue;
    const entry = byToken.get(t.token) ?? { amount: 0n, to: new Set() };
    entry.amount += t.amount;
    entry.to.add(t.to);
    byToken.set(t.token, entry);
  }
  for (const [token, entry] of byToken) {
    const receivers = [...entry.to];
    push({ asset: 'TRC20', token, amount: entry.amount, ...(receivers.length === 1 ? { to: receivers[0]! } : {}) });
  }
  return out;
}

function describe(flow: Outflow): string {
  const what =
    flow.asset === 'TRX'
      ? `${formatTrx(flow.amount)} TRX`
      : flow.asset === 'TRC10'
        ? `${flow.amount} units of TRC-10 token ${flow.token}`
        : `${flow.amount} units of TRC-20 token ${toBase58Address(flow.token!)}`;
  return flow.to ? `${what} to ${toBase58Address(flow.to)}` : what;
}

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
      title: `Value left ${accountName(ctx.account)}: ${over.map(describe).join('; ')}.`,
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
