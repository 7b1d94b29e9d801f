import { afterEach, describe, expect, it } from 'vitest';
import { NodeApiError } from '../../../../src-core/errors';
import { BundleBroadcaster } from '../../../../src-main/wallet/payouts/bundle-broadcaster';
import { BundleRuns } from '../../../../src-main/wallet/payouts/bundle-run-store';
import { removeDir, tempDir } from '../helpers';
import { Crash, FakeNode } from './fake-node';
import { proposedBundle, readyBundle, signedBy } from './helpers';
import { K } from '../../../fixtures/permissions';

let dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs) await removeDir(dir);
  dirs = [];
});

async function runsIn(dir?: string): Promise<{ runs: BundleRuns; dir: string }> {
  const folder = dir ?? (await tempDir('bundle-runs-'));
  if (!dir) dirs.push(folder);
  return { runs: await BundleRuns.open(folder), dir: folder };
}

/** A fake clock that sleeping advances, so pacing is measured without waiting. */
function fakeTime() {
  let now = 0;
  const slept: number[] = [];
  return {
    now: () => now,
    slept,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
  };
}

describe('BundleBroadcaster', () => {
  it('sends every signed row once, with at most `concurrency` rows at the node at a time', async () => {
    const node = new FakeNode(
      () => 'accept',
      () => 0,
      150,
    );
    const { runs } = await runsIn();
    const bundle = readyBundle(9);
    const broadcaster = new BundleBroadcaster({ runs, client: () => node, concurrency: 3, ...fakeTime() });
    const outcome = await broadcaster.broadcast(bundle);
    expect(outcome).toMatchObject({ paused: null, sent: 9 });
    expect(outcome.run.rows.map((r) => r.status)).toEqual(Array(9).fill('sent'));
    expect([...node.accepted.values()]).toEqual(Array(9).fill(1));
    expect(node.maxInFlight).toBeLessThanOrEqual(3);
    expect(node.maxInFlight).toBeGreaterThan(1);
  });

  it('spaces the starts by the interval', async () => {
    const time = fakeTime();
    const node = new FakeNode(() => 'accept', time.now);
    const { runs } = await runsIn();
    const broadcaster = new BundleBroadcaster({ runs, client: () => node, concurrency: 1, intervalMs: 100, ...time });
    await broadcaster.broadcast(readyBundle(5));
    expect(node.starts).toEqual([0, 100, 200, 300, 400]);
  });

  it('backs off on SERVER_BUSY with doubling waits, then sends the row once the node takes it', async () => {
    const time = fakeTime();
    const node = new FakeNode((_, offered) => (offered <= 2 ? { code: 'SERVER_BUSY' } : 'accept'), time.now);
    const { runs } = await runsIn();
    const bundle = readyBundle(1);
    const outcome = await new BundleBroadcaster({
      runs,
      client: () => node,
      backoffMs: 500,
      ...time,
    }).broadcast(bundle);
    expect(time.slept).toEqual([500, 1000]);
    expect(outcome.run.rows[0]).toMatchObject({ status: 'sent', attempts: 3, reason: null });
  });

  it('pauses with the rows still waiting when the node stays busy, and the next call resumes them', async () => {
    const time = fakeTime();
    const node = new FakeNode(() => ({ code: 'SERVER_BUSY' }), time.now);
    const { runs } = await runsIn();
    const bundle = readyBundle(3);
    const broadcaster = new BundleBroadcaster({ runs, client: () => node, concurrency: 1, maxBusyTries: 2, ...time });
    const paused = await broadcaster.broadcast(bundle);
    expect(paused.paused).toMatch(/stayed busy after 2 tries/);
    expect(paused.run.rows.map((r) => r.status)).toEqual(['waiting', 'waiting', 'waiting']);
    node.setScript(() => 'accept');
    const resumed = await broadcaster.broadcast(bundle);
    expect(resumed.run.rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect([...node.accepted.values()]).toEqual([1, 1, 1]);
  });

  it('fails a refused row with the node’s code and never offers it again', async () => {
    const bundle = readyBundle(3);
    const refused = bundle.rows[1]!.transaction.txID;
    const node = new FakeNode((txid) => (txid === refused ? { code: 'SIGERROR' } : 'accept'));
    const { runs } = await runsIn();
    const broadcaster = new BundleBroadcaster({ runs, client: () => node, ...fakeTime() });
    const first = await broadcaster.broadcast(bundle);
    expect(first.run.rows[1]).toMatchObject({ status: 'failed', nodeCode: 'SIGERROR' });
    expect(first.run.rows[1]!.reason).toContain('SIGERROR');
    node.setScript(() => 'accept');
    await broadcaster.broadcast(bundle);
    expect(node.offered.get(refused)).toBe(1);
  });

  it('takes DUP_TRANSACTION_ERROR as already sent (another desk broadcast it) and follows it', async () => {
    const bundle = readyBundle(2);
    const node = new FakeNode();
    node.held.set(bundle.rows[0]!.transaction.txID, bundle.rows[0]!.transaction);
    const { runs } = await runsIn();
    const outcome = await new BundleBroadcaster({ runs, client: () => node, ...fakeTime() }).broadcast(bundle);
    expect(outcome.run.rows.map((r) => [r.status, r.duplicate])).toEqual([
      ['sent', true],
      ['sent', false],
    ]);
  });

  it('sends nothing of a row short of its threshold, and sends it once its signatures come in', async () => {
    const partly = signedBy(proposedBundle(2), K.K2.private_key);
    const node = new FakeNode();
    const { runs } = await runsIn();
    const broadcaster = new BundleBroadcaster({ runs, client: () => node, ...fakeTime() });
    const outcome = await broadcaster.broadcast(partly);
    expect(outcome.run.rows.map((r) => r.status)).toEqual(['unsigned', 'unsigned']);
    expect(node.offered.size).toBe(0);
    const later = await broadcaster.broadcast(signedBy(partly, K.K3.private_key));
    expect(later.run.id).toBe(outcome.run.id);
    expect(later.run.rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect((await runs.bundle(later.run.id)).rows[0]!.transaction.signature).toHaveLength(2);
  });

  for (const moment of ['crash-after', 'crash-before'] as const) {
    it(`resumes after the app closed mid-broadcast (${moment === 'crash-after' ? 'the node had taken the row' : 'before the node had it'}) and sends no row twice`, async () => {
      const bundle = readyBundle(6);
      const crashAt = bundle.rows[3]!.transaction.txID;
      const node = new FakeNode((txid) => (txid === crashAt ? moment : 'accept'));
      const first = await runsIn();
      const before = new BundleBroadcaster({ runs: first.runs, client: () => node, concurrency: 1, ...fakeTime() });
      await expect(before.broadcast(bundle)).rejects.toBeInstanceOf(Crash);
      expect(first.runs.get(first.runs.list()[0]!.id)!.rows.map((r) => r.status)).toEqual([
        'sent',
        'sent',
        'sent',
        'sending',
        'waiting',
        'waiting',
      ]);
      await first.runs.close();

      // The reopened app: a new store over the same folder, a new broadcaster, the node as it was.
      node.setScript(() => 'accept');
      const reopened = await runsIn(first.dir);
      const id = reopened.runs.list()[0]!.id;
      const saved = await reopened.runs.bundle(id);
      const after = new BundleBroadcaster({ runs: reopened.runs, client: () => node, ...fakeTime() });
      const outcome = await after.broadcast(saved);
      expect(outcome.run.rows.map((r) => r.status)).toEqual(Array(6).fill('sent'));
      expect([...node.accepted.values()]).toEqual(Array(6).fill(1));
      // A row the node already held is looked up, never offered again.
      expect(node.offered.get(crashAt)).toBe(moment === 'crash-after' ? 1 : 2);
      for (const row of bundle.rows.slice(0, 3)) expect(node.offered.get(row.transaction.txID)).toBe(1);
      await reopened.runs.close();
    });
  }

  it('refuses to resume while the node cannot say whether a row sent before the close arrived', async () => {
    const bundle = readyBundle(2);
    const node = new FakeNode((txid) => (txid === bundle.rows[0]!.transaction.txID ? 'crash-after' : 'accept'));
    const first = await runsIn();
    await expect(
      new BundleBroadcaster({ runs: first.runs, client: () => node, ...fakeTime() }).broadcast(bundle),
    ).rejects.toBeInstanceOf(Crash);
    const silent = {
      broadcastTransaction: node.broadcastTransaction.bind(node),
      getTransactionById: async () => {
        throw new NodeApiError('NODE_UNREACHABLE', 'no answer');
      },
    };
    const again = new BundleBroadcaster({ runs: first.runs, client: () => silent, ...fakeTime() });
    await expect(again.broadcast(bundle)).rejects.toMatchObject({ code: 'PAYOUT_NODE_UNREACHABLE' });
    expect(node.offered.get(bundle.rows[0]!.transaction.txID)).toBe(1);
  });
});
