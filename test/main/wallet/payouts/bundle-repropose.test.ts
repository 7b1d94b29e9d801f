import { afterEach, describe, expect, it } from 'vitest';
import { bundleProgress, createBundle } from '../../../../src-core/envelope';
import { BundleRuns } from '../../../../src-main/wallet/payouts/bundle-run-store';
import { reproposeRows } from '../../../../src-main/wallet/payouts/bundle-repropose';
import { removeDir, tempDir } from '../helpers';
import { buildTransaction, transferContract } from '../../../../src-core/tx/builders';
import { K } from '../../../fixtures/permissions';
import { NILE, active } from '../../../core/envelope/helpers';
import { transactionHeader } from '../../../../src-core/tx/header';
import { HOUR, OWNER, T0, readyBundle, recipient, signedBy } from './helpers';

const OLD_REF = { number: 1, blockId: `0000000000000001${'cd'.repeat(24)}` };
const NEW_REF = { number: 5000, blockId: `0000000000001388${'22'.repeat(24)}`, timestamp: T0 + 2 * HOUR };

let dir: string | undefined;
afterEach(async () => {
  if (dir) await removeDir(dir);
  dir = undefined;
});

describe('re-proposing the rows of a run the person chose', () => {
  it('makes a new unsigned bundle of just those rows, with fresh references and their stated payments', async () => {
    dir = await tempDir('bundle-repropose-');
    const runs = await BundleRuns.open(dir);
    const bundle = readyBundle(4);
    const started = await runs.start(bundle, [true, true, true, true], T0);
    const run = await runs.updateRows(started.id, [
      [0, { status: 'confirmed' }],
      [1, { status: 'failed', nodeCode: 'REVERT' }],
      [2, { status: 'expired' }],
      [3, { status: 'confirmed' }],
    ]);
    const fresh = reproposeRows(run, bundle, [2, 1], { refBlock: NEW_REF });
    expect(fresh.rows.map((r) => r.statedPayment?.reference)).toEqual(['inv-2', 'inv-3']);
    expect(fresh.rows.map((r) => r.transaction.raw_data.ref_block_bytes)).toEqual(['1388', '1388']);
    expect(fresh.rows.map((r) => r.transaction.raw_data.expiration)).toEqual([
      NEW_REF.timestamp + HOUR,
      NEW_REF.timestamp + HOUR,
    ]);
    expect(bundleProgress(fresh).ready).toBe(0);
    expect(fresh.createdAt).toBe(NEW_REF.timestamp);
    await runs.close();
  });

  it('keeps two failed rows paying one recipient the same amount as two transactions', async () => {
    dir = await tempDir('bundle-repropose-');
    const runs = await BundleRuns.open(dir);
    // Two invoices of 5 TRX to one supplier in the chain's default signing window: in the first
    // bundle only their creation times differ, and both windows come back as the default one.
    const header = (place: number) =>
      transactionHeader({ refBlock: OLD_REF, headTimestamp: T0, timestamp: T0 + place });
    const row = (place: number) => ({
      transaction: buildTransaction(transferContract({ owner: OWNER, to: recipient(0), amount: 5_000_000n }), {
        header: header(place),
        permissionId: 2,
      }),
      statedPayment: {
        asset: 'TRX' as const,
        recipient: recipient(0),
        amount: '5000000',
        reference: `inv-${place + 1}`,
      },
    });
    const proposed = createBundle({ network: NILE, permission: active, createdAt: T0, rows: [row(0), row(1)] });
    const bundle = signedBy(proposed, K.K2.private_key, K.K3.private_key);
    const started = await runs.start(bundle, [true, true], T0);
    const run = await runs.updateRows(started.id, [
      [0, { status: 'failed' }],
      [1, { status: 'failed' }],
    ]);
    const fresh = reproposeRows(run, bundle, [0, 1], { refBlock: NEW_REF });
    expect(new Set(fresh.rows.map((r) => r.transaction.txID)).size).toBe(2);
    expect(fresh.rows.map((r) => r.statedPayment?.reference)).toEqual(['inv-1', 'inv-2']);
    await runs.close();
  });

  it('refuses a row the chain may still pay, naming it', async () => {
    dir = await tempDir('bundle-repropose-');
    const runs = await BundleRuns.open(dir);
    const bundle = readyBundle(3);
    const started = await runs.start(bundle, [true, true, true], T0);
    const run = await runs.updateRows(started.id, [
      [0, { status: 'failed' }],
      [1, { status: 'sent' }],
    ]);
    for (const row of [1, 2]) {
      expect(() => reproposeRows(run, bundle, [0, row], { refBlock: NEW_REF })).toThrow(
        expect.objectContaining({ code: 'PAYOUT_ROW_STILL_OPEN', details: expect.objectContaining({ row: row + 1 }) }),
      );
    }
    await runs.close();
  });
});
