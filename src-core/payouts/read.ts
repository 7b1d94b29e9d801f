import { isValidAddress, toBase58Address } from '../address/address';
import { parseCsv, unguardCell, type CsvRecord } from '../csv/csv';
import { CsvError, ValidationError } from '../errors';
import { amountCell, assetCell, memo, recipientCell, type Cell } from './cells';
import {
  assetKey,
  PAYOUT_ISSUE,
  PAYOUT_MAX_ROWS,
  PAYOUT_MEMO_MAX,
  PAYOUT_REFERENCE_MAX,
  type PayoutColumn,
  type PayoutFile,
  type PayoutAsset,
  type PayoutIssue,
  type PayoutRow,
} from './format';
import { readHeader, type PayoutHeader } from './header';
import type { PayoutLookups } from './lookups';
import { payoutRequest } from './request';

export interface ReadPayoutOptions {
  /** The account that pays (T… or 41… hex); every row's request is from it. */
  readonly owner: string;
  readonly lookups: PayoutLookups;
}

/**
 * Reads a payout file in full and reports every problem at once, each with its line, rather than
 * stopping at the first: a person fixes the file in one pass. Nothing is read from anywhere but
 * the text and the lookups given.
 *
 * A duplicate is a row with the same recipient, asset, amount and reference as an earlier row
 * (names resolved to addresses, amounts compared in base units, an empty reference equal to an
 * empty one): paying one person the same sum twice on purpose takes two distinct references.
 */
export async function readPayoutCsv(text: string, options: ReadPayoutOptions): Promise<PayoutFile> {
  if (!isValidAddress(options.owner))
    throw new ValidationError('PAYOUT_BAD_OWNER', `The paying account “${options.owner}” is not a TRON address.`, {
      field: 'owner',
    });
  const owner = toBase58Address(options.owner);
  const issues: PayoutIssue[] = [];
  let records: CsvRecord[];
  try {
    records = parseCsv(text, { maxRecords: PAYOUT_MAX_ROWS + 1 });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = Number(error.details?.line ?? 1);
    const code = error.code === 'CSV_TOO_MANY_ROWS' ? PAYOUT_ISSUE.tooManyRows : PAYOUT_ISSUE.csvSyntax;
    const message =
      code === PAYOUT_ISSUE.tooManyRows
        ? `Line ${line}: the file has more than ${PAYOUT_MAX_ROWS} payments; split it into several files.`
        : error.message;
    return { rows: [], issues: [{ line, code, message }], total: 0 };
  }
  const [headerRecord, ...data] = records;
  const header = headerRecord ? readHeader(headerRecord, issues) : null;
  if (!headerRecord || data.length === 0) {
    const line = headerRecord?.line ?? 1;
    issues.push({
      line,
      code: PAYOUT_ISSUE.empty,
      message:
        `Line ${line}: the file has no payments; ` +
        'it needs the header row recipient,asset,amount,memo,reference and one row per payment.',
    });
    return { rows: [], issues, total: 0 };
  }
  if (!header) return { rows: [], issues, total: data.length };

  const lookups = {
    addressesNamed: options.lookups.addressesNamed.bind(options.lookups),
    watchedWithSymbol: options.lookups.watchedWithSymbol.bind(options.lookups),
    trc20: memo((contract) => options.lookups.trc20(contract)),
    trc10: memo((tokenId) => options.lookups.trc10(tokenId)),
  };
  // The chain is asked about each distinct token once, all at once, before the rows are judged in order.
  const assets = await Promise.all(data.map((record) => assetOf(record, header, lookups)));

  const rows: PayoutRow[] = [];
  const seen = new Map<string, number>();
  data.forEach((record, i) => {
    const at = `Line ${record.line}`;
    const report = (code: PayoutIssue['code'], column: PayoutColumn | undefined, why: string) =>
      issues.push({ line: record.line, code, ...(column ? { column } : {}), message: `${at}: ${why}` });
    if (record.fields.length !== header.width) {
      report(
        PAYOUT_ISSUE.fieldCount,
        undefined,
        `${record.fields.length} field${record.fields.length === 1 ? '' : 's'}, but the header has ${header.width}; ` +
          'check for a missing or extra comma (quote text that holds one).',
      );
      return;
    }
    const cell = (column: PayoutColumn) => {
      const at = header.index[column];
      return at === undefined ? '' : unguardCell(record.fields[at] ?? '');
    };
    const recipientText = cell('recipient').trim();
    const assetText = cell('asset').trim();
    const amountText = cell('amount').trim();
    const memoText = cell('memo');
    const reference = cell('reference').trim();
    const before = issues.length;
    for (const [column, value] of [
      ['recipient', recipientText],
      ['asset', assetText],
      ['amount', amountText],
    ] as const)
      if (value === '')
        report(PAYOUT_ISSUE.emptyField, column, `the ${column} is empty; fill it in or remove the row.`);

    const recipient = recipientText === '' ? null : take(recipientCell(recipientText, lookups), report);
    const asset = assets[i] ? take(assets[i], report) : null;
    const amount = amountText === '' ? null : take(amountCell(amountText, asset), report);
    if (memoText.length > PAYOUT_MEMO_MAX)
      report(PAYOUT_ISSUE.memoTooLong, 'memo', `the memo is longer than ${PAYOUT_MEMO_MAX} characters; shorten it.`);
    if (reference.length > PAYOUT_REFERENCE_MAX)
      report(
        PAYOUT_ISSUE.referenceTooLong,
        'reference',
        `the reference is longer than ${PAYOUT_REFERENCE_MAX} characters; shorten it.`,
      );
    if (recipient && recipient.address === owner)
      report(PAYOUT_ISSUE.paysItself, 'recipient', 'the recipient is the paying account itself; remove the row.');
    if (issues.length > before || !recipient || !asset || amount === null) return;

    const key = `${recipient.address}|${assetKey(asset)}|${amount}|${reference}`;
    const first = seen.get(key);
    if (first !== undefined) {
      report(
        PAYOUT_ISSUE.duplicate,
        undefined,
        `this row repeats line ${first} (same recipient, asset, amount and reference); ` +
          'remove it, or give each payment its own reference if both are meant.',
      );
      return;
    }
    seen.set(key, record.line);
    rows.push({
      line: record.line,
      recipient: recipient.address,
      recipientName: recipient.name,
      asset,
      amount,
      amountText,
      memo: memoText,
      reference,
      request: payoutRequest({ owner, to: recipient.address, asset, amount, memo: memoText }),
    });
  });
  issues.sort((a, b) => a.line - b.line);
  return { rows, issues, total: data.length };
}

function assetOf(
  record: CsvRecord,
  header: PayoutHeader,
  lookups: Parameters<typeof assetCell>[1],
): Promise<Cell<PayoutAsset> | null> {
  const at = header.index.asset;
  const text = at === undefined ? '' : unguardCell(record.fields[at] ?? '').trim();
  if (record.fields.length !== header.width || text === '') return Promise.resolve(null);
  return assetCell(text, lookups);
}

function take<T>(
  cell: Cell<T>,
  report: (code: PayoutIssue['code'], column: PayoutColumn, why: string) => void,
): T | null {
  if (cell.ok) return cell.value;
  report(cell.code, cell.column, cell.why);
  return null;
}

/** The rows, or a ValidationError carrying every issue when the file has any. */
export function requireGoodFile(file: PayoutFile): readonly PayoutFile['rows'][number][] {
  if (file.issues.length === 0) return file.rows;
  const lines = new Set(file.issues.map((i) => i.line)).size;
  throw new ValidationError(
    'PAYOUT_FILE_INVALID',
    `The payout file has ${file.issues.length} problem${file.issues.length === 1 ? '' : 's'} ` +
      `on ${lines} line${lines === 1 ? '' : 's'}; fix them and read it again. First: ${file.issues[0]!.message}`,
    { issues: file.issues.map((i) => ({ ...i })) },
  );
}
