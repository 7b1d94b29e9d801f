import { formatTrx as formatTrxUnits } from '../../src-core/units';

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
