import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { crc32, uint32ToBytes } from '../../../src-core/ur/crc32';
import { urVectors } from '../../fixtures/ur-vectors';

describe('CRC-32', () => {
  it.each(urVectors.crc32)('matches the reference checksum of %j', (vector) => {
    const bytes = 'utf8' in vector ? utf8ToBytes(vector.utf8) : hexToBytes(vector.hex);
    expect(crc32(bytes).toString(16).padStart(8, '0')).toBe(vector.crc);
  });

  it('writes a checksum as four big-endian bytes', () => {
    expect([...uint32ToBytes(0x598c84dc)]).toEqual([0x59, 0x8c, 0x84, 0xdc]);
  });
});
