import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { DynamicProperties, PriceHistories } from '../state/dynamic';

/**
 * The price histories java-tron keeps beside the prices (DynamicPropertiesStore ENERGY_PRICE_HISTORY,
 * BANDWIDTH_PRICE_HISTORY, MEMO_FEE_HISTORY): "<ms>:<sun>" entries joined by commas, the first at
 * time 0. An approved ENERGY_FEE, TRANSACTION_FEE or MEMO_FEE proposal appends "<its expiration
 * time>:<new price>" (ProposalService.process); getenergyprices / getbandwidthprices / getmemofee
 * print the text, and JSON-RPC
 * prices a transaction at its block's time (Wallet.getEnergyFee(timestamp)).
 */

/** ProposalUtil codes of the two prices. */
const PRICE_CODES = { transactionFee: 3n, energyFee: 11n, memoFee: 68n } as const;

/** Where the history starts: the chain's prices from time 0. */
export function startingPriceHistories(parameters: ChainParameters): Required<PriceHistories> {
  return {
    energy: `0:${parameters.getEnergyFee}`,
    bandwidth: `0:${parameters.getTransactionFee}`,
    memo: `0:${parameters.getMemoFee}`,
  };
}

/** The chain's histories (one a store was written without: the current price from time 0). */
export function priceHistoriesOf(
  props: Pick<DynamicProperties, 'priceHistories' | 'parameters'>,
): Required<PriceHistories> {
  return { ...startingPriceHistories(props.parameters), ...props.priceHistories };
}

/** The histories after a proposal with these parameters is approved. */
export function withApprovedPrices(
  histories: PriceHistories,
  proposal: { readonly expirationTime: number; readonly parameters: readonly (readonly [bigint, bigint])[] },
): PriceHistories {
  let { energy, bandwidth, memo } = histories;
  for (const [code, value] of proposal.parameters) {
    if (code === PRICE_CODES.energyFee) energy += `,${proposal.expirationTime}:${value}`;
    if (code === PRICE_CODES.transactionFee) bandwidth += `,${proposal.expirationTime}:${value}`;
    if (code === PRICE_CODES.memoFee && memo !== undefined) memo += `,${proposal.expirationTime}:${value}`;
  }
  return memo === undefined ? { energy, bandwidth } : { energy, bandwidth, memo };
}

/**
 * Wallet.getEnergyFee(timestamp) over Wallet.parseEnergyFee: the price of the last entry whose time
 * is before `timestamp`, else the current price.
 */
export function energyPriceAt(
  props: Pick<DynamicProperties, 'priceHistories' | 'parameters'>,
  timestamp: number,
): bigint {
  return priceAt(priceHistoriesOf(props).energy, timestamp) ?? props.parameters.getEnergyFee;
}

function priceAt(history: string, timestamp: number): bigint | undefined {
  const entries = history.split(',');
  for (let i = entries.length - 1; i >= 0; i--) {
    const [time, price] = entries[i]!.split(':');
    if (timestamp > Number(time)) return BigInt(price!);
  }
  return undefined;
}
