import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NodeBlock } from '../../../../src-core/ipc/channels/node';
import type { NetworkStores } from '../../../../src-main/wallet/stores/network-stores';
import { BundleRuns } from '../../../../src-main/wallet/payouts/bundle-run-store';
import { PAYOUT_RUNS_FOLDER, PayoutRunsHost } from '../../../../src-main/wallet/payouts/payout-runs-host';
import { quietLog, removeDir, tempDir } from '../helpers';
import { FakeNode } from './fake-node';
import { T0, readyBundle } from './helpers';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await removeDir(dir);
  dir = undefined;
});

/** The node host as the runs host sees it: a network folder the test switches, its blocks and its switch. */
function fakeHost(node: FakeNode, root: string) {
  let network = 'embedded';
  const blocks = new Set<(block: NodeBlock) => void>();
  const switches = new Set<() => void>();
  return {
    client: () => node,
    head: () => null,
    onBlock: (listener: (block: NodeBlock) => void) => {
      blocks.add(listener);
      return () => blocks.delete(listener);
    },
    stores: () => ({ dir: join(root, network) }) as NetworkStores,
    onNetworkChange: (listener: () => void) => {
      switches.add(listener);
      return () => switches.delete(listener);
    },
    switchTo(key: string) {
      network = key;
      for (const listener of switches) listener();
    },
    fireBlock(n: number) {
      for (const listener of blocks)
        listener({ number: n, id: 'ab'.repeat(32), timestamp: T0 + n * 3000, transactionCount: 0 });
    },
    blocks,
  };
}

describe('the payout runs of the network in use', () => {
  it('resumes the runs a closed app left in the network’s folder, and keeps each network’s runs apart', async () => {
    dir = await tempDir('payout-runs-host-');
    const bundle = readyBundle(4);
    const node = new FakeNode(() => 'accept');
    // A run the app left before sending anything, in the embedded network's payouts folder.
    const left = await BundleRuns.open(join(dir, 'embedded', PAYOUT_RUNS_FOLDER));
    await left.start(bundle, Array(4).fill(true), T0);
    await left.close();

    const chain = fakeHost(node, dir);
    const host = new PayoutRunsHost({ chain, log: quietLog, pace: { sleep: async () => {} } });
    await host.start();
    const embedded = await host.open();
    expect(embedded.dir).toBe(join(dir, 'embedded', PAYOUT_RUNS_FOLDER));
    expect(embedded.runs.list()[0]!.rows.map((r) => r.status)).toEqual(Array(4).fill('sent'));
    expect([...node.accepted.values()]).toEqual(Array(4).fill(1));

    // Each block follows the open runs to the chain.
    chain.fireBlock(100);
    await embedded.service.follow();
    expect(embedded.runs.list()[0]!.rows.map((r) => r.status)).toEqual(Array(4).fill('confirmed'));

    // Another network opens its own (empty) set; the embedded one's block listener is gone.
    chain.switchTo('nile');
    // Asked at once from two places (the switch itself, a page): one set is opened, not two over one file.
    const [nile, same] = await Promise.all([host.open(), host.open()]);
    expect(same.runs).toBe(nile.runs);
    expect(nile.dir).toBe(join(dir, 'nile', PAYOUT_RUNS_FOLDER));
    expect(nile.runs.list()).toEqual([]);
    expect(chain.blocks.size).toBe(1);
    await host.close();
    expect(chain.blocks.size).toBe(0);
    expect([...node.accepted.values()]).toEqual(Array(4).fill(1));
  });
});
