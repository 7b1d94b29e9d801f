import { toBase58Address } from '../../../src-core/address/address';
import { toCsv, type CsvCell } from '../../../src-core/csv/csv';
import { assetKey, paymentOf, type EnvelopeBundle, type Payment } from '../../../src-core/envelope';
import type { BundleRun, RowState } from './bundle-run-store';

/**
 * The payout report a finance team files: one line per row with its status, txid, block, the fee
 * the chain charged and the times it was proposed, broadcast and confirmed, then one `total` line
 * per asset. Amounts are base units (sun for TRX), exact integers, so the totals reconcile to the
 * sun with the account's balance change: TRX paid by confirmed rows plus every fee charged (a row
 * that failed in a block paid its fee too).
 */
export const REPORT_COLUMNS = [
  'row',
  'status',
  'reference',
  'asset',
  'token',
  'recipient',
  'amount_base_units',
  'txid',
  'block',
  'fee_sun',
  'proposed_at',
  'broadcast_at',
  'confirmed_at',
  'reason',
] as const;

export interface ReportTotals {
  /** Per asset key ("TRX", "TRC10:…", "TRC20:41…"): base units paid by confirmed rows, and their count. */
  readonly paid: ReadonlyMap<string, { readonly amount: bigint; readonly rows: number }>;
  /** Every fee the chain charged, confirmed and failed-in-block rows alike. */
  readonly feesSun: bigint;
  /** What the paying account's TRX balance moved by: minus the TRX paid and the fees. */
  readonly trxChangeSun: bigint;
  readonly counts: Readonly<Record<RowState['status'], number>>;
}

/** Settled for the account's balance: a fee is charged once the row is in a block. */
function inBlock(row: RowState): boolean {
  return row.blockNumber !== null;
}

function paid(row: RowState): boolean {
  return row.status === 'confirmed';
}

export function reportTotals(run: BundleRun, bundle: EnvelopeBundle): ReportTotals {
  const totals = new Map<string, { amount: bigint; rows: number }>();
  let feesSun = 0n;
  const counts = Object.fromEntries(
    ['unsigned', 'waiting', 'sending', 'sent', 'packed', 'confirmed', 'failed', 'expired'].map((s) => [s, 0]),
  ) as Record<RowState['status'], number>;
  run.rows.forEach((row, index) => {
    counts[row.status] += 1;
    if (inBlock(row)) feesSun += row.feeSun ?? 0n;
    const payment = paymentOf(bundle.rows[index]!.summary);
    if (!payment || !paid(row)) return;
    const key = assetKey(payment);
    const prior = totals.get(key) ?? { amount: 0n, rows: 0 };
    totals.set(key, { amount: prior.amount + BigInt(payment.amount), rows: prior.rows + 1 });
  });
  const trxPaid = totals.get('TRX')?.amount ?? 0n;
  return { paid: totals, feesSun, trxChangeSun: -(trxPaid + feesSun), counts };
}

const time = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function tokenOf(payment: Payment | null): string | null {
  if (!payment || payment.asset === 'TRX') return null;
  return payment.asset === 'TRC10' ? payment.tokenId : toBase58Address(payment.contract);
}

type Column = (typeof REPORT_COLUMNS)[number];
const line = (cells: Partial<Record<Column, CsvCell>>): CsvCell[] => REPORT_COLUMNS.map((c) => cells[c] ?? null);

/** The report as CSV text (RFC 4180, formula-guarded cells), rows in bundle order, then the totals. */
export function payoutReportCsv(run: BundleRun, bundle: EnvelopeBundle): string {
  const lines: CsvCell[][] = [[...REPORT_COLUMNS]];
  run.rows.forEach((row, index) => {
    const bundled = bundle.rows[index]!;
    const payment = paymentOf(bundled.summary);
    lines.push(
      line({
        row: index + 1,
        status: row.status,
        reference: bundled.statedPayment?.reference,
        asset: payment?.asset ?? bundled.summary.contractType,
        token: tokenOf(payment),
        recipient: payment ? toBase58Address(payment.recipient) : null,
        amount_base_units: payment?.amount,
        txid: row.txid,
        block: row.blockNumber,
        fee_sun: row.feeSun,
        proposed_at: time(run.proposedAt),
        broadcast_at: time(row.broadcastAt),
        confirmed_at: time(row.confirmedAt),
        reason: row.reason,
      }),
    );
  });
  const totals = reportTotals(run, bundle);
  for (const [key, { amount, rows }] of totals.paid) {
    const [asset, token] = key.split(':') as [string, string | undefined];
    lines.push(
      line({
        row: 'total',
        status: `${rows} confirmed`,
        asset,
        token: token?.startsWith('41') ? toBase58Address(token) : token,
        amount_base_units: amount,
      }),
    );
  }
  lines.push(line({ row: 'total', status: 'fees', fee_sun: totals.feesSun }));
  return toCsv(lines);
}
