import { afterEach, describe, expect, it } from 'vitest';
import { bundleProgress } from '../../../../src-core/envelope';
import { BundleRuns } from '../../../../src-main/wallet/payouts/bundle-run-store';
import { reproposeRows } from '../../../../src-main/wallet/payouts/bundle-repropose';
import { removeDir, tempDir } from '../helpers';
import { HOUR, T0, readyBundle } from './helpers';

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
