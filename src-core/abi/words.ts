import { bytesToHex } from '../bytes/hex';

/**
 * Hex helpers for 32-byte ABI words. The coders work on lowercase hex text rather than bytes:
 * integers go through `BigInt('0x…')` and `toString(16)` without a byte loop, and the text that
 * TRON nodes exchange (`parameter`, `constant_result`, log `data`) is hex already.
 */

export const WORD_HEX = 64;

/** `ZEROS[k]` is k zero digits, for padding and for checking that padding is clean. */
export const ZEROS: readonly string[] = Array.from({ length: WORD_HEX + 1 }, (_, k) => '0'.repeat(k));

const ZERO_WORD = ZEROS[WORD_HEX]!;

/** Left-pads up to 64 digits (numbers, addresses). */
export function padLeft(hex: string): string {
  return hex.length >= WORD_HEX ? hex : ZERO_WORD.slice(hex.length) + hex;
}

/** Right-pads to the next multiple of 64 digits (bytes, strings). */
export function padRight(hex: string): string {
  const rest = hex.length % WORD_HEX;
  return rest === 0 ? hex : hex + ZERO_WORD.slice(rest);
}

/** A small non-negative integer (offset or length) as one word. */
export function sizeWord(n: number): string {
  return padLeft(n.toString(16));
}

const HEX_DIGITS = '0123456789abcdef';
export const BYTE_HEX: readonly string[] = Array.from(
  { length: 256 },
  (_, i) => HEX_DIGITS[i >> 4]! + HEX_DIGITS[i & 15]!,
);

// Lowercase digits only: the decoders normalise their input once before reading words.
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) NIBBLE[HEX_DIGITS.charCodeAt(i)] = i;

/** Bytes of lowercase hex `hex[from, to)` that was validated beforehand. */
export function hexSliceToBytes(hex: string, from: number, to: number): Uint8Array {
  const out = new Uint8Array((to - from) >> 1);
  for (let i = 0, p = from; i < out.length; i++, p += 2) {
    out[i] = (NIBBLE[hex.charCodeAt(p)]! << 4) | NIBBLE[hex.charCodeAt(p + 1)]!;
  }
  return out;
}

/** ASCII text straight to hex, or undefined when a character needs multi-byte UTF-8. */
export function asciiToHex(text: string): string | undefined {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return undefined;
    out += BYTE_HEX[c];
  }
  return out;
}

/** Text of lowercase hex `hex[from, to)` when every byte is ASCII, else undefined. */
export function hexSliceToAscii(hex: string, from: number, to: number): string | undefined {
  let out = '';
  for (let p = from; p < to; p += 2) {
    const code = (NIBBLE[hex.charCodeAt(p)]! << 4) | NIBBLE[hex.charCodeAt(p + 1)]!;
    if (code >= 0x80) return undefined;
    out += String.fromCharCode(code);
  }
  return out;
}

/** Lowercases hex text in place of a check: undefined unless every character is a hex digit. */
export function lowerHexOrUndefined(text: string, from: number): string | undefined {
  let upper = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 102)) continue;
    if (c >= 65 && c <= 70) {
      upper = true;
      continue;
    }
    return undefined;
  }
  const body = from === 0 ? text : text.slice(from);
  return upper ? body.toLowerCase() : body;
}

/** 2 when the text starts with `0x`/`0X`, else 0. */
export function prefixLength(text: string): number {
  return text.length >= 2 && text.charCodeAt(0) === 48 && (text.charCodeAt(1) === 120 || text.charCodeAt(1) === 88)
    ? 2
    : 0;
}

/**
 * Call or revert data given as bytes or hex text (with or without `0x`), as lowercase hex; undefined
 * when the text is not hex.
 */
export function dataHexOrUndefined(data: unknown): string | undefined {
  if (data instanceof Uint8Array) return bytesToHex(data);
  return typeof data === 'string' ? lowerHexOrUndefined(data, prefixLength(data)) : undefined;
}
