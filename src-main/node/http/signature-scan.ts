import { hexToBytes } from '../../../src-core/bytes/hex';
import { parseSpans, splice } from '../java-json/json-spans';

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
  /** `printedArray()` as its bytes (ASCII) in parts, copied from the text without building the array's string. */
  printedArrayParts(): Buffer[];
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
  const printedArrayParts = (): Buffer[] => {
    if (!printedAsSent) return [Buffer.from(printedArray(), 'latin1')];
    const parts = [Buffer.from('[')];
    slices.forEach((slice, i) => parts.push(Buffer.from(i === 0 ? slice : `,${slice}`, 'latin1')));
    parts.push(Buffer.from(']'));
    return parts;
  };
  return {
    count,
    printedArrayParts,
    unsignedText:
      arrays.length === 0
        ? text
        : splice(
            text,
            arrays.map((span) => ({ span, text: '[]' })),
          ),
    printedArray,
    bytes: () => (count === 0 ? [] : (JSON.parse(printedArray()) as string[]).map((hex) => hexToBytes(hex))),
  };
}

/** A character no plain hex string array holds outside its brackets. */
const FOREIGN = /[^0-9a-fA-F",\s]/;
const BLANK = /\s/;
const UPPER = /[A-F]/;

/**
 * How many items the array text[start, end) holds when each is a string of whole hex bytes with
 * nothing else in it (no escape, no "0x", no blank that ByteArray.fromHexString would skip), which
 * JsonFormat reads as exactly those bytes; -1 otherwise. The text is valid JSON, so its items are
 * separated by commas, and with only hex digits, quotes, commas and blanks inside, every item is a
 * string when there are two quotes per comma and one more pair. Native searches only: the array
 * may be megabytes. `printedAsSent`: no blank and no upper-case digit, so the array's text is
 * already what JsonFormat prints back.
 */
function plainHexItems(text: string, start: number, end: number): { count: number; printedAsSent: boolean } {
  const inner = text.slice(start + 1, end - 1);
  const refused = { count: -1, printedAsSent: false };
  if (FOREIGN.test(inner)) return refused;
  const blanks = BLANK.test(inner);
  let count = 0;
  for (let open = inner.indexOf('"'); open >= 0; open = inner.indexOf('"', open + 1)) {
    const close = inner.indexOf('"', open + 1);
    if (close < 0 || (close - open - 1) % 2 !== 0) return refused;
    // A blank inside a string (ByteArray.fromHexString drops it) is not plain; between items it is.
    if (blanks && BLANK.test(inner.slice(open + 1, close))) return refused;
    count++;
    open = close;
  }
  let commas = 0;
  for (let at = inner.indexOf(','); at >= 0; at = inner.indexOf(',', at + 1)) commas++;
  if (commas !== Math.max(0, count - 1)) return refused;
  if (count === 0 && inner.trim() !== '') return refused;
  return { count, printedAsSent: !blanks && !UPPER.test(inner) };
}
