import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { DynamicProperties } from '../state/dynamic';

/**
 * The slot clock (java-tron DposSlot): chain time is cut into 3 s slots from the genesis block;
 * a block goes into a slot after the head, three slots later right after a maintenance block.
 * With the default 3 s block time the next slot follows the wall clock (plus the offset of
 * /admin/time); with any other block time the chain steps one slot per block, so its timestamps
 * stay on the slot grid of chain time.
 */
export const SLOT_MS = PROTOCOL_CONSTANTS.BLOCK_INTERVAL_MS;

type ClockProperties = Pick<
  DynamicProperties,
  'genesisTimestamp' | 'headTimestamp' | 'stateFlag' | 'chainTimeOffsetMs' | 'pendingSkipMs'
>;

/** Slot number of a timestamp, counted from the genesis block. */
export function slotOf(props: Pick<DynamicProperties, 'genesisTimestamp'>, timestamp: number): number {
  return Math.floor((timestamp - props.genesisTimestamp) / SLOT_MS);
}

/** java-tron getNextBlockSlotTime: head time plus one slot, three right after maintenance. */
export function nextSlotTime(props: ClockProperties): number {
  return props.headTimestamp + SLOT_MS * (props.stateFlag === 1 ? PROTOCOL_CONSTANTS.MAINTENANCE_SKIP_SLOTS + 1 : 1);
}

/** Timestamp of the next block: slot-aligned, after the head, on the chain's clock. */
export function nextBlockTimestamp(props: ClockProperties, wallNow: number, blockTimeMs: number): number {
  const earliest = nextSlotTime(props);
  const target =
    blockTimeMs === SLOT_MS ? wallNow + props.chainTimeOffsetMs : props.headTimestamp + SLOT_MS + props.pendingSkipMs;
  const aligned = props.genesisTimestamp + slotOf(props, target) * SLOT_MS;
  return Math.max(earliest, aligned);
}

/**
 * Whether the wall clock (plus the /admin/time offset) has reached the next block's slot, with the
 * default 3 s block time (java-tron DposSlot.getSlot answers 0 before the next slot's time, so
 * DposTask produces nothing). A block is never stamped ahead of the wall clock by the production
 * loop: after a maintenance block's skipped slots, or after blocks mined on request, the loop waits
 * until the wall clock is there. Other block times step chain time by themselves: always reached.
 */
export function nextSlotReached(props: ClockProperties, wallNow: number, blockTimeMs: number): boolean {
  return msUntilNextSlot(props, wallNow, blockTimeMs) <= 0;
}

/** How long the wall clock has to go until the next block's slot (≤ 0: reached; see `nextSlotReached`). */
export function msUntilNextSlot(props: ClockProperties, wallNow: number, blockTimeMs: number): number {
  return blockTimeMs !== SLOT_MS ? 0 : nextSlotTime(props) - (wallNow + props.chainTimeOffsetMs);
}

/** Moves chain time forward by `ms` for the next block (dev /admin/time). */
export function advanceChainTime(
  props: Pick<DynamicProperties, 'chainTimeOffsetMs' | 'pendingSkipMs'>,
  ms: number,
  blockTimeMs: number,
): void {
  if (blockTimeMs === SLOT_MS) props.chainTimeOffsetMs += ms;
  else props.pendingSkipMs += ms;
}
