import { toCsv } from '../../../src-core/csv/csv';
import { startDevWalletHarness } from '../../e2e/harness/wallet';
import { freshAddress } from '../../fixtures/addresses';
import { TronNodeClient } from '../../../src-core/client/client';
import type { FetchLike } from '../../../src-core/client/fetch';
import { deployBenchToken } from './token';

/** What the page saw while main planned the file. */
export interface PlanFrames {
  readonly rows: number;
  /** From the click on "Plan the run" to the plan's summary on screen. */
  readonly seconds: number;
  /** Animation frames the page drew meanwhile, and the longest gap between two of them. */
  readonly frames: number;
  readonly longestMs: number;
  /** Gaps between frames over 100 ms: each is a moment the page could not answer a person. */
  readonly over100: number;
  /** When the longest gap ended, in seconds after the click: where to look for its cause. */
  readonly longestAtS: number;
}

/** Runs in the page: notes the gap between consecutive animation frames until told to stop. */
const WATCH_FRAMES = `(() => {
  const watch = { gaps: [], ends: [], last: 0, on: true };
  const step = (t) => {
    if (watch.last) {
      watch.gaps.push(t - watch.last);
      watch.ends.push(performance.timeOrigin + t);
    }
    watch.last = t;
    if (watch.on) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
  window.__frames = watch;
})()`;

/**
 * The Payouts page in Chromium on the real wallet services and embedded node (the end-to-end
 * harness): a file of `perAsset` TRX rows and as many TRC-20 rows, every recipient new, is planned
 * while the page counts its animation frames. Main does the planning, so a frame held up means the
 * page itself did too much with the progress or the result.
 */
export async function timePlanFrames(perAsset: number): Promise<PlanFrames> {
  const setup = await startDevWalletHarness(500, 1);
  try {
    const node = setup.nodes[0]!;
    const owner = setup.dev[0]!.address;
    const client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch as unknown as FetchLike });
    const token = await deployBenchToken(node, client, node.accounts[0]!);
    await setup.wallet.tokens.watch({ address: token });
    const fresh = (n: number) => freshAddress(0xb0_0000 + n);
    const rows: string[][] = [];
    for (let i = 0; i < perAsset; i++) {
      rows.push([fresh(2 * i + 1), 'TRX', `${1 + (i % 9)}.5`, '', `T-${i}`]);
      rows.push([fresh(2 * i + 2), token, `${1 + (i % 7)}.25`, '', `C-${i}`]);
    }
    const page = setup.harness.page;
    await setup.harness.goto('/payouts');
    await page.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    await page.getByLabel('Paying account').selectOption(owner);
    await page.getByLabel('Payout file (CSV)').setInputFiles({
      name: 'bench.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(toCsv([['recipient', 'asset', 'amount', 'memo', 'reference'], ...rows])),
    });
    await page.getByTestId('payout-file-name').getByText('bench.csv').waitFor();
    await page.evaluate(WATCH_FRAMES);
    const started = performance.now();
    const clickedAt = performance.timeOrigin + started;
    await page.getByRole('button', { name: 'Plan the run' }).click();
    await page.getByTestId('payout-plan-summary').waitFor({ timeout: 600_000 });
    const seconds = (performance.now() - started) / 1000;
    const { gaps, ends } = await page.evaluate(() => {
      const watch = (window as unknown as { __frames: { gaps: number[]; ends: number[]; on: boolean } }).__frames;
      watch.on = false;
      return watch;
    });
    const longest = gaps.indexOf(Math.max(...gaps));
    return {
      longestAtS: longest < 0 ? 0 : (ends[longest]! - clickedAt) / 1000,
      rows: rows.length,
      seconds,
      frames: gaps.length,
      longestMs: Math.max(0, ...gaps),
      over100: gaps.filter((g) => g > 100).length,
    };
  } finally {
    await setup.close();
  }
}
