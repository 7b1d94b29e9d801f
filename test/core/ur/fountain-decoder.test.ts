import { describe, expect, it } from 'vitest';
import { EncodingError } from '../../../src-core/errors';
import { FountainDecoder } from '../../../src-core/ur/fountain-decoder';
import { FountainEncoder } from '../../../src-core/ur/fountain-encoder';
import type { FountainPart } from '../../../src-core/ur/fountain-part';
import { Xoshiro256 } from '../../../src-core/ur/xoshiro';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { expectWalletError } from '../../fixtures/expect-error';
import { makeMessage } from './make-message';

describe('fountain decoder', () => {
  it('decodes the reference 32767-byte message from parts starting at 101', () => {
    const message = makeMessage(32767);
    const encoder = new FountainEncoder(message, { maxFragmentLen: 1000, firstSeqNum: 100 });
    const decoder = new FountainDecoder();
    let parts = 0;
    while (!decoder.result()) {
      decoder.receive(encoder.nextPart());
      parts++;
    }
    expect(decoder.result()).toEqual(message);
    expect(parts).toBeLessThan(encoder.seqLen * 3);
  });

  it('completes from mixtures alone when every pure fragment is lost', () => {
    const message = makeMessage(3000, 'mixtures');
    const encoder = new FountainEncoder(message, { maxFragmentLen: 200 });
    for (let i = 0; i < encoder.seqLen; i++) encoder.nextPart();
    const decoder = new FountainDecoder();
    while (!decoder.result()) decoder.receive(encoder.nextPart());
    expect(decoder.result()).toEqual(message);
  });

  it('counts a part read twice, or one it already could work out, as a duplicate', () => {
    const encoder = new FountainEncoder(makeMessage(256), { maxFragmentLen: 30 });
    const parts = Array.from({ length: 12 }, () => encoder.nextPart());
    const decoder = new FountainDecoder();
    expect(decoder.receive(parts[0]!)).toBe('added');
    expect(decoder.receive(parts[0]!)).toBe('duplicate');
    for (const part of parts.slice(1, 9)) decoder.receive(part);
    expect(decoder.result()).not.toBeNull();
    expect(decoder.receive(parts[11]!)).toBe('duplicate');
  });

  it('reports the fragments still unknown', () => {
    const encoder = new FountainEncoder(makeMessage(256), { maxFragmentLen: 30 });
    const decoder = new FountainDecoder();
    decoder.receive(encoder.nextPart());
    encoder.nextPart();
    decoder.receive(encoder.nextPart());
    expect(decoder.recovered).toBe(2);
    expect(decoder.missing()).toEqual([1, 3, 4, 5, 6, 7, 8]);
  });

  it('refuses a part of another message without losing what it holds', () => {
    const decoder = new FountainDecoder();
    decoder.receive(new FountainEncoder(makeMessage(256), { maxFragmentLen: 30 }).nextPart());
    const other = new FountainEncoder(makeMessage(256, 'other'), { maxFragmentLen: 30 }).nextPart();
    expectWalletError(() => decoder.receive(other), EncodingError, 'UR_OTHER_MESSAGE');
    expect(decoder.recovered).toBe(1);
  });

  it('refuses a set whose fragments do not add up to the announced checksum', () => {
    const encoder = new FountainEncoder(makeMessage(100), { maxFragmentLen: 50 });
    const decoder = new FountainDecoder();
    decoder.receive(encoder.nextPart());
    const second = encoder.nextPart();
    const damaged: FountainPart = {
      ...second,
      fragment: second.fragment.map((byte, i) => (i === 3 ? byte ^ 1 : byte)),
    };
    expectWalletError(() => decoder.receive(damaged), EncodingError, 'UR_BAD_MESSAGE_CHECKSUM');
  });

  it('decodes any message from any 80% of its parts, in any order', () => {
    for (let round = 0; round < 40; round++) {
      const rng = new Xoshiro256(utf8ToBytes(`round-${round}`));
      const message = makeMessage(rng.nextInt(1, 4000), `message-${round}`);
      const encoder = new FountainEncoder(message, { maxFragmentLen: rng.nextInt(10, 300) });
      const stream = Array.from({ length: encoder.seqLen * 4 + 10 }, () => encoder.nextPart());
      const kept = stream.filter(() => rng.nextDouble() >= 0.2);
      const order = kept.map((part) => ({ part, key: rng.nextDouble() })).sort((a, b) => a.key - b.key);
      const decoder = new FountainDecoder();
      for (const { part } of order) if (!decoder.result()) decoder.receive(part);
      expect(decoder.result(), `round ${round}`).toEqual(message);
    }
  });
});
