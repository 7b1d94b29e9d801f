import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { TronNodeClient } from '../../../src-core/client/client';
import { bundleFingerprint, type EnvelopeBundle } from '../../../src-core/envelope';
import { BundleBroadcaster } from '../../../src-main/wallet/payouts/bundle-broadcaster';
import { BundleFollower, SETTLED } from '../../../src-main/wallet/payouts/bundle-follower';
import { BundleRuns, type BundleRun } from '../../../src-main/wallet/payouts/bundle-run-store';

export interface BroadcastTime {
  /** From the start of the run to the last row sent. */
  readonly sentSeconds: number;
  /** From the start of the run to every row settled (confirmed means solidified on this node). */
  readonly settledSeconds: number;
  readonly confirmed: number;
  readonly failed: number;
  readonly other: number;
  readonly paused: string | null;
  /** The first refusal, when a row failed: the node's words. */
  readonly firstFailure: string | null;
}

/**
 * A signed bundle's run as the app drives it: the broadcaster at the app's pace, a block packed
 * every `blockTimeMs` by `pack`, the follower passed over the rows once a block (as the runs
 * service follows on each new head) until every row is settled, on a run store in a temp folder.
 */
export async function timeBroadcast(
  client: TronNodeClient,
  bundle: EnvelopeBundle,
  pack: () => Promise<unknown>,
  blockTimeMs: number,
  limitMs: number,
): Promise<BroadcastTime> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-payouts-runs-'));
  const runs = await BundleRuns.open(dir);
  try {
    const started = performance.now();
    let sentAt = 0;
    const sending = new BundleBroadcaster({ runs, client: () => client })
      .broadcast(bundle)
      .then((outcome) => ((sentAt = performance.now()), outcome));
    const follower = new BundleFollower({ runs, client: () => client });
    const id = bundleFingerprint(bundle).digest;
    let run: BundleRun | undefined;
    for (;;) {
      await delay(blockTimeMs);
      await pack();
      if (!runs.get(id)) continue;
      const head = await client.getNowBlock();
      run = await follower.follow(id, bundle, head.block_header.raw_data.timestamp);
      const settled = run.rows.every((r) => SETTLED.has(r.status));
      if ((settled && sentAt > 0) || performance.now() - started > limitMs) break;
    }
    const outcome = await sending;
    const ended = performance.now();
    const count = (status: string) => run!.rows.filter((r) => r.status === status).length;
    const failure = run!.rows.find((r) => r.status === 'failed');
    return {
      sentSeconds: (sentAt - started) / 1000,
      settledSeconds: (ended - started) / 1000,
      confirmed: count('confirmed'),
      failed: count('failed'),
      other: run!.rows.length - count('confirmed') - count('failed'),
      paused: outcome.paused,
      firstFailure: failure ? `${failure.nodeCode ?? ''} ${failure.reason ?? ''}`.trim() : null,
    };
  } finally {
    await runs.close();
    await rm(dir, { recursive: true, force: true });
  }
}
