import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBroadcastAndConfirm, reviewWithLongWindow } from './harness/build-page';
import { startDevWalletHarness, type DevWalletHarness } from './harness/wallet';

const BLOCK_MS = 150;

/** A builder scenario that needs staking: a freeze, then a transfer that burns nothing. */
describe('staking in Chromium', () => {
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

  it('stakes TRX for bandwidth, then sends TRX burning nothing: the cost shown and the fee charged are both 0', async () => {
    await setup.harness.goto('/build/freeze');
    await page().getByTestId('permission-choice').waitFor();
    await page().getByLabel('Amount (TRX)').fill('0.5');
    await page().getByText('The amount to stake must be at least 1 TRX.').waitFor();
    await page().getByLabel('Amount (TRX)').fill('1000');
    await page().getByLabel('Resource').selectOption('BANDWIDTH');
    await reviewWithLongWindow(page());
    await page().locator('[data-testid="simulation"][data-success="true"]').waitFor();
    await setup.harness.screenshot('build-freeze-review');
    await signBroadcastAndConfirm(page());
    await expect(page().getByTestId('tx-result').textContent()).resolves.toContain('SUCCESS');

    await setup.harness.goto('/');
    await page().getByTestId('account-resources').getByText('1,000 TRX · 0 TRX').waitFor({ timeout: 90_000 });
    await setup.harness.screenshot('home-staked');

    {
      await setup.harness.goto('/build/trx-transfer');
      await page().locator('[data-testid="permission-choice"][data-permission-id="2"]').waitFor();
      await page().getByLabel('Recipient').fill(dev[1]!);
      await page().getByLabel('Amount (TRX)').fill('1');
      await reviewWithLongWindow(page());
      await page().locator('[data-testid="simulation"][data-success="true"]').waitFor();
      await expect(page().getByTestId('cost-burned').textContent()).resolves.toBe('0 TRX');
      await expect(page().locator('[data-cost="bandwidth"]').textContent()).resolves.toContain('from staked bandwidth');
      await setup.harness.screenshot('build-transfer-staked');
      await signBroadcastAndConfirm(page());
      await page().getByTestId('fee-matches').waitFor();
      await expect(
        page().getByText('Fee charged').locator('xpath=following-sibling::dd[1]').textContent(),
      ).resolves.toBe('0 TRX (0 sun)');
    }
  });

  it('ran every scenario without CSP violations, console errors or page errors', () => {
    expect(setup.harness.pageProblems).toEqual([]);
  });
});
