import { freshAddress } from '../fixtures/addresses';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewWithLongWindow } from './harness/build-page';
import { ROOT } from './harness/renderer-build';
import { startDevWalletHarness, type DevWalletHarness, VAULT_PASSWORD } from './harness/wallet';

const PASSWORD = VAULT_PASSWORD;
const BLOCK_MS = 150;

/**
 * In Chromium: the builder, the cost shown before signing, the simulation, signing with a
 * vault key, broadcasting and tracking to confirmation, with the real wallet services and the
 * real embedded node behind the bridge.
 */
describe('transactions in Chromium', () => {
  let setup: DevWalletHarness;
  const page = () => setup.harness.page;

  beforeAll(async () => {
    setup = await startDevWalletHarness(BLOCK_MS, 3);
  });
  afterAll(async () => {
    await setup?.close();
  });

  it('checks each field as it is typed', async () => {
    await setup.harness.goto('/build/trx-transfer');
    await page().getByTestId('permission-choice').waitFor();
    const recipient = page().getByLabel('Recipient');
    await recipient.fill('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC'.slice(0, 33) + 'x');
    await page()
      .getByText(/checksum does not match|not valid hex or Base58Check/)
      .waitFor();
    await recipient.fill('0x' + 'ab'.repeat(20));
    await page().getByText('This is a 20-byte EVM address; a TRON address starts with T (or 41 in hex).').waitFor();
    const amount = page().getByLabel('Amount (TRX)');
    await amount.fill('1.1234567');
    await page()
      .getByText(/at most 6 decimal places/)
      .waitFor();
    // The balance sits under the field; more than it is refused while typing, in the app's words.
    await page().getByTestId('holding-balance').waitFor();
    await page().getByTestId('amount-max').waitFor();
    await amount.fill('90000000000');
    await page()
      .getByText(/^The account holds [\d,.]+ TRX; this is [\d,.]+ TRX more than it has\.$/)
      .waitFor();
    await amount.fill('2.5');
    await page().getByText('= 2,500,000 sun').waitFor();
    await setup.harness.screenshot('build-validation');
  });

  it('sends TRX with a memo to a new account: the cost shown before signing is the fee charged, and tracking reaches confirmed', async () => {
    const to = freshAddress(0xe2e1);
    await setup.harness.goto('/build/trx-transfer');
    await page().locator('[data-testid="permission-choice"][data-permission-id="2"]').waitFor();
    await page().getByLabel('Recipient').fill(to);
    await page().getByLabel('Amount (TRX)').fill('2.5');
    await page().getByLabel('Memo (optional)').fill('invoice 42');
    await reviewWithLongWindow(page());
    const review = page().getByTestId('tx-review');
    await review.waitFor();
    await page().locator('[data-testid="simulation"][data-success="true"]').waitFor();
    const shown = await page().getByTestId('cost-burned').textContent();
    expect(shown).toBe('2.1 TRX');
    await expect(review.locator('[data-cost="activation"]').textContent()).resolves.toContain('1 TRX');
    await expect(review.locator('[data-cost="memo"]').textContent()).resolves.toContain('1 TRX');
    await setup.harness.screenshot('build-review-transfer');

    // Declined on main's confirmation: the page says so and the transaction stays unsigned.
    setup.consent.decide = () => ({ approve: false });
    await review.getByRole('button', { name: 'Sign', exact: true }).click();
    await page().locator('[data-error-code="CONSENT_DECLINED"]').waitFor();
    await expect(review.getAttribute('data-state')).resolves.toBe('created');

    setup.consent.decide = () => ({ approve: true, password: PASSWORD });
    setup.consent.screenshotNext = 'consent-transfer';
    await review.getByRole('button', { name: 'Sign', exact: true }).click();
    await page().locator('[data-testid="tx-review"][data-state="signed"]').waitFor();
    // Main's page, built from the signed bytes: the full recipient, the amount and the memo.
    const consentText = setup.consent.last()!.text;
    expect(consentText).toContain(to);
    expect(consentText).toContain('2.5 TRX');
    expect(consentText).toContain('invoice 42');
    expect(consentText).toContain(setup.consent.last()!.request.fingerprint);
    await review.getByRole('button', { name: 'Broadcast' }).click();
    await page().getByTestId('tx-page').waitFor();
    await page().locator('[data-testid="tx-steps"][data-state="confirmed"]').waitFor({ timeout: 90_000 });
    await page().getByTestId('fee-matches').waitFor();
    await expect(page().getByTestId('tx-result').textContent()).resolves.toContain('SUCCESS');
    const txid = new URL(page().url()).hash.replace('#/tx/', '');
    const history = setup.wallet.transactions.history().find((h) => h.txid === txid)!;
    expect(history).toMatchObject({ status: 'confirmed', feeSun: 2_100_000n });
    await setup.harness.screenshot('tx-tracking-confirmed');

    await page().getByTestId('block-link').click();
    await page().getByTestId('block-page').getByText('(yours)').waitFor();
    await setup.harness.screenshot('block');
  });

  it('says before building that no permission group it holds a key of can sign', async () => {
    const watched = await setup.wallet.vault.addWatchOnly(freshAddress(0xe2e2), { label: 'Treasury (watch)' });
    await setup.harness.goto(`/build/freeze?owner=${watched.address}`);
    const choice = page().locator('[data-testid="permission-choice"][data-permission-id="none"]');
    await choice.getByText('No permission group can sign this').waitFor();
    await choice.locator('[data-code="CHOOSE_NO_HELD_KEY"]').first().waitFor();
    await expect(page().getByRole('button', { name: 'Review' }).isDisabled()).resolves.toBe(true);
    await setup.harness.screenshot('build-no-permission');
  });

  it('shows the deploy form with typed constructor arguments from a compiled artifact', async () => {
    const artifacts = JSON.parse(await readFile(join(ROOT, 'test/fixtures/contracts/artifacts.json'), 'utf8')) as {
      artifacts: Record<string, { abi: unknown[]; bytecode: string }>;
    };
    const token = artifacts.artifacts.Token!;
    await setup.harness.goto('/build/deploy');
    await page()
      .getByTestId('artifact-file')
      .setInputFiles({
        name: 'Token.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ contractName: 'Token', ...token })),
      });
    const args = page().getByTestId('abi-args');
    await args.getByLabel('supply (uint256)').fill('-5');
    await args.getByText('A uint256 cannot be negative.').waitFor();
    await args.getByLabel('supply (uint256)').fill('1000000000000');
    await page().getByLabel('Caller pays (% of energy)').fill('101');
    await page().getByText('The percentage must be at most 100.').waitFor();
    await page().getByLabel('Caller pays (% of energy)').fill('100');
    await page().getByLabel('Fee limit (TRX) (optional)').fill('15000.000001');
    await page().getByText('The fee limit can be at most 15,000 TRX: the chain refuses more.').waitFor();
    await page().getByLabel('Fee limit (TRX) (optional)').fill('');
    await setup.harness.screenshot('build-deploy-form');
  });

  it('offers the representatives for a vote and checks delegation fields', async () => {
    await setup.harness.goto('/build/vote');
    const votes = page().getByTestId('votes');
    await expect.poll(() => votes.getByLabel('Representative 1').locator('option').count()).toBe(28);
    await votes.getByLabel('Votes').fill('ten');
    await votes.getByText('The number of votes must be a whole number (digits only).').waitFor();
    await setup.harness.screenshot('build-vote');
    await setup.harness.goto('/build/delegate');
    await page().getByLabel('Lock the delegation').check();
    await page().getByLabel('Lock period (blocks) (optional)').fill('864001');
    await page().getByText('The lock period must be at most 864000.').waitFor();
    await setup.harness.screenshot('build-delegate');
    await setup.harness.goto('/contracts');
    await page().getByLabel('Contract address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6');
    await page()
      .getByText(/A Base58 TRON address has 34 characters/)
      .waitFor();
    await setup.harness.screenshot('contracts');
  });

  it('lists the history on the History screen (where /activity now leads) and the tokens and stake on Home', async () => {
    await setup.harness.goto('/activity');
    await page()
      .getByTestId('history-table')
      .locator('[data-testid="history-row"][data-stage="confirmed"]')
      .first()
      .waitFor();
    await setup.harness.screenshot('history');
    await setup.harness.goto('/');
    await page().getByTestId('account-resources').getByText('Dev 1').waitFor();
    await page().getByTestId('activity-table').locator('[data-status="confirmed"]').first().waitFor();
    await setup.harness.screenshot('home-resources');
  });

  it('ran every scenario without CSP violations, console errors or page errors', () => {
    expect(setup.harness.pageProblems).toEqual([]);
  });
});
