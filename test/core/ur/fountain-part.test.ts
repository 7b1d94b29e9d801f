import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { EncodingError } from '../../../src-core/errors';
import { encodeCborArray, encodeCborBytes, encodeCborUint } from '../../../src-core/ur/cbor';
import { decodeFountainPart, encodeFountainPart } from '../../../src-core/ur/fountain-part';
import { expectWalletError } from '../../fixtures/expect-error';
import { urVectors } from '../../fixtures/ur-vectors';

function partBytes(fields: readonly number[], fragment: Uint8Array): Uint8Array {
  return encodeCborArray([...fields.map((value) => encodeCborUint(value)), encodeCborBytes(fragment)]);
}

describe('fountain part header', () => {
  it('reads a reference part and writes it back byte for byte', () => {
    const bytes = hexToBytes(urVectors.encoderCbor256[0]);
    const part = decodeFountainPart(bytes);
    expect(part).toMatchObject({ seqNum: 1, seqLen: 9, messageLen: 256, checksum: 23570951 });
    expect(part.fragment.length).toBe(29);
    expect(encodeFountainPart(part)).toEqual(bytes);
  });

  it('refuses headers that are not five fields, zero sequence numbers, empty fragments and inconsistent sizes', () => {
    const fragment = new Uint8Array(29);
    expectWalletError(
      () => decodeFountainPart(encodeCborArray([encodeCborUint(1), encodeCborUint(9)])),
      EncodingError,
      'UR_BAD_PART',
    );
    expectWalletError(() => decodeFountainPart(partBytes([0, 9, 256, 1], fragment)), EncodingError, 'UR_BAD_PART');
    expectWalletError(
      () => decodeFountainPart(partBytes([1, 9, 256, 1], new Uint8Array(0))),
      EncodingError,
      'UR_BAD_PART',
    );
    expectWalletError(() => decodeFountainPart(partBytes([1, 2, 256, 1], fragment)), EncodingError, 'UR_BAD_PART');
    expectWalletError(
      () => decodeFountainPart(partBytes([1, 9, 256, 2 ** 32], fragment)),
      EncodingError,
      'UR_BAD_PART',
    );
  });
});
