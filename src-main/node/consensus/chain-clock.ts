import { ChainError } from '../errors';
import type { DynamicProperties } from '../state/dynamic';
import { producibleSlot, witnessAt, type ProducibleSlot, type ScheduledSlot } from './schedule';
import {
  advanceChainTime,
  msUntilNextSlot,
  nextBlockTimestamp,
  nextSlotReached,
  nextSlotTime,
  slotOf,
} from './slot-clock';

/**
 * The chain's slots as of its head (java-tron DposSlot and DposService over the dynamic
 * properties): where the next block goes, who makes it, and when the production loop may.
 */
export class ChainClock {
  /** The last nextBlockSlot answer: it holds while the head (props) and the slot's timestamp stay the same. */
  private nextSlotCache: { props: DynamicProperties; timestamp: number; slot: ScheduledSlot } | undefined;

  constructor(
    private readonly head: () => DynamicProperties,
    private readonly blockTimeMs: number,
    /** The block-signing key this node holds for a representative, if any. */
    private readonly signingKeyFor: (witnessHex: string) => Uint8Array | undefined,
  ) {}

  get headSlot(): number {
    const props = this.head();
    return slotOf(props, props.headTimestamp);
  }

  nextSlotTime(): number {
    return nextSlotTime(this.head());
  }

  nextBlockTimestamp(wallNow: number): number {
    return nextBlockTimestamp(this.head(), wallNow, this.blockTimeMs);
  }

  /** Whether the production loop may make the next block now. */
  nextSlotReached(wallNow: number): boolean {
    return nextSlotReached(this.head(), wallNow, this.blockTimeMs);
  }

  /** How long until the wall clock reaches the next block's slot. */
  msUntilNextSlot(wallNow: number): number {
    return msUntilNextSlot(this.head(), wallNow, this.blockTimeMs);
  }

  /** Moves chain time forward (dev /admin/time). */
  advanceTime(ms: number): void {
    advanceChainTime(this.head(), ms, this.blockTimeMs);
  }

  witnessAt(timestamp: number): string {
    return witnessAt(this.head(), timestamp);
  }

  /** The first slot from `timestamp` this node can sign a block for (the ones before are missed). */
  producibleSlot(timestamp: number): ProducibleSlot {
    const slot = producibleSlot(this.head(), timestamp, this.signingKeyFor);
    if (slot) return slot;
    throw new ChainError(
      'This node holds the block-signing key of none of the active super representatives (configure localwitness).',
    );
  }

  /** Where the next block will go (its timestamp and representative), for executions of pending transactions. */
  nextBlockSlot(wallNow: number): ScheduledSlot {
    const props = this.head();
    const timestamp = this.nextBlockTimestamp(wallNow);
    // Every admission asks; the answer depends only on the head (a new block replaces `props`, and
    // the signing keys' accounts change only with blocks) and on the timestamp.
    const cached = this.nextSlotCache;
    if (cached && cached.props === props && cached.timestamp === timestamp) return cached.slot;
    const found = producibleSlot(props, timestamp, this.signingKeyFor);
    const slot = found
      ? { timestamp: found.timestamp, witnessHex: found.witnessHex }
      : { timestamp, witnessHex: witnessAt(props, timestamp) };
    this.nextSlotCache = { props, timestamp, slot };
    return slot;
  }
}
