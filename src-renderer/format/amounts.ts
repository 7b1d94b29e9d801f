/**
 * Display formatting for amounts and resources. Temporary home: the shared units module
 * (src-core/units) will replace `formatTrx` when it lands.
 */
const SUN_PER_TRX = 1_000_000n;

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 1234567890n → "1,234.56789 TRX": whole TRX grouped, up to six decimals without trailing zeros. */
export function formatTrx(sun: bigint): string {
  const negative = sun < 0n;
  const abs = negative ? -sun : sun;
  const whole = group((abs / SUN_PER_TRX).toString());
  const fraction = (abs % SUN_PER_TRX).toString().padStart(6, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''} TRX`;
}

/** "used / limit" with grouping, e.g. "120 / 1,500". */
export function formatUsage(used: number, limit: number): string {
  return `${group(String(used))} / ${group(String(limit))}`;
}

export function formatCount(value: number | bigint): string {
  return group(value.toString());
}

/** A short form of an address or id for tight table cells: first 6 … last 4. */
export function shorten(text: string, head = 6, tail = 4): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}
