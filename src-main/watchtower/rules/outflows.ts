import type { HexAddress } from '../../../src-core/brand';
import { summarizeTransaction, type AmountRole } from '../../../src-core/envelope/summary';
import type { AlertWords } from '../alert-words';
import type { TxFacts } from '../block-facts';
import { addressField } from '../block-facts';
import type { TokenKey } from '../watch-list';

export interface Outflow {
  readonly asset: 'TRX' | 'TRC10' | 'TRC20';
  /** TRC-10 id or TRC-20 contract; absent for TRX. */
  readonly token?: TokenKey;
  readonly amount: bigint;
  readonly to?: HexAddress;
}

/** Summary lines in which value leaves the owner: sent, paid for a token, or sent with a call. */
const LEAVING: ReadonlySet<AmountRole> = new Set(['send', 'buy-token', 'call-value']);

/** Everything the transaction takes out of `account`: TRX, TRC-10 and (from Transfer logs) TRC-20. */
export function outflows(facts: TxFacts, account: HexAddress): Outflow[] {
  if (!facts.success) return [];
  const out: Outflow[] = [];
  if (facts.owner === account) {
    // The transaction's own amounts, as the co-signing summary reads them (decoding no call data:
    // TRC-20 amounts come from the logs below, which also catch transferFrom by a spender).
    const summary = summarizeTransaction(facts.transaction, { decoder: false });
    const to = addressField(summary.recipients[0]);
    for (const line of summary.amounts) {
      if (!LEAVING.has(line.role)) continue;
      if (line.asset === 'TRX') out.push({ asset: 'TRX', amount: BigInt(line.sun), ...(to ? { to } : {}) });
      else if (line.asset === 'TRC10')
        out.push({ asset: 'TRC10', token: line.tokenId, amount: BigInt(line.amount), ...(to ? { to } : {}) });
    }
  }
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
    out.push({ asset: 'TRC20', token, amount: entry.amount, ...(receivers.length === 1 ? { to: receivers[0]! } : {}) });
  }
  return out.filter((flow) => flow.amount > 0n);
}

/** "250,000 USDT to Acme Supplies": the amount in its unit and the receiver by name. */
export function describeOutflow(flow: Outflow, words: AlertWords): string {
  const what = words.amount(flow.asset === 'TRX' ? 'TRX' : flow.token!, flow.amount);
  return flow.to ? `${what} to ${words.name(flow.to)}` : what;
}
