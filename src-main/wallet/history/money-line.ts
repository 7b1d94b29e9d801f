import { toBase58Address } from '../../../src-core/address/address';
import type { AmountLine, EnvelopeSummary } from '../../../src-core/envelope';
import { formatUnits } from '../../../src-core/units/amount';
import { trc10Key, type TokenFacts } from '../chain-knowledge/describe';

/**
 * The money a transaction moves, as an accountant books it: one asset, one amount and one
 * recipient. A transaction moves at most one asset to one recipient on TRON (a transfer, a TRC10
 * transfer, or a TRC20 `transfer`/`transferFrom` call), so the first `send` line is the payment;
 * staking, votes and permission changes move nothing to anyone and have no money line.
 */
export interface MoneyLine {
  /** `TRX`, the TRC10 token id, or the TRC20 contract (Base58). */
  readonly asset: string;
  /** The token's symbol when known, else null (TRX is `TRX`). */
  readonly symbol: string | null;
  /** Decimal text in the asset's own units; null when the decimals are unknown. */
  readonly amount: string | null;
  readonly baseUnits: bigint;
  readonly decimals: number | null;
  /** Base58. */
  readonly recipient: string;
}

function sendLine(summary: EnvelopeSummary): AmountLine | undefined {
  const lines = [...summary.amounts, ...(summary.call?.decoded?.effects ?? [])];
  return lines.find((line) => line.role === 'send');
}

function base58(address: string): string {
  try {
    return toBase58Address(address);
  } catch {
    return address;
  }
}

export function moneyLine(summary: EnvelopeSummary, tokens: TokenFacts): MoneyLine | null {
  const line = sendLine(summary);
  const recipient = line?.asset === 'TRC20' ? line.to : summary.recipients[0];
  if (!line || !recipient) return null;
  if (line.asset === 'TRX') {
    const sun = BigInt(line.sun);
    return {
      asset: 'TRX',
      symbol: 'TRX',
      amount: formatUnits(sun, 6),
      baseUnits: sun,
      decimals: 6,
      recipient: base58(recipient),
    };
  }
  const key = line.asset === 'TRC10' ? trc10Key(line.tokenId) : line.contract;
  const facts = tokens.get(key);
  const baseUnits = BigInt(line.amount);
  return {
    asset: line.asset === 'TRC10' ? line.tokenId : base58(line.contract),
    symbol: facts?.symbol ?? null,
    amount: facts ? formatUnits(baseUnits, facts.decimals) : null,
    baseUnits,
    decimals: facts?.decimals ?? null,
    recipient: base58(recipient),
  };
}
