import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { EncodingError } from '../../../src-core/errors';
import { decodeBytewordsMinimal, encodeBytewordsMinimal } from '../../../src-core/ur/bytewords';
import { expectWalletError } from '../../fixtures/expect-error';
import { urVectors } from '../../fixtures/ur-vectors';

describe('Bytewords, minimal style', () => {
  const { hex, minimal, badChecksum } = urVectors.bytewords;

  it('encodes the reference bytes with their CRC-32 appended', () => {
    expect(encodeBytewordsMinimal(hexToBytes(hex))).toBe(minimal);
  });

  it('decodes the reference body, in either case, back to the bytes without the checksum', () => {
    expect(bytesToHex(decodeBytewordsMinimal(minimal))).toBe(hex);
    expect(bytesToHex(decodeBytewordsMinimal(minimal.toUpperCase()))).toBe(hex);
  });

  it('round-trips every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(decodeBytewordsMinimal(encodeBytewordsMinimal(all))).toEqual(all);
  });

  it('refuses a body whose checksum does not match', () => {
    expectWalletError(() => decodeBytewordsMinimal(badChecksum), EncodingError, 'UR_BAD_CHECKSUM');
  });

  it('refuses letter pairs that are no word, odd lengths and bodies too short for a checksum', () => {
    expectWalletError(
      () => decodeBytewordsMinimal(`${minimal.slice(0, 2)}qq${minimal.slice(4)}`),
      EncodingError,
      'UR_BAD_BYTEWORDS',
    );
    expectWalletError(() => decodeBytewordsMinimal(minimal.slice(1)), EncodingError, 'UR_BAD_BYTEWORDS');
    expectWalletError(() => decodeBytewordsMinimal('wolf'), EncodingError, 'UR_BAD_BYTEWORDS');
    expectWalletError(() => decodeBytewordsMinimal(''), EncodingError, 'UR_BAD_BYTEWORDS');
  });
});
