import { describe, expect, it } from 'vitest';
import type { PlannedRowView } from '@core/ipc/channels/payouts';
import { assetOfRow, formatAssetAmount, largestRows, progressLabel } from '@renderer/format/payouts';

function row(line: number, assetKey: string, amount: bigint): PlannedRowView {
  return {
    line,
    recipient: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    assetKey,
    amount,
    kind: 'trx-transfer',
    recipientNew: false,
    activates: false,
    bandwidthBytes: 0n,
    energy: null,
    feeLimitSun: null,
    burnedSun: 0n,
    options: null,
    status: 'ok',
    reason: null,
  };
}

describe('payout plan wording', () => {
  it('keeps the largest rows of each asset apart, largest first, earlier line first on a tie', () => {
    const rows = [
      row(2, 'TRX', 5n),
      row(3, 'trc20:T1', 10_000n),
      row(4, 'TRX', 9n),
      row(5, 'TRX', 9n),
      row(6, 'TRX', 1n),
      row(7, 'trc20:T1', 3n),
    ];
    expect(largestRows(rows, 2).map((r) => r.line)).toEqual([4, 5, 3, 7]);
  });

  it('words an amount in its asset’s units with the symbol, from the totals the row points to', () => {
    const totals = [
      {
        key: 'trc20:T1',
        asset: { type: 'trc20' as const, symbol: 'TT', decimals: 6, contract: 'T1' },
        count: 1,
        total: 0n,
        symbol: 'TT',
        newRecipients: 0,
        bandwidthBytes: 0n,
        energy: 0n,
        burnedSun: 0n,
      },
    ];
    expect(formatAssetAmount(1_234_567_500_000n, assetOfRow({ totals }, { assetKey: 'trc20:T1' }))).toBe(
      '1,234,567.5 TT',
    );
    expect(assetOfRow({ totals }, { assetKey: 'TRX' })).toBeNull();
    expect(formatAssetAmount(15n, null)).toBe('15 base units');
  });

  it('labels the progress bar with the phase and the count, reading the file without one', () => {
    expect(progressLabel({ runId: null, phase: 'read', done: 0, total: 1 })).toBe('Reading the file…');
    expect(progressLabel({ runId: null, phase: 'recipients', done: 4, total: 9 })).toBe(
      'Looking up recipients: 4 of 9',
    );
  });
});
