import { formatTrx as formatTrxUnits, formatUnits } from '../../src-core/units';

/** Display formatting for amounts and resources on the accounts and node screens. */

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 1234567890n → "1,234.56789 TRX": exact, grouped, no trailing zeros. */
export function formatTrx(sun: bigint): string {
  return formatTrxUnits(sun, { group: true, withUnit: true });
}

/** "available / limit" with grouping, e.g. "1,380 / 1,500". */
export function formatUsage(used: number, limit: number): string {
  return `${group(String(used))} / ${group(String(limit))}`;
}

export function formatCount(value: number | bigint): string {
  return group(value.toString());
}

/** 2100000n → "2,100,000 sun". */
export function formatSun(sun: bigint): string {
  return `${group(sun.toString())} sun`;
}

/** A signed change in base units: "+2.5 TRX", "−1,000 TT". */
export function formatDelta(delta: bigint, decimals: number, asset: string): string {
  const sign = delta < 0n ? '−' : '+';
  const magnitude = delta < 0n ? -delta : delta;
  return `${sign}${formatUnits(magnitude, decimals, { group: true })} ${asset}`;
}

/** Token base units with the token's decimals: 1500000n, 6 → "1.5". */
export function formatToken(amount: bigint, decimals: number, symbol?: string): string {
  const text = formatUnits(amount, decimals, { group: true });
  return symbol ? `${text} ${symbol}` : text;
}

export { formatTime } from './time';
