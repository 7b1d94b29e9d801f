import { describe, expect, it } from 'vitest';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { crc32, uint32ToBytes } from '../../../src-core/ur/crc32';
import { Xoshiro256 } from '../../../src-core/ur/xoshiro';
import { urVectors } from '../../fixtures/ur-vectors';
import { makeMessage } from './make-message';

describe('xoshiro256**', () => {
  it('yields the reference sequence from the seed "Wolf"', () => {
    const rng = new Xoshiro256(utf8ToBytes('Wolf'));
    expect(Array.from({ length: 100 }, () => Number(rng.next() % 100n))).toEqual(urVectors.wolfMod100);
  });

  it('yields the reference sequence from a checksum seed', () => {
    const rng = new Xoshiro256(uint32ToBytes(crc32(utf8ToBytes('Wolf'))));
    expect(Array.from({ length: 100 }, () => Number(rng.next() % 100n))).toEqual(urVectors.crcSeedMod100);
  });

  it('draws the reference integers in a range', () => {
    const rng = new Xoshiro256(utf8ToBytes('Wolf'));
    expect(Array.from({ length: 100 }, () => rng.nextInt(1, 10))).toEqual(urVectors.wolfInt1To10);
  });

  it('makes the reference message bytes', () => {
    expect([...makeMessage(20)]).toEqual([
      0x91, 0x6e, 0xc6, 0x5c, 0xf7, 0x7c, 0xad, 0xf5, 0x5c, 0xd7, 0xf9, 0xcd, 0xa1, 0xa1, 0x03, 0x00, 0x26, 0xdd, 0xd4,
      0x2e,
    ]);
  });
});
