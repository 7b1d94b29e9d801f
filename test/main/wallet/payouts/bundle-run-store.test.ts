import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serializeBundle } from '../../../../src-core/envelope';
import { BundleRuns } from '../../../../src-main/wallet/payouts/bundle-run-store';
import { removeDir, tempDir } from '../helpers';
import { T0, readyBundle } from './helpers';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await removeDir(dir);
  dir = undefined;
});

describe('payout runs on disk', () => {
  it('reads back every row state after the app reopens, fees and blocks included', async () => {
    dir = await tempDir('bundle-store-');
    const bundle = readyBundle(3);
    const runs = await BundleRuns.open(dir);
    const run = await runs.start(bundle, [true, true, false], T0);
    expect(run.rows.map((r) => r.status)).toEqual(['waiting', 'waiting', 'unsigned']);
    await runs.updateRows(run.id, [
      [0, { status: 'confirmed', feeSun: 1_100_000n, blockNumber: 12, confirmedAt: T0 + 9 }],
    ]);
    await runs.close();

    const reopened = await BundleRuns.open(dir);
    expect(reopened.store.problem).toBeNull();
    expect(reopened.get(run.id)!.rows[0]).toMatchObject({ status: 'confirmed', feeSun: 1_100_000n, blockNumber: 12 });
    expect(serializeBundle(await reopened.bundle(run.id))).toBe(serializeBundle(bundle));
    // Starting the same bundle again gives the run as it stands; a row signed since joins it.
    expect((await reopened.start(bundle, [true, true, false], T0 + 1)).rows.map((r) => r.status)).toEqual([
      'confirmed',
      'waiting',
      'unsigned',
    ]);
    expect((await reopened.start(bundle, [true, true, true], T0 + 1)).rows.map((r) => r.status)).toEqual([
      'confirmed',
      'waiting',
      'waiting',
    ]);
    await reopened.close();
  });

  it('refuses a saved bundle that was changed on disk', async () => {
    dir = await tempDir('bundle-store-');
    const runs = await BundleRuns.open(dir);
    const run = await runs.start(readyBundle(2), [true, true], T0);
    await writeFile(join(dir, `bundle-${run.id}.json`), serializeBundle(readyBundle(3)));
    await expect(runs.bundle(run.id)).rejects.toMatchObject({ code: 'STORE_FILE_INVALID' });
    await runs.close();
  });
});
