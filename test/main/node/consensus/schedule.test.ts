import { describe, expect, it } from 'vitest';
import { producibleSlot, witnessAt } from '@main/node/consensus/schedule';

const GENESIS = 1_700_000_001_000 - (1_700_000_001_000 % 3000);
const props = { genesisTimestamp: GENESIS, activeWitnesses: ['41aa', '41bb', '41cc'] };
const KEY = Uint8Array.of(1);

describe('schedule', () => {
  it('gives the slots to the active representatives in turn', () => {
    expect([0, 1, 2, 3, 4].map((slot) => witnessAt(props, GENESIS + slot * 3000))).toEqual([
      '41aa',
      '41bb',
      '41cc',
      '41aa',
      '41bb',
    ]);
  });

  it('skips the slots of representatives this node holds no key for', () => {
    const slot = producibleSlot(props, GENESIS + 3000, (hex) => (hex === '41aa' ? KEY : undefined));
    expect(slot).toEqual({ timestamp: GENESIS + 9000, witnessHex: '41aa', witnessKey: KEY });
  });

  it('finds no slot when the node signs for none of the active representatives', () => {
    expect(producibleSlot(props, GENESIS, () => undefined)).toBeUndefined();
  });
});
