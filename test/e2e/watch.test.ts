import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase58Address } from '../../src-core/address/address';
import { TxRequestSchema } from '../../src-core/ipc/channels/tx';
import { startDevWalletHarness, type DevWalletHarness } from './harness/wallet';

const BLOCK_MS = 150;

/**
 * The watchtower in Chromium: a transfer from a vault account shows up in the inbox as pending,
 * turns confirmed when its block solidifies, the nav badge counts it until it is read, and an
 * address can be added to the watch list.
 */
describe('the watchtower in Chromium', () => {
  let setup: DevWalletHarness;
  let dev: string[];
  const page = () => setup.harness.page;

  beforeAll(async () => {
    setup = await startDevWalletHarness(BLOCK_MS, 2);
    dev = setup.dev.map((a) => a.address);
  });
  afterAll(async () => {
    await setup?.close();
  });

  it('shows a transfer of a vault account as an alert, pending then confirmed, counted on the nav badge until read', async () => {
    await setup.harness.goto('/watch');
    await page().locator('[data-testid="watch-status"][data-state="watching"]').waitFor({ timeout: 90_000 });
    await expect(page().getByTestId('watched-account').count()).resolves.toBe(2);
    await expect(page().getByTestId('watch-badge').count()).resolves.toBe(0);

    const tx = setup.wallet.transactions;
    const built = await tx.build(
      // Blocks every 150 ms step chain time 3 s each: the default minute would pass in 3 s of a busy machine.
      TxRequestSchema.parse({
        kind: 'trx-transfer',
        owner: dev[0],
        to: dev[1],
        amountSun: '2500000',
        expirationMs: 1_800_000,
      }),
    );
    await tx.sign({ txid: built.txid });
    await tx.broadcast({ txid: built.txid });

    const row = page().locator('[data-testid="watch-alert"][data-rule="outgoing-value"]');
    await row.waitFor({ timeout: 90_000 });
    await expect(page().getByTestId('watch-badge').textContent()).resolves.toBe('1');
    await expect(row.textContent()).resolves.toContain('Value left');
    await page()
      .locator('[data-testid="watch-alert"][data-rule="outgoing-value"][data-status="confirmed"]')
      .waitFor({ timeout: 90_000 });
    await setup.harness.screenshot('watch-inbox-confirmed');

    await row.click();
    await page().getByTestId('watch-alert-details').waitFor();
    await page().locator('[data-testid="watch-alert"][data-read="true"]').waitFor();
    await page().getByTestId('watch-badge').waitFor({ state: 'detached' });
  });

  it('adds an address to the watch list', async () => {
    const added = toBase58Address(`41${'cd'.repeat(20)}`);
    await page().getByLabel('Address to watch').fill(added);
    await page().getByLabel('Name').fill('Exchange wallet');
    await page().getByTestId('watch-add').getByRole('button', { name: 'Watch' }).click();
    await page().locator(`[data-testid="watched-account"][data-address="${added}"]`).waitFor();
    await expect(page().getByTestId('watched-account').count()).resolves.toBe(3);
  });

  it('ran every scenario without CSP violations, console errors or page errors', () => {
    expect(setup.harness.pageProblems).toEqual([]);
  });
});
