import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { DynamicProperties, PriceHistories } from '../state/dynamic';

/**
 * The price histories java-tron keeps beside the prices (DynamicPropertiesStore ENERGY_PRICE_HISTORY,
 * BANDWIDTH_PRICE_HISTORY): "<ms>:<sun>" entries joined by commas, the first at time 0. An approved
 * ENERGY_FEE or TRANSACTION_FEE proposal appends "<its expiration time>:<new price>"
 * (ProposalService.process); getenergyprices / getbandwidthprices print the text, and JSON-RPC
 * prices a transaction at its block's time (Wallet.getEnergyFee(timestamp)).
 */

/** ProposalUtil codes of the two prices. */
const PRICE_CODES = { transactionFee: 3n, energyFee: 11n } as const;

/** Where the history starts: the chain's prices from time 0. */
export function startingPriceHistories(parameters: ChainParameters): PriceHistories {
  return { energy: `0:${parameters.getEnergyFee}`, bandwidth: `0:${parameters.getTransactionFee}` };
}

/** The chain's histories (a store written before they were kept: the current prices from time 0). */
export function priceHistoriesOf(props: Pick<DynamicProperties, 'priceHistories' | 'parameters'>): PriceHistories {
  return props.priceHistories ?? startingPriceHistories(props.parameters);
}

/** The histories after a proposal with these parameters is approved. */
export function withApprovedPrices(
  histories: PriceHistories,
  proposal: { readonly expirationTime: number; readonly parameters: readonly (readonly [bigint, bigint])[] },
): PriceHistories {
  let { energy, bandwidth } = histories;
  for (const [code, value] of proposal.parameters) {
    if (code === PRICE_CODES.energyFee) energy += `,${proposal.expirationTime}:${value}`;
    if (code === PRICE_CODES.transactionFee) bandwidth += `,${proposal.expirationTime}:${value}`;
  }
  return { energy, bandwidth };
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
