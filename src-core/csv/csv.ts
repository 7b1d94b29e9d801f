import { CsvError } from '../errors';

/**
 * CSV as RFC 4180 writes it, for the address book and the history export: fields separated by
 * commas, records by CRLF (LF and CR are read too), a field quoted when it holds a comma, a quote
 * or a line break, with quotes doubled inside. Reading is strict: a stray or unterminated quote
 * is an error that names its line, never a silent guess.
 *
 * Spreadsheets run a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a
 * formula (CSV injection). Text cells written here that start so get a leading `'`, which
 * spreadsheets show as text; `unguardCell` takes it off again when such a file is read back.
 */
export type CsvCell = string | number | bigint | boolean | null | undefined;

export interface CsvRecord {
  /** 1-based line on which the record starts (a quoted field may span lines). */
  readonly line: number;
  readonly fields: readonly string[];
}

export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;

/** Text a spreadsheet would not evaluate: a leading `'` before a formula trigger. */
export function guardCell(text: string): string {
  // Text that already looks guarded gets one more `'`, so reading it back is exact.
  return startsWithTrigger(text) || looksGuarded(text) ? `'${text}` : text;
}

/** Undoes `guardCell`: removes one `'` from text of the form `'…'<trigger>…`. */
export function unguardCell(text: string): string {
  return looksGuarded(text) ? text.slice(1) : text;
}

function startsWithTrigger(text: string): boolean {
  return text.length > 0 && (FORMULA_TRIGGERS as readonly string[]).includes(text[0]!);
}

/** One or more `'` followed by a formula trigger. */
function looksGuarded(text: string): boolean {
  let i = 0;
  while (text[i] === "'") i++;
  return i > 0 && startsWithTrigger(text.slice(i));
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One cell: text is guarded against formulas and quoted as needed; numbers are written as they are. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return quote(guardCell(value));
}

/** CSV text with CRLF line ends and a final CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + (rows.length > 0 ? '\r\n' : '');
}

export interface ParseCsvOptions {
  /** Refuse text with more records than this (default 100,000). */
  readonly maxRecords?: number;
}

/** Reads CSV text into records; blank lines are skipped. Throws CsvError naming the line. */
export function parseCsv(text: string, options: ParseCsvOptions = {}): CsvRecord[] {
  const max = options.maxRecords ?? 100_000;
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let fieldStarted = false;

  const endRecord = () => {
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === '' && !fieldStarted;
    if (!blank) {
      records.push({ line: recordLine, fields });
      if (records.length > max)
        throw new CsvError('CSV_TOO_MANY_ROWS', `The file has more than ${max} rows; split it.`, { line: recordLine });
    }
    fields = [];
    field = '';
    fieldStarted = false;
  };

  while (i < input.length) {
    const c = input[i]!;
    if (c === '"') {
      if (field !== '')
        throw new CsvError(
          'CSV_STRAY_QUOTE',
          `Line ${line}: a quote inside an unquoted field; put the whole field in quotes and double the ` +
            'quotes inside it.',
          { line },
        );
      const startLine = line;
      i++;
      let closed = false;
      while (i < input.length) {
        const q = input[i]!;
        if (q === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          closed = true;
          i++;
          break;
        }
        if (q === '\r' || q === '\n') {
          if (q === '\r' && input[i + 1] === '\n') {
            field += '\r\n';
            i += 2;
          } else {
            field += q;
            i++;
          }
          line++;
          continue;
        }
        field += q;
        i++;
      }
      if (!closed)
        throw new CsvError(
          'CSV_UNTERMINATED_QUOTE',
          `Line ${startLine}: a quoted field is never closed; add the closing quote.`,
          { line: startLine },
        );
      fieldStarted = true;
      const next = input[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        throw new CsvError(
          'CSV_STRAY_QUOTE',
          `Line ${line}: text follows a closing quote; a quoted field must end at a comma or the end of the line.`,
          { line },
        );
      }
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      fieldStarted = true;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    field += c;
    i++;
  }
  if (field !== '' || fields.length > 0 || fieldStarted) endRecord();
  return records;
}
