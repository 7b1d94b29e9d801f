import { bytesToBigint } from '../../../src-core/bytes/bytes';

const ERROR_SELECTOR = [0x08, 0xc3, 0x79, 0xa0];
const PANIC_SELECTOR = [0x4e, 0x48, 0x7b, 0x71];
const decoder = new TextDecoder('utf-8', { fatal: true });

function hasSelector(data: Uint8Array, selector: number[]): boolean {
  return data.length >= 4 && selector.every((byte, i) => data[i] === byte);
}

/**
 * The reason inside revert data: `Error(string)` gives its text, `Panic(uint256)` gives
 * `Panic(0x11)`-style text; anything else (custom errors, empty data) gives undefined.
 */
export function decodeRevertReason(data: Uint8Array): string | undefined {
  if (hasSelector(data, PANIC_SELECTOR) && data.length >= 36) {
    return `Panic(0x${bytesToBigint(data.subarray(4, 36)).toString(16)})`;
  }
  if (!hasSelector(data, ERROR_SELECTOR) || data.length < 68) return undefined;
  const offset = bytesToBigint(data.subarray(4, 36));
  if (offset > BigInt(data.length)) return undefined;
  const start = 4 + Number(offset);
  if (start + 32 > data.length) return undefined;
  const length = bytesToBigint(data.subarray(start, start + 32));
  if (BigInt(start + 32) + length > BigInt(data.length)) return undefined;
  try {
    return decoder.decode(data.subarray(start + 32, start + 32 + Number(length)));
  } catch {
    return undefined;
  }
}
