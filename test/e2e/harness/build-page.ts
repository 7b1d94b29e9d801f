import type { Page } from 'playwright-core';

/** On the builder's review: Sign, then Broadcast, then wait until the tracking steps reach confirmed. */
export async function signBroadcastAndConfirm(page: Page): Promise<void> {
  const review = page.getByTestId('tx-review');
  await review.getByRole('button', { name: 'Sign', exact: true }).click();
  await page.locator('[data-testid="tx-review"][data-state="signed"]').waitFor();
  await review.getByRole('button', { name: 'Broadcast' }).click();
  await page.locator('[data-testid="tx-steps"][data-state="confirmed"]').waitFor({ timeout: 30_000 });
}
