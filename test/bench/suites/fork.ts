import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNode } from '../../../src-main/node';
import * as b from '../../../src-core/tx/builders';
import { buildUpstreamState, send, signedTx, spawnHeadlessNode, transferData } from '../../fixtures/fork-upstream';

/**
 * `npm run bench -- fork`: the cold-state cost of a fork. Node A (a TRC-20 with holders, a
 * multisig, stake, votes) runs headless in a child process on loopback; a fresh fork of it in this
 * process then sends its first TRC-20 transfer (admission, block, receipt) and a second one. The
 * table gives the upstream requests each needed and the milliseconds from broadcast to the mined
 * block. Loopback has no network latency: on a real upstream add one round trip per request
 * (requests run one item at a time, as the VM reads state).
 */
const TRX = 1_000_000n;

export async function run(): Promise<boolean> {
  const upstreamDir = await mkdtemp(join(tmpdir(), 'bench-fork-a-'));
  const forkDir = await mkdtemp(join(tmpdir(), 'bench-fork-b-'));
  const scenario = await buildUpstreamState(upstreamDir);
  const a = await spawnHeadlessNode(['--port', '0', '--block-time-ms', '0', '--datadir', upstreamDir]);
  try {
    const started = performance.now();
    const node = await createNode({
      port: 0,
      blockTimeMs: 0,
      signatureWorkers: 0,
      datadir: forkDir,
      fork: { url: a.url, block: 'latest' },
    });
    const startMs = performance.now() - started;
    const requests = async (): Promise<{ total: number; items: string[] }> => {
      const report = (await (await fetch(`${node.url}/admin/fork`)).json()) as {
        requests: { total: number; log: { item: string }[] };
      };
      return { total: report.requests.total, items: report.requests.log.map((r) => r.item) };
    };
    const rows: Record<string, unknown>[] = [];
    try {
      const atStart = await requests();
      rows.push({
        case: 'start the fork (fork point, parameters, own representatives)',
        'upstream requests': atStart.total,
        ms: Math.round(startMs),
      });
      for (const [label, to] of [
        ['first TRC-20 transfer on a fresh fork (cold state)', scenario.carol.hex],
        ['second TRC-20 transfer (state fetched)', scenario.alice.hex],
      ] as const) {
        const before = await requests();
        const t0 = performance.now();
        const tx = signedTx(
          node,
          b.triggerSmartContract({ owner: scenario.bob.hex, contract: scenario.token, data: transferData(to, 1_000n) }),
          [scenario.bob.key],
          { feeLimit: 100n * TRX },
        );
        const reply = await send(node, tx);
        if (reply.result !== true) throw new Error(`the fork refused the transfer: ${JSON.stringify(reply)}`);
        await node.mine(1);
        const ms = performance.now() - t0;
        const after = await requests();
        rows.push({
          case: label,
          'upstream requests': after.total - before.total,
          ms: Math.round(ms),
          fetched: summarize(after.items.slice(before.items.length)),
        });
      }
    } finally {
      await node.stop();
    }
    console.log(`\nfork: cold-state cost against a node on loopback (${a.url})`);
    console.table(rows);
    return true;
  } finally {
    await a.stop();
    await rm(upstreamDir, { recursive: true, force: true });
    await rm(forkDir, { recursive: true, force: true });
  }
}

/** "account ×3, storage slot ×2, …" from the request log's items. */
function summarize(items: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const item of items) {
    const kind = item.startsWith('the ') ? item : (item.split(' ')[0] ?? item);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, n]) => `${kind} ×${n}`).join(', ');
}
