import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvCell, guardCell, parseCsv, toCsv, unguardCell } from '../../../src-core/csv/csv';
import { CsvError } from '../../../src-core/errors';

function csvError(run: () => unknown): CsvError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CsvError);
    return error as CsvError;
  }
  throw new Error('expected a CsvError');
}

describe('CSV writing', () => {
  it('quotes commas, quotes and line breaks and doubles quotes inside', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', 'plain']])).toBe('"a,b","say ""hi""","two\nlines",plain\r\n');
  });

  it('keeps leading and trailing spaces by quoting them', () => {
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('guards every formula trigger so spreadsheets show text, not a formula', () => {
    for (const text of ['=SUM(A1)', '+1', '-2+3', '@cmd', '\tTAB', '\rCR']) {
      expect(guardCell(text)).toBe(`'${text}`);
      expect(csvCell(text).replace(/^"|"$/g, '').startsWith("'")).toBe(true);
    }
    expect(guardCell('Alice')).toBe('Alice');
    expect(guardCell('')).toBe('');
  });

  it('writes numbers and bigints as they are (a negative amount is not a formula)', () => {
    expect(toCsv([[-5, 12n, null, undefined, true]])).toBe('-5,12,,,true\r\n');
  });

  it('undoes the guard on read, and only before a formula trigger', () => {
    expect(unguardCell("'=cmd")).toBe('=cmd');
    expect(unguardCell("'quoted")).toBe("'quoted");
    expect(unguardCell("'")).toBe("'");
  });

  it('reads back text that itself starts like a guarded cell', () => {
    for (const text of ["'=x", "''=x", `'''=x`, "'", "'-", '=', "'a"])
      expect(parseCsv(toCsv([[text, 'x']])).map((r) => r.fields.map(unguardCell))).toEqual([[text, 'x']]);
  });
});

describe('CSV reading', () => {
  it('reads CRLF, LF and CR line ends, a BOM, and skips blank lines', () => {
    const records = parseCsv('\uFEFFname,address\r\nA,1\n\nB,2\rC,3');
    expect(records).toEqual([
      { line: 1, fields: ['name', 'address'] },
      { line: 2, fields: ['A', '1'] },
      { line: 4, fields: ['B', '2'] },
      { line: 5, fields: ['C', '3'] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, and counts lines across them', () => {
    const records = parseCsv('"a,b","say ""hi""","two\r\nlines"\nnext,row\n');
    expect(records).toEqual([
      { line: 1, fields: ['a,b', 'say "hi"', 'two\r\nlines'] },
      { line: 3, fields: ['next', 'row'] },
    ]);
  });

  it('keeps empty fields, including a trailing one and a quoted empty one', () => {
    expect(parseCsv('a,,\n""\n')).toEqual([
      { line: 1, fields: ['a', '', ''] },
      { line: 2, fields: [''] },
    ]);
  });

  it('refuses an unterminated quote with the line where it opened', () => {
    const error = csvError(() => parseCsv('ok,row\n"never closed,x\nmore'));
    expect(error.code).toBe('CSV_UNTERMINATED_QUOTE');
    expect(error.details).toEqual({ line: 2 });
    expect(error.message).toContain('Line 2');
  });

  it('refuses a quote inside an unquoted field and text after a closing quote', () => {
    expect(csvError(() => parseCsv('a\nab"c,d')).details).toEqual({ line: 2 });
    expect(csvError(() => parseCsv('"ab"c,d')).code).toBe('CSV_STRAY_QUOTE');
  });

  it('refuses more rows than allowed', () => {
    expect(csvError(() => parseCsv('a\nb\nc\n', { maxRecords: 2 })).code).toBe('CSV_TOO_MANY_ROWS');
  });

  it('reads back exactly what it writes, for any text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.stringMatching(/^'{0,2}[=+@-]?[a,"\n]{0,3}$/)),
            { minLength: 1, maxLength: 4 },
          ),
          { minLength: 1, maxLength: 5 },
        ),
        (rows) => {
          const read = parseCsv(toCsv(rows)).map((r) => r.fields.map(unguardCell));
          const expected = rows.filter((r) => !(r.length === 1 && r[0] === ''));
          expect(read).toEqual(expected);
        },
      ),
    );
  });
});
