import { afterEach, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../src-core/csv/csv';
import type { TransactionInfo } from '../../../../src-core/client/types';
import { BundleFollower } from '../../../../src-main/wallet/payouts/bundle-follower';
import { BundleRuns } from '../../../../src-main/wallet/payouts/bundle-run-store';
import { payoutReportCsv, reportTotals } from '../../../../src-main/wallet/payouts/report';
import { removeDir, tempDir } from '../helpers';
import { HOUR, T0, readyBundle } from './helpers';

/** What the fake node says of each txid: in a block (solid or not, with its receipt), or nothing. */
type Known = { block: number; solid: boolean; fee: bigint; receipt?: string; message?: string };

function fakeNode(known: Map<string, Known>) {
  return {
    async getTransactionInfoById(txid: string, options: { solidity?: boolean } = {}): Promise<TransactionInfo | null> {
      const k = known.get(txid);
      if (!k || (options.solidity && !k.solid)) return null;
      return {
        id: txid,
        fee: k.fee,
        blockNumber: k.block,
        blockTimeStamp: T0 + k.block * 3000,
        receipt: k.receipt ? { result: k.receipt } : {},
        result: k.receipt && k.receipt !== 'SUCCESS' ? 'FAILED' : 'SUCESS',
        resMessage: k.message ?? '',
        contractResult: [],
      } as unknown as TransactionInfo;
    },
  };
}

let dir: string | undefined;
afterEach(async () => {
  if (dir) await removeDir(dir);
  dir = undefined;
});

describe('following a bundle’s rows and reporting them', () => {
  it('moves each sent row to confirmed, packed, failed with the chain’s reason, or expired', async () => {
    dir = await tempDir('bundle-follow-');
    const runs = await BundleRuns.open(dir);
    const bundle = readyBundle(5);
    const run = await runs.start(bundle, Array(5).fill(true), T0);
    await runs.updateRows(
      run.id,
      [0, 1, 2, 3].map((i) => [i, { status: 'sent' as const, broadcastAt: T0 + i }]),
    );
    const ids = bundle.rows.map((r) => r.transaction.txID);
    const known = new Map<string, Known>([
      [ids[0]!, { block: 10, solid: true, fee: 1_100_000n }],
      [ids[1]!, { block: 11, solid: false, fee: 0n }],
      [ids[2]!, { block: 12, solid: true, fee: 345_000n, receipt: 'REVERT', message: 'recipient refused' }],
    ]);
    let now = T0 + 1000;
    const follower = new BundleFollower({ runs, client: () => fakeNode(known), now: () => now });
    const followed = await follower.follow(run.id, bundle, T0 + 60_000);
    expect(followed.rows.map((r) => r.status)).toEqual(['confirmed', 'packed', 'failed', 'sent', 'waiting']);
    expect(followed.rows[0]).toMatchObject({ blockNumber: 10, feeSun: 1_100_000n, confirmedAt: now });
    expect(followed.rows[2]).toMatchObject({ nodeCode: 'REVERT', feeSun: 345_000n, blockNumber: 12 });
    expect(followed.rows[2]!.reason).toContain('recipient refused');

    known.set(ids[1]!, { block: 11, solid: true, fee: 0n });
    now += 5000;
    const later = await follower.follow(run.id, bundle, T0 + HOUR + 10_000);
    expect(later.rows.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'failed', 'expired', 'waiting']);

    // The report: the failed row paid its fee but not its amount; rows out of any block paid nothing.
    const totals = reportTotals(later, bundle);
    expect(totals.paid.get('TRX')).toEqual({ amount: 3_000_000n, rows: 2 });
    expect(totals.feesSun).toBe(1_445_000n);
    expect(totals.trxChangeSun).toBe(-4_445_000n);
    const [header, ...lines] = parseCsv(payoutReportCsv(later, bundle));
    const cells = lines.map((l) => Object.fromEntries(header!.fields.map((name, i) => [name, l.fields[i]])));
    expect(cells.map((c) => [c.row, c.status])).toEqual([
      ['1', 'confirmed'],
      ['2', 'confirmed'],
      ['3', 'failed'],
      ['4', 'expired'],
      ['5', 'waiting'],
      ['total', '2 confirmed'],
      ['total', 'fees'],
    ]);
    expect(cells[2]).toMatchObject({ block: '12', fee_sun: '345000', reference: 'inv-3' });
    expect(cells[6]!.fee_sun).toBe('1445000');
    await runs.close();
  });

  it('asks the node about a few rows at once, never more than its limit, and applies every answer', async () => {
    dir = await tempDir('bundle-follow-');
    const runs = await BundleRuns.open(dir);
    const bundle = readyBundle(9);
    const run = await runs.start(bundle, Array(9).fill(true), T0);
    await runs.updateRows(
      run.id,
      bundle.rows.map((_, i) => [i, { status: 'sent' as const, broadcastAt: T0 + i }]),
    );
    const known = new Map<string, Known>(
      bundle.rows.map((r, i) => [r.transaction.txID, { block: 20 + i, solid: true, fee: BigInt(i) }]),
    );
    const node = fakeNode(known);
    let asking = 0;
    let most = 0;
    const counting = {
      async getTransactionInfoById(txid: string, options: { solidity?: boolean } = {}) {
        asking += 1;
        most = Math.max(most, asking);
        // One turn of the event loop per answer, so lookups started together overlap.
        await new Promise((resolve) => setImmediate(resolve));
        asking -= 1;
        return node.getTransactionInfoById(txid, options);
      },
    };
    const follower = new BundleFollower({ runs, client: () => counting, lookupsAtOnce: 3 });
    const followed = await follower.follow(run.id, bundle, T0 + 60_000);
    expect(most).toBe(3);
    expect(followed.rows.map((r) => [r.status, r.blockNumber])).toEqual(
      bundle.rows.map((_, i) => ['confirmed', 20 + i]),
    );
    await runs.close();
  });

  it('writes text cells a spreadsheet would run as a formula as text', async () => {
    dir = await tempDir('bundle-follow-');
    const runs = await BundleRuns.open(dir);
    const bundle = readyBundle(1);
    const run = await runs.start(bundle, [true], T0);
    const failed = await runs.updateRows(run.id, [[0, { status: 'failed', reason: '=cmd|calc' }]]);
    const [, first] = parseCsv(payoutReportCsv(failed, bundle));
    expect(first!.fields.at(-1)).toBe("'=cmd|calc");
    await runs.close();
  });
});
