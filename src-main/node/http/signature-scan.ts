import { hexToBytes } from '../../../src-core/bytes/hex';
import { parseSpans, splice } from './json-spans';

/**
 * A transaction's JSON text with its signatures read apart from the rest, so that an endpoint can
 * count them before it builds the transaction: a body of thousands of signatures is refused for its
 * count at the cost of one scan, not of JsonFormat.merge over megabytes.
 */
export interface ScannedSignatures {
  /** How many signatures JsonFormat.merge would read (every top-level `signature` array, in order). */
  readonly count: number;
  /** The text with each top-level `signature` array emptied: what the rest of the transaction merges from. */
  readonly unsignedText: string;
  /** The signatures as JsonFormat prints them back, a JSON array of lower-case hex strings without blanks. */
  printedArray(): string;
  /** The signatures as bytes (JsonFormat's hex decode of plain hex). */
  bytes(): Uint8Array[];
}

/**
 * The signatures of a valid JSON text, or undefined when any top-level `signature` is not an array
 * of plain hex strings (then the caller merges the whole text, which reads or refuses it as
 * JsonFormat does). The top level is listed; below it the scan only skips.
 */
export function scanSignatures(text: string): ScannedSignatures | undefined {
  const root = parseSpans(text, 1);
  if (root.kind !== 'object') return undefined;
  const arrays = root.members!.filter((m) => m.key === 'signature').map((m) => m.value);
  let count = 0;
  let printedAsSent = true;
  const slices: string[] = [];
  for (const span of arrays) {
    if (span.kind !== 'array') return undefined;
    const items = plainHexItems(text, span.start, span.end);
    if (items.count < 0) return undefined;
    count += items.count;
    printedAsSent &&= items.printedAsSent;
    if (items.count > 0) slices.push(text.slice(span.start + 1, span.end - 1));
  }
  const printedArray = (): string =>
    `[${(printedAsSent ? slices : slices.map((s) => s.replace(/\s+/g, '').toLowerCase())).join(',')}]`;
  return {
    count,
    unsignedText: arrays.length === 0 ? text : splice(text, arrays.map((span) => ({ span, text: '[]' }))),
    printedArray,
    bytes: () => (count === 0 ? [] : (JSON.parse(printedArray()) as string[]).map((hex) => hexToBytes(hex))),
  };
}

const isBlank = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;
const isHexDigit = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/**
 * How many items the array text[start, end) holds when each is a string of whole hex bytes with
 * nothing else in it (no escape, no "0x", no blank that ByteArray.fromHexString would skip), which
 * JsonFormat reads as exactly those bytes; -1 otherwise. The text is valid JSON, so commas and the
 * closing bracket stand where JSON puts them. `printedAsSent`: no blank and no upper-case digit, so
 * the array's text is already what JsonFormat prints back.
 */
function plainHexItems(text: string, start: number, end: number): { count: number; printedAsSent: boolean } {
  let count = 0;
  let printedAsSent = true;
  for (let pos = start + 1; pos < end - 1; pos++) {
    const c = text.charCodeAt(pos);
    if (c === 44 /* , */) continue;
    if (isBlank(c)) {
      printedAsSent = false;
      continue;
    }
    if (c !== 34 /* " */) return { count: -1, printedAsSent };
    const from = ++pos;
    for (let d = text.charCodeAt(pos); isHexDigit(d); d = text.charCodeAt(++pos)) if (d <= 70 && d >= 65) printedAsSent = false;
    if (text.charCodeAt(pos) !== 34 || (pos - from) % 2 !== 0) return { count: -1, printedAsSent };
    count++;
  }
  return { count, printedAsSent };
}
