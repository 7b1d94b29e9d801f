import { describe, expect, it } from 'vitest';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { crc32 } from '../../../src-core/ur/crc32';
import { AliasSampler, chooseDegree, chooseFragments, shuffled } from '../../../src-core/ur/fountain-choice';
import { Xoshiro256 } from '../../../src-core/ur/xoshiro';
import { urVectors } from '../../fixtures/ur-vectors';
import { makeMessage } from './make-message';

describe('fountain fragment choice', () => {
  it('shuffles as the reference does', () => {
    const rng = new Xoshiro256(utf8ToBytes('Wolf'));
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(Array.from({ length: 10 }, () => shuffled(values, rng))).toEqual(urVectors.shuffles);
  });

  it('samples weighted outcomes as the reference alias table does', () => {
    const rng = new Xoshiro256(utf8ToBytes('Wolf'));
    const sampler = new AliasSampler([1, 2, 4, 8]);
    expect(Array.from({ length: 500 }, () => sampler.next(rng))).toEqual(urVectors.samplerDraws);
  });

  it('chooses the reference degrees', () => {
    const degrees = Array.from({ length: 200 }, (_, i) =>
      chooseDegree(11, new Xoshiro256(utf8ToBytes(`Wolf-${i + 1}`))),
    );
    expect(degrees).toEqual(urVectors.degrees);
  });

  it('sends each fragment alone first, then the reference mixtures', () => {
    const checksum = crc32(makeMessage(1024));
    const chosen = Array.from({ length: 30 }, (_, i) => chooseFragments(i + 1, 11, checksum).sort((a, b) => a - b));
    expect(chosen).toEqual(urVectors.fragmentIndexes);
  });
});
