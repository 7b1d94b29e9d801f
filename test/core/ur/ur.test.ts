import { describe, expect, it } from 'vitest';
import { UR, URDecoder, UREncoder } from '@ngraveio/bc-ur';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { EncodingError } from '../../../src-core/errors';
import { bytesUr, dataOfBytesUr, encodeSinglePartUr, parseUr, UrDecoder, UrEncoder } from '../../../src-core/ur/ur';
import { Xoshiro256 } from '../../../src-core/ur/xoshiro';
import { expectWalletError } from '../../fixtures/expect-error';
import { urVectors } from '../../fixtures/ur-vectors';
import { makeMessage } from './make-message';

describe('Uniform Resources', () => {
  it('writes the reference single-part UR and reads it back', () => {
    const ur = bytesUr(makeMessage(50));
    expect(encodeSinglePartUr(ur)).toBe(urVectors.singlePart50);
    const decoder = new UrDecoder();
    expect(decoder.receive(urVectors.singlePart50.toUpperCase())).toBe('added');
    expect(dataOfBytesUr(decoder.result()!)).toEqual(makeMessage(50));
  });

  it('writes the reference multi-part URs', () => {
    const encoder = new UrEncoder(bytesUr(makeMessage(256)), { maxFragmentLen: 30 });
    expect(Array.from({ length: 20 }, () => encoder.nextPart())).toEqual(urVectors.urParts256);
  });

  it('reads the reference parts in reverse order, ignoring the pure ones it lacks', () => {
    const decoder = new UrDecoder();
    for (const part of [...urVectors.urParts256].reverse()) if (!decoder.result()) decoder.receive(part);
    expect(dataOfBytesUr(decoder.result()!)).toEqual(makeMessage(256));
  });

  it('splits UR text into type, sequence and body', () => {
    expect(parseUr('UR:BYTES/12-34/LPADAS')).toEqual({
      type: 'bytes',
      sequence: { seqNum: 12, seqLen: 34 },
      body: 'lpadas',
    });
    expect(parseUr('ur:crypto-psbt/hdcx')).toEqual({ type: 'crypto-psbt', sequence: null, body: 'hdcx' });
  });

  it('refuses text that is not a UR, with a distinct reason each', () => {
    expectWalletError(() => parseUr('TRONCOSIGN1/1/2/x/y'), EncodingError, 'UR_NOT_UR');
    expectWalletError(() => parseUr('ur:by_tes/hdcx'), EncodingError, 'UR_BAD_TYPE');
    expectWalletError(() => parseUr('ur:bytes'), EncodingError, 'UR_BAD_PATH');
    expectWalletError(() => parseUr('ur:bytes/1-2/3/hdcx'), EncodingError, 'UR_BAD_PATH');
    expectWalletError(() => parseUr('ur:bytes/0-2/hdcx'), EncodingError, 'UR_BAD_SEQUENCE');
    expectWalletError(
      () => new UrDecoder().receive(urVectors.urParts256[0].replace('/1-9/', '/2-9/')),
      EncodingError,
      'UR_BAD_PART',
    );
  });

  it('refuses a part of another type or message after the first', () => {
    const decoder = new UrDecoder();
    decoder.receive(urVectors.urParts256[0]);
    expectWalletError(
      () => decoder.receive(urVectors.urParts256[1].replace('ur:bytes', 'ur:other')),
      EncodingError,
      'UR_OTHER_MESSAGE',
    );
    expectWalletError(() => decoder.receive(urVectors.singlePart50), EncodingError, 'UR_OTHER_MESSAGE');
    expect(decoder.progress()).toMatchObject({ recovered: 1, seqLen: 9 });
  });
});

describe('Uniform Resources against @ngraveio/bc-ur', () => {
  const cases = Array.from({ length: 12 }, (_, i) => {
    const rng = new Xoshiro256(utf8ToBytes(`interop-${i}`));
    return { message: makeMessage(rng.nextInt(1, 3000), `interop-${i}`), maxFragmentLen: rng.nextInt(10, 250) };
  });

  it('writes exactly the parts bc-ur writes, mixtures included', () => {
    for (const { message, maxFragmentLen } of cases) {
      const ours = new UrEncoder(bytesUr(message), { maxFragmentLen });
      const theirs = new UREncoder(UR.fromBuffer(Buffer.from(message)), maxFragmentLen);
      const count = ours.seqLen * 3;
      expect(Array.from({ length: count }, () => ours.nextPart())).toEqual(
        Array.from({ length: count }, () => theirs.nextPart()),
      );
    }
  });

  it('reads what bc-ur writes, and bc-ur reads what it writes, with every fifth part lost', () => {
    for (const { message, maxFragmentLen } of cases) {
      const theirParts = new UREncoder(UR.fromBuffer(Buffer.from(message)), maxFragmentLen);
      const ours = new UrDecoder();
      for (let n = 1; !ours.result(); n++) {
        const part = theirParts.nextPart();
        if (n % 5 !== 0) ours.receive(part);
      }
      expect(dataOfBytesUr(ours.result()!)).toEqual(message);

      const ourParts = new UrEncoder(bytesUr(message), { maxFragmentLen });
      const theirs = new URDecoder();
      for (let n = 1; !theirs.isComplete(); n++) {
        const part = ourParts.nextPart().toUpperCase();
        if (n % 5 !== 0) theirs.receivePart(part);
      }
      expect(theirs.isSuccess()).toBe(true);
      expect(new Uint8Array(theirs.resultUR().decodeCBOR())).toEqual(message);
    }
  });

  it('refuses a part claiming another number of parts before decoding its body', () => {
    const decoder = new UrDecoder();
    decoder.receive(urVectors.urParts256[0]);
    // The body is no Bytewords at all: only a check of the path can refuse it with this reason.
    expectWalletError(() => decoder.receive('ur:bytes/2-10/zzzz'), EncodingError, 'UR_OTHER_MESSAGE');
    expect(decoder.progress()).toMatchObject({ recovered: 1, seqLen: 9 });
  });

  it('refuses a part number read again with other contents before decoding its body', () => {
    const decoder = new UrDecoder();
    decoder.receive(urVectors.urParts256[0]);
    const error = expectWalletError(() => decoder.receive('ur:bytes/1-9/zzzz'), EncodingError, 'UR_OTHER_MESSAGE');
    expect(error.message).toContain('part 1 again');
    expect(decoder.receive(urVectors.urParts256[0].toUpperCase())).toBe('duplicate');
  });

  it('takes a part again after a wrongly read copy of it was refused', () => {
    const decoder = new UrDecoder();
    const [first] = urVectors.urParts256;
    const misread = first.slice(0, -2) + (first.endsWith('aa') ? 'ae' : 'aa');
    expectWalletError(() => decoder.receive(misread), EncodingError, 'UR_BAD_CHECKSUM');
    expect(decoder.receive(first)).toBe('added');
  });
});
