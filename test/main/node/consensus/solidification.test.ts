import { describe, expect, it } from 'vitest';
import { solidifiedBlock } from '@main/node/consensus/solidification';

function reader(latest: Record<string, number>) {
  return { getWitness: (hex: string) => (hex in latest ? ({ latestBlockNum: latest[hex] } as never) : undefined) };
}

describe('solidification', () => {
  it('solidifies the block that 70 % of the active representatives have built on', () => {
    const latest = { a: 10, b: 11, c: 12, d: 13, e: 14, f: 15, g: 16, h: 17, i: 18, j: 19 };
    // Sorted: 10..19; position floor(10 × 0.3) = 3 → 13.
    expect(solidifiedBlock(reader(latest), Object.keys(latest), 0)).toBe(13);
  });

  it('never moves the solidified block back', () => {
    expect(solidifiedBlock(reader({ a: 4, b: 5 }), ['a', 'b'], 9)).toBe(9);
  });

  it('counts a representative that never produced as block 0', () => {
    const latest = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 };
    // With four silent representatives: 0, 0, 0, 0, 1, … 6; position 3 → 0 (without them it would be 2).
    expect(solidifiedBlock(reader(latest), [...Object.keys(latest), 'w', 'x', 'y', 'z'], 0)).toBe(0);
  });
});
