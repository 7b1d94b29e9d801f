import type { CsvRecord } from '../csv/csv';
import { PAYOUT_COLUMNS, PAYOUT_ISSUE, REQUIRED_PAYOUT_COLUMNS, type PayoutColumn, type PayoutIssue } from './format';

/** Where each known column sits in a row; null when the header cannot be used. */
export interface PayoutHeader {
  readonly index: Partial<Record<PayoutColumn, number>>;
  readonly width: number;
}

const EXPECTED = PAYOUT_COLUMNS.join(',');

/**
 * Reads the header row: every column named once, the three required ones present, nothing else.
 * An unknown or repeated column is an issue of its own and the rows are still read (the first of a
 * repeated column counts), so the person sees every problem at once; a missing required column
 * leaves nothing to read the rows by.
 */
export function readHeader(record: CsvRecord, issues: PayoutIssue[]): PayoutHeader | null {
  const names = record.fields.map((f) => f.trim().toLowerCase());
  const index: Partial<Record<PayoutColumn, number>> = {};
  const at = `Line ${record.line}`;
  let usable = true;
  names.forEach((name, i) => {
    if (!(PAYOUT_COLUMNS as readonly string[]).includes(name)) {
      issues.push({
        line: record.line,
        code: PAYOUT_ISSUE.unknownColumn,
        message:
          name === ''
            ? `${at}: column ${i + 1} of the header has no name; name it or remove it (accepted: ${EXPECTED}).`
            : `${at}: the header names an unknown column “${name.slice(0, 40)}”; ` +
              `rename or remove it (accepted: ${EXPECTED}).`,
      });
      return;
    }
    const column = name as PayoutColumn;
    if (index[column] !== undefined) {
      issues.push({
        line: record.line,
        code: PAYOUT_ISSUE.repeatedColumn,
        column,
        message: `${at}: the header names “${column}” twice; keep one of them.`,
      });
      return;
    }
    index[column] = i;
  });
  for (const column of REQUIRED_PAYOUT_COLUMNS) {
    if (index[column] === undefined) {
      usable = false;
      issues.push({
        line: record.line,
        code: PAYOUT_ISSUE.missingColumn,
        column,
        message:
          `${at}: the header has no “${column}” column; ` +
          'the first row must name recipient, asset and amount (memo and reference are optional).',
      });
    }
  }
  return usable ? { index, width: names.length } : null;
}
