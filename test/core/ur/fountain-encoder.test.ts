import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { FountainEncoder, nominalFragmentLength, partitionMessage } from '../../../src-core/ur/fountain-encoder';
import { encodeFountainPart } from '../../../src-core/ur/fountain-part';
import { urVectors } from '../../fixtures/ur-vectors';
import { makeMessage } from './make-message';

describe('fountain encoder', () => {
  it('picks a fragment length within the bounds, with a last fragment within them too', () => {
    const length = nominalFragmentLength(12345, 1005, 1955);
    expect(length).toBeGreaterThan(1005);
    expect(length).toBeLessThan(1955);
    expect(12345 % length).toBeGreaterThan(1005);
  });

  it('cuts the reference message into the reference fragments, padding the last with zeros', () => {
    const message = makeMessage(1024);
    const fragments = partitionMessage(message, nominalFragmentLength(message.length, 10, 100));
    expect(fragments.map((fragment) => bytesToHex(fragment))).toEqual(urVectors.partition1024);
  });

  it('yields the reference parts: the fragments once each, then mixtures', () => {
    const encoder = new FountainEncoder(makeMessage(256), { maxFragmentLen: 30 });
    const parts = Array.from({ length: 20 }, () => encoder.nextPart());
    expect(
      parts.map(
        (p) =>
          `seqNum:${p.seqNum}, seqLen:${p.seqLen}, messageLen:${p.messageLen}, checksum:${p.checksum}, data:${bytesToHex(p.fragment)}`,
      ),
    ).toEqual(urVectors.encoderParts256);
    expect(parts.map((part) => bytesToHex(encodeFountainPart(part)))).toEqual(urVectors.encoderCbor256);
  });

  it('continues from the sequence number it is given', () => {
    const encoder = new FountainEncoder(makeMessage(256), { maxFragmentLen: 30, firstSeqNum: 9 });
    expect(bytesToHex(encodeFountainPart(encoder.nextPart()))).toBe(urVectors.encoderCbor256[9]);
  });
});
