import { auditEntryHash, auditEntrySchema, serializeAuditBundle, type AuditBundle } from '../../../src-core/audit';
import { auditHeadSchema } from '../../../src-core/audit/bundle';
import { bytesToUtf8 } from '../../../src-core/bytes/utf8';
import { parseJsonLossless } from '../../../src-core/json/lossless';

/** Where a bundle that does not read is damaged: an entry by its desk and place when they can still be read. */
export interface DamageSite {
  /** "entry 4 of the file (desk desk-a, place 3)", "the stated last entry of desk desk-b", … */
  readonly where: string;
  readonly desk?: string;
  readonly seq?: number;
}

const ENTRY_START = '{"account":';
const HEAD_START = '{"desk":';

/**
 * Names the part of a bundle file that keeps it from reading. The file is the canonical text
 * (src-core/audit/bundle.ts: keys sorted, so every entry opens with `{"account":` and the heads
 * with `{"desk":`), so each entry's own text is cut out and read on its own: the first that is
 * not JSON, not an entry, or not its own hash is the damaged one. When every entry reads (a
 * change of spacing or order), the first character that differs from the canonical text of what
 * was read is the place.
 */
export function locateDamage(bytes: Uint8Array, parsed?: AuditBundle): DamageSite {
  let text: string;
  try {
    text = bytesToUtf8(bytes);
  } catch {
    text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  }
  const entriesAt = text.indexOf('"entries":[');
  const headsAt = text.indexOf('"heads":[', entriesAt + 1);
  // From after the bundle's own opening brace, which also reads `{"account":`.
  const listStart = entriesAt < 0 ? 1 : entriesAt + '"entries":['.length;
  const entries = segments(text, ENTRY_START, listStart, headsAt < 0 ? text.length : headsAt);
  const first = entries[0]?.start ?? (headsAt < 0 ? text.length : headsAt);
  if (entriesAt >= 0 && first > listStart + 1) {
    // The first entry's own opening was changed: its text sits before the first marker found.
    entries.unshift({ start: listStart, text: text.slice(listStart, text[first - 1] === ',' ? first - 1 : first) });
  }
  for (const [i, segment] of entries.entries()) {
    const reason = entryProblem(segment.text);
    if (reason) return site(`entry ${i + 1} of the file`, segment.text, reason);
  }
  const heads = headsAt < 0 ? [] : segments(text, HEAD_START, headsAt, text.length);
  for (const segment of heads) {
    if (!auditHeadSchema.safeParse(readJson(segment.text)).success) {
      const found = site('a stated last entry', segment.text, 'it does not read');
      return { ...found, where: found.desk ? `the stated last entry of desk ${found.desk}` : found.where };
    }
  }
  if (parsed) {
    const canonical = bytesToUtf8(serializeAuditBundle(parsed));
    let k = 0;
    while (k < text.length && text[k] === canonical[k]) k++;
    const hit = [...entries, ...heads].find((s) => k >= s.start && k <= s.start + s.text.length);
    if (hit) return site(`the text at character ${k + 1}`, hit.text, 'it is not written in canonical form');
    return { where: `the text at character ${k + 1}, outside the entries` };
  }
  return { where: 'the bundle’s own fields (account, format, version or the lists’ brackets), outside the entries' };
}

function segments(text: string, marker: string, from: number, to: number): { start: number; text: string }[] {
  const starts: number[] = [];
  for (let at = text.indexOf(marker, from); at >= 0 && at < to; at = text.indexOf(marker, at + 1)) starts.push(at);
  return starts.map((start, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]! - 1 : closing(text, start, to);
    return { start, text: text.slice(start, end) };
  });
}

/** The end of the last object in a list: the `]` that closes it, found from the list's end. */
function closing(text: string, start: number, to: number): number {
  const end = text.lastIndexOf(']', to);
  return end > start ? end : to;
}

function readJson(text: string): unknown {
  try {
    return parseJsonLossless(text);
  } catch {
    return undefined;
  }
}

function entryProblem(text: string): string | null {
  const value = readJson(text);
  if (value === undefined) return 'it is not readable JSON';
  const entry = auditEntrySchema.safeParse(value);
  if (!entry.success) return 'it does not have an entry’s fields';
  if (auditEntryHash(entry.data) !== entry.data.hash) return 'its content does not match its hash';
  return null;
}

function site(where: string, text: string, reason: string): DamageSite {
  const desk = /"desk":"([\x21-\x7e]{1,64}?)"/.exec(text)?.[1];
  const seqText = /"seq":(\d{1,15})[,}]/.exec(text)?.[1];
  const seq = seqText === undefined ? undefined : Number(seqText);
  const named = desk !== undefined && seq !== undefined ? ` (desk ${desk}, place ${seq})` : '';
  return {
    where: `${where}${named}: ${reason}`,
    ...(desk !== undefined ? { desk } : {}),
    ...(seq !== undefined ? { seq } : {}),
  };
}
