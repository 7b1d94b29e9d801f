import { isValidAddress, toBase58Address } from '../../../src-core/address/address';
import { parseCsv, toCsv, unguardCell } from '../../../src-core/csv/csv';
import { CsvError } from '../../../src-core/errors';
import { ADDRESS_BOOK_CSV_COLUMNS, type CsvProblem } from '../../../src-core/ipc/channels/address-book';
import { NAME_MAX, NOTE_MAX, TAGS_MAX, TAG_MAX, type Contact, type ContactInput } from '../stores/address-book';

/**
 * The address book as CSV (RFC 4180): a header row naming the columns
 * `name,address,note,tags` (any order, any case; `note` and `tags` optional), one contact per
 * row, tags separated by spaces. Reading refuses each malformed row with its line number and
 * never guesses; writing guards cells a spreadsheet would run as formulas (src-core/csv).
 */

export function addressBookToCsv(contacts: readonly Contact[]): string {
  return toCsv([[...ADDRESS_BOOK_CSV_COLUMNS], ...contacts.map((c) => [c.name, c.address, c.note, c.tags.join(' ')])]);
}

export interface ReadContacts {
  /** Valid rows, with the line each came from. */
  readonly rows: readonly (ContactInput & { readonly line: number })[];
  readonly problems: readonly CsvProblem[];
  /** Data rows seen (header excluded). */
  readonly total: number;
}

const TAG = /^[^\s,]+$/;

export function readAddressBookCsv(text: string): ReadContacts {
  let records;
  try {
    records = parseCsv(text, { maxRecords: 10_001 });
  } catch (error) {
    if (error instanceof CsvError)
      return { rows: [], problems: [{ line: Number(error.details?.line ?? 1), message: error.message }], total: 0 };
    throw error;
  }
  if (records.length === 0)
    return {
      rows: [],
      problems: [
        {
          line: 1,
          message: 'The file is empty: it needs a header row (name,address,note,tags) and one row per contact.',
        },
      ],
      total: 0,
    };
  const [header, ...data] = records;
  const columns = header!.fields.map((f) => f.trim().toLowerCase());
  const problems: CsvProblem[] = [];
  const known = ADDRESS_BOOK_CSV_COLUMNS as readonly string[];
  const unknown = columns.filter((c) => !known.includes(c));
  const repeated = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (!columns.includes('name') || !columns.includes('address') || unknown.length > 0 || repeated.length > 0) {
    const parts = [
      ...(!columns.includes('name') || !columns.includes('address')
        ? ['it must name the columns “name” and “address”']
        : []),
      ...(unknown.length
        ? [`unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `“${u}”`).join(', ')}`]
        : []),
      ...(repeated.length
        ? [`column${repeated.length > 1 ? 's' : ''} ${repeated.map((u) => `“${u}”`).join(', ')} twice`]
        : []),
    ];
    return {
      rows: [],
      problems: [
        {
          line: header!.line,
          message: `Line ${header!.line}: the header row is not usable: ${parts.join('; ')}. Expected: name,address,note,tags.`,
        },
      ],
      total: data.length,
    };
  }
  const index = (name: string) => columns.indexOf(name);
  const rows: (ContactInput & { line: number })[] = [];
  const seen = new Map<string, number>();
  for (const record of data) {
    const at = `Line ${record.line}`;
    if (record.fields.length !== columns.length) {
      problems.push({
        line: record.line,
        message: `${at}: ${record.fields.length} field${record.fields.length === 1 ? '' : 's'}, but the header has ${columns.length}.`,
      });
      continue;
    }
    const cell = (name: string) => (index(name) >= 0 ? unguardCell(record.fields[index(name)]!) : '');
    const name = cell('name').trim();
    const address = cell('address').trim();
    const note = cell('note');
    const tags = cell('tags').split(/\s+/).filter(Boolean);
    const wrong: string[] = [];
    if (name === '') wrong.push('the name is empty');
    else if (name.length > NAME_MAX) wrong.push(`the name is longer than ${NAME_MAX} characters`);
    if (!isValidAddress(address))
      wrong.push(`“${address.slice(0, 50)}” is not a TRON address (T… Base58 or 41… hex, with a valid checksum)`);
    if (note.length > NOTE_MAX) wrong.push(`the note is longer than ${NOTE_MAX} characters`);
    if (tags.length > TAGS_MAX) wrong.push(`more than ${TAGS_MAX} tags`);
    const badTag = tags.find((t) => t.length > TAG_MAX || !TAG.test(t));
    if (badTag) wrong.push(`the tag “${badTag.slice(0, 40)}” is not one word of at most ${TAG_MAX} characters`);
    if (wrong.length === 0) {
      const b58 = toBase58Address(address);
      const first = seen.get(b58);
      if (first !== undefined) wrong.push(`the address already appears on line ${first}`);
      else seen.set(b58, record.line);
    }
    if (wrong.length > 0) {
      problems.push({ line: record.line, message: `${at}: ${wrong.join('; ')}.` });
      continue;
    }
    rows.push({ line: record.line, name, address, note, tags });
  }
  return { rows, problems, total: data.length };
}
