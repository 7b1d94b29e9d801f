import { afterEach, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../src-core/csv/csv';
import type { NodeBlock } from '../../../../src-core/ipc/channels/node';
import { BundleRuns } from '../../../../src-main/wallet/payouts/bundle-run-store';
import { BundleRunsService } from '../../../../src-main/wallet/payouts/bundle-runs-service';
import { quietLog, removeDir, tempDir } from '../helpers';
import { Crash, FakeNode } from './fake-node';
import { T0, readyBundle } from './helpers';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await removeDir(dir);
  dir = undefined;
});

/** The chain as the service sees it: a client, a head and the block listeners a test fires. */
function fakeChain(node: FakeNode) {
  const listeners = new Set<(block: NodeBlock) => void>();
  return {
    client: () => node,
    head: () => null,
    onBlock: (listener: (block: NodeBlock) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listeners,
  };
}

const block = (n: number): NodeBlock => ({
  number: n,
  id: 'ab'.repeat(32),
  timestamp: T0 + n * 3000,
  transactionCount: 0,
});
const instant = { sleep: async () => {} };

describe('payout runs across a restart of the app', () => {
  it('resumes an interrupted run on start, sends no row twice, follows every row on blocks and reports them', async () => {
    dir = await tempDir('bundle-service-');
    const bundle = readyBundle(6);
    const node = new FakeNode((txid) => (txid === bundle.rows[2]!.transaction.txID ? 'crash-after' : 'accept'));

    const before = await BundleRuns.open(dir);
    const first = new BundleRunsService({
      runs: before,
      chain: fakeChain(node),
      log: quietLog,
      pace: { ...instant, concurrency: 1 },
    });
    await expect(first.broadcast(bundle)).rejects.toBeInstanceOf(Crash);
    first.dispose();
    await before.close();

    node.setScript(() => 'accept');
    const runs = await BundleRuns.open(dir);
    const chain = fakeChain(node);
    const service = new BundleRunsService({ runs, chain, log: quietLog, pace: instant });
    const [resumed] = await service.resume();
    expect(resumed!.run.rows.map((r) => r.status)).toEqual(Array(6).fill('sent'));
    expect([...node.accepted.values()]).toEqual(Array(6).fill(1));
    expect(node.offered.get(bundle.rows[2]!.transaction.txID)).toBe(1);
    expect(await service.resume()).toEqual([]);

    // A block starts the pass; asking again joins it.
    for (const listener of chain.listeners) listener(block(200));
    await service.follow();
    const { csv, run } = await service.report(resumed!.run.id);
    expect(run.rows.map((r) => r.status)).toEqual(Array(6).fill('confirmed'));
    const lines = parseCsv(csv).map((l) => l.fields);
    expect(lines.at(-1)).toEqual(expect.arrayContaining(['total', 'fees', '6000']));
    service.dispose();
    await runs.close();
  });

  it('reads and verifies a run’s saved bundle once, then hands out the one it read', async () => {
    dir = await tempDir('bundle-service-');
    const bundle = readyBundle(3);
    const node = new FakeNode(() => 'accept');
    const first = await BundleRuns.open(dir);
    const started = new BundleRunsService({ runs: first, chain: fakeChain(node), log: quietLog, pace: instant });
    const { run } = await started.broadcast(bundle);
    started.dispose();
    await first.close();

    const runs = await BundleRuns.open(dir);
    let reads = 0;
    const read = runs.bundle.bind(runs);
    runs.bundle = (id) => {
      reads += 1;
      return read(id);
    };
    const service = new BundleRunsService({ runs, chain: fakeChain(node), log: quietLog, pace: instant });
    const once = await service.bundle(run.id);
    expect(once.rows.map((r) => r.transaction.txID)).toEqual(bundle.rows.map((r) => r.transaction.txID));
    expect(await service.bundle(run.id)).toBe(once);
    await service.report(run.id);
    expect(reads).toBe(1);
    service.dispose();
    await runs.close();
  });
});
