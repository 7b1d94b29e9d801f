import type { Page } from 'playwright-core';

/** On the builder's review: Sign, then Broadcast, then wait until the tracking steps reach confirmed. */
export async function signBroadcastAndConfirm(page: Page): Promise<void> {
  const review = page.getByTestId('tx-review');
  await review.getByRole('button', { name: 'Sign', exact: true }).click();
  await page.locator('[data-testid="tx-review"][data-state="signed"]').waitFor();
  await review.getByRole('button', { name: 'Broadcast' }).click();
  await page.locator('[data-testid="tx-steps"][data-state="confirmed"]').waitFor({ timeout: 90_000 });
}

/**
 * Opens the builder's review with a ten-hour signing window. A transaction this desk signs alone
 * gets about a minute of wall time by default, and a loaded CI machine can spend that between the
 * review and the consent window's approval.
 */
export async function reviewWithLongWindow(page: Page): Promise<void> {
  await page.locator('details.advanced').evaluate((details) => ((details as HTMLDetailsElement).open = true));
  await page.getByLabel('Signing window (minutes)').fill('600');
  await page.getByRole('button', { name: 'Review' }).click();
}
