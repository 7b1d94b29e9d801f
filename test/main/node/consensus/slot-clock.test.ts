import { describe, expect, it } from 'vitest';
import {
  advanceChainTime,
  nextBlockTimestamp,
  msUntilNextSlot,
  nextSlotReached,
  nextSlotTime,
  slotOf,
} from '../../../../src-main/node/consensus/slot-clock';

const GENESIS = 1_700_000_001_000 - (1_700_000_001_000 % 3000);

function clock(overrides: Partial<Parameters<typeof nextBlockTimestamp>[0]> = {}) {
  return {
    genesisTimestamp: GENESIS,
    headTimestamp: GENESIS + 30_000,
    stateFlag: 0,
    chainTimeOffsetMs: 0,
    pendingSkipMs: 0,
    ...overrides,
  };
}

describe('slot clock', () => {
  it('counts 3 s slots from the genesis block', () => {
    expect(slotOf(clock(), GENESIS)).toBe(0);
    expect(slotOf(clock(), GENESIS + 2999)).toBe(0);
    expect(slotOf(clock(), GENESIS + 9000)).toBe(3);
  });

  it('puts the next slot one slot after the head, three right after a maintenance block', () => {
    expect(nextSlotTime(clock())).toBe(GENESIS + 33_000);
    expect(nextSlotTime(clock({ stateFlag: 1 }))).toBe(GENESIS + 39_000);
  });

  it('follows the wall clock with 3 s blocks, aligned down to the slot, never before the next slot', () => {
    expect(nextBlockTimestamp(clock(), GENESIS + 61_500, 3000)).toBe(GENESIS + 60_000);
    expect(nextBlockTimestamp(clock(), GENESIS + 31_000, 3000)).toBe(GENESIS + 33_000);
    expect(nextBlockTimestamp(clock({ chainTimeOffsetMs: 6000 }), GENESIS + 61_500, 3000)).toBe(GENESIS + 66_000);
  });

  it('lets the 3 s loop produce only once the wall clock has reached the next slot (java-tron DposSlot.getSlot)', () => {
    expect(nextSlotReached(clock(), GENESIS + 32_999, 3000)).toBe(false);
    expect(nextSlotReached(clock(), GENESIS + 33_000, 3000)).toBe(true);
    // After a maintenance block the two skipped slots are waited out, not stamped ahead of the wall clock.
    expect(nextSlotReached(clock({ stateFlag: 1 }), GENESIS + 33_005, 3000)).toBe(false);
    expect(nextSlotReached(clock({ stateFlag: 1 }), GENESIS + 39_005, 3000)).toBe(true);
    // Blocks mined on request put the head ahead of the wall clock: the loop waits for the clock to catch up.
    expect(nextSlotReached(clock({ headTimestamp: GENESIS + 45_000 }), GENESIS + 40_005, 3000)).toBe(false);
    // /admin/time's offset moves the wall clock the loop reads.
    expect(
      nextSlotReached(clock({ headTimestamp: GENESIS + 45_000, chainTimeOffsetMs: 9000 }), GENESIS + 40_005, 3000),
    ).toBe(true);
    // Other block times step chain time by themselves.
    expect(nextSlotReached(clock({ headTimestamp: GENESIS + 99_000 }), GENESIS, 1000)).toBe(true);
  });

  it('says how long the wall clock has to go until the next slot', () => {
    expect(msUntilNextSlot(clock(), GENESIS + 31_000, 3000)).toBe(2000);
    expect(msUntilNextSlot(clock({ chainTimeOffsetMs: 500 }), GENESIS + 31_000, 3000)).toBe(1500);
    expect(msUntilNextSlot(clock(), GENESIS + 40_000, 3000)).toBe(-7000);
    expect(msUntilNextSlot(clock({ headTimestamp: GENESIS + 99_000 }), GENESIS, 0)).toBe(0);
  });

  it('steps one slot per block with another block time, plus the time skipped on request', () => {
    expect(nextBlockTimestamp(clock(), GENESIS + 999_999, 0)).toBe(GENESIS + 33_000);
    expect(nextBlockTimestamp(clock({ pendingSkipMs: 10_000 }), 0, 15)).toBe(GENESIS + 42_000);
  });

  it('advances the wall-clock offset with 3 s blocks, the pending skip otherwise', () => {
    const wall = clock();
    advanceChainTime(wall, 5000, 3000);
    expect([wall.chainTimeOffsetMs, wall.pendingSkipMs]).toEqual([5000, 0]);
    const stepped = clock();
    advanceChainTime(stepped, 5000, 0);
    expect([stepped.chainTimeOffsetMs, stepped.pendingSkipMs]).toEqual([0, 5000]);
  });
});
