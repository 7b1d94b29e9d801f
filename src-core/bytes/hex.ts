import type { Hex } from '../brand';
import { EncodingError } from '../errors';

const HEX_DIGITS = '0123456789abcdef';
const BYTE_TO_HEX: string[] = Array.from({ length: 256 }, (_, i) => HEX_DIGITS[i >> 4]! + HEX_DIGITS[i & 15]!);

function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}

/**
 * Strict hex parsing: an optional `0x` prefix, an even number of hex digits, either case.
 * Odd lengths and stray characters are errors; nothing is padded or skipped silently.
 */
export function hexToBytes(text: string, what = 'hex'): Uint8Array {
  if (typeof text !== 'string')
    throw new EncodingError('HEX_NOT_STRING', `The ${what} value must be a string of hex digits.`);
  const body = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (body.length % 2 !== 0) {
    throw new EncodingError('HEX_ODD_LENGTH', `The ${what} value has an odd number of hex digits (${body.length}).`, {
      length: body.length,
    });
  }
  const out = new Uint8Array(body.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = nibble(body.charCodeAt(2 * i));
    const lo = nibble(body.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) {
      const at = hi < 0 ? 2 * i : 2 * i + 1;
      throw new EncodingError(
        'HEX_INVALID_CHARACTER',
        `The ${what} value has a non-hex character ${JSON.stringify(body[at])} at position ${at}.`,
        { position: at },
      );
    }
    out[i] = (hi << 4) | lo;
  }
  return out;
}

export function bytesToHex(bytes: Uint8Array): Hex {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += BYTE_TO_HEX[bytes[i]!];
  return out as Hex;
}

export function isHex(text: unknown): text is string {
  return typeof text === 'string' && text.length % 2 === 0 && /^(0x)?[0-9a-fA-F]*$/.test(text);
}

/** Canonical form: lowercase, no prefix. Validates like `hexToBytes`. */
export function normalizeHex(text: string, what = 'hex'): Hex {
  return bytesToHex(hexToBytes(text, what));
}

/** Parses hex and requires an exact byte length. */
export function hexToFixedBytes(text: string, length: number, what = 'hex'): Uint8Array {
  const bytes = hexToBytes(text, what);
  if (bytes.length !== length) {
    throw new EncodingError('HEX_WRONG_LENGTH', `The ${what} value must be ${length} bytes, got ${bytes.length}.`, {
      expected: length,
      actual: bytes.length,
    });
  }
  return bytes;
}
