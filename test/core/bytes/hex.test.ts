import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, hexToFixedBytes, normalizeHex } from '../../../src-core/bytes/hex';
import { EncodingError } from '../../../src-core/errors';

describe('hex', () => {
  it('round-trips bytes through lowercase hex', () => {
    const bytes = Uint8Array.from([0, 1, 0xab, 0xff]);
    expect(bytesToHex(bytes)).toBe('0001abff');
    expect(hexToBytes('0001ABff')).toEqual(bytes);
  });

  it('accepts a 0x prefix and normalizes case', () => {
    expect(normalizeHex('0xABCD')).toBe('abcd');
  });

  it('refuses an odd number of digits instead of padding', () => {
    expect(() => hexToBytes('abc')).toThrow(EncodingError);
    expect(() => hexToBytes('abc')).toThrow(/odd number of hex digits/);
  });

  it('refuses non-hex characters and says where', () => {
    try {
      hexToBytes('00zz');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EncodingError);
      expect((error as EncodingError).code).toBe('HEX_INVALID_CHARACTER');
      expect((error as EncodingError).message).toContain('position 2');
    }
  });

  it('checks a fixed length', () => {
    expect(() => hexToFixedBytes('00', 2, 'ref_block_bytes')).toThrow(/must be 2 bytes/);
    expect(hexToFixedBytes('0011', 2)).toEqual(Uint8Array.from([0, 0x11]));
  });
});
