import {
  accumulateUsageInWindow,
  decayedUsage,
  WINDOW_SIZE_PRECISION,
  WINDOW_SIZE_SLOTS,
  type AccountWindow,
  type WindowedUsage,
} from '../../../src-core/fee/resource-math';

/**
 * java-tron's getaccount prints resource usage already recovered to its head slot (the bandwidth
 * and energy processors' updateUsage) beside the unchanged last-consume time. A fork that stored the
 * printed usage at that time would recover it a second time; stored at the read slot instead, the
 * last-consume time it prints would be its own. So the fork stores what upstream's record held: the
 * smallest usage (and window) at the last-consume slot that recovers to the printed values at the
 * slot the account was read at. Each later slot then recovers as upstream's own record does, or,
 * where more than a unit had recovered and several stored values print alike, within one unit.
 */

/** Free bandwidth (ResourceProcessor.increase, fixed 24 h window): the stored usage, or undefined. */
export function unwindFixedUsage(printed: bigint, lastSlot: number, readSlot: number): bigint | undefined {
  const elapsed = BigInt(readSlot - lastSlot);
  if (printed === 0n || elapsed <= 0n) return printed;
  if (elapsed >= WINDOW_SIZE_SLOTS) return undefined;
  const forward = (usage: bigint): bigint =>
    decayedUsage({ lastUsage: usage, lastSlot: BigInt(lastSlot), nowSlot: BigInt(readSlot) });
  return smallestRecovering(printed, upperBound(printed, elapsed, WINDOW_SIZE_SLOTS), forward);
}

/**
 * Staked bandwidth or energy (ResourceProcessor.increaseV2 with nothing consumed): with no new
 * usage the window only shrinks by the elapsed slots, so the stored window is the printed one plus
 * those slots (in thousandths).
 */
export function unwindWindowedUsage(
  printed: WindowedUsage,
  lastSlot: number,
  readSlot: number,
): WindowedUsage | undefined {
  const elapsed = BigInt(readSlot - lastSlot);
  if (printed.usage === 0n || elapsed <= 0n) return printed;
  if (!printed.window.optimized) return undefined;
  const window: AccountWindow = {
    windowSize: printed.window.windowSize + elapsed * WINDOW_SIZE_PRECISION,
    optimized: true,
  };
  const slots = window.windowSize / WINDOW_SIZE_PRECISION;
  if (elapsed >= slots) return undefined;
  const forward = (usage: bigint): WindowedUsage =>
    accumulateUsageInWindow({ lastUsage: usage, lastSlot: BigInt(lastSlot), nowSlot: BigInt(readSlot), window });
  const usage = smallestRecovering(printed.usage, upperBound(printed.usage, elapsed, slots), (u) => forward(u).usage);
  if (usage === undefined || forward(usage).window.windowSize !== printed.window.windowSize) return undefined;
  return { usage, window };
}

/** Linear recovery leaves usage × (window − elapsed) / window; a little above its inverse bounds the search. */
function upperBound(printed: bigint, elapsed: bigint, windowSlots: bigint): bigint {
  return (printed * windowSlots) / (windowSlots - elapsed) + 2n;
}

/** The smallest usage in [printed, high] that `forward` (non-decreasing) takes to `printed`. */
function smallestRecovering(printed: bigint, high: bigint, forward: (usage: bigint) => bigint): bigint | undefined {
  let low = printed;
  while (low < high) {
    const middle = (low + high) / 2n;
    if (forward(middle) < printed) low = middle + 1n;
    else high = middle;
  }
  return forward(low) === printed ? low : undefined;
}
