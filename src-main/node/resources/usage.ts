import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';

/** Usage windows (java-tron-http.md §6.2): linear recovery to zero over WINDOW_SIZE slots. */
export const WINDOW_SIZE = BigInt(PROTOCOL_CONSTANTS.WINDOW_SIZE_SLOTS);
const PRECISION = 1_000_000n;

function divideCeil(a: bigint, b: bigint): bigint {
  return a / b + (a % b > 0n ? 1n : 0n);
}

/** java-tron ResourceProcessor.increase: decayed `lastUsage` plus `usage`, at slot `now`. */
export function increaseUsage(lastUsage: bigint, usage: bigint, lastTime: number, now: number, window: bigint = WINDOW_SIZE): bigint {
  let averageLast = divideCeil(lastUsage * PRECISION, window);
  const averageUsage = divideCeil(usage * PRECISION, window);
  if (lastTime !== now) {
    const delta = BigInt(now - lastTime);
    if (BigInt(lastTime) + window > BigInt(now) && delta > 0n) {
      // Java: Math.round(average * ((window - delta) / (double) window)), a double product.
      const decay = Number(window - delta) / Number(window);
      averageLast = BigInt(Math.floor(Number(averageLast) * decay + 0.5));
    } else if (delta > 0n) {
      averageLast = 0n;
    }
  }
  averageLast += averageUsage;
  return (averageLast * window) / PRECISION;
}

/** Usage as seen at slot `now` without consuming anything (getaccount, getaccountresource). */
export function recoveredUsage(lastUsage: bigint, lastTime: number, now: number): bigint {
  return increaseUsage(lastUsage, 0n, lastTime, now);
}
