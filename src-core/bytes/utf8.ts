import { EncodingError } from '../errors';

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

export function utf8ToBytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Refuses invalid UTF-8 instead of inserting replacement characters. */
export function bytesToUtf8(bytes: Uint8Array): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    throw new EncodingError('UTF8_INVALID', 'The bytes are not valid UTF-8 text.');
  }
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    strictDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}
