import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './harness/renderer-build';
import { signBroadcastAndConfirm, reviewWithLongWindow } from './harness/build-page';
import { startDevWalletHarness, type DevWalletHarness } from './harness/wallet';

const BLOCK_MS = 150;

/**
 * Builder scenarios that need the VM: deploy a TRC20 from the compiled artifact and
 * transfer it with the estimate shown, a reverting call whose reason shows before signing, and a
 * decoded view call, in Chromium with the real services and node.
 */
describe('contracts in Chromium', () => {
  let setup: DevWalletHarness;
  let dev: string[];
  let token = '';
  const page = () => setup.harness.page;

  beforeAll(async () => {
    setup = await startDevWalletHarness(BLOCK_MS, 3);
    dev = setup.dev.map((a) => a.address);
  });
  afterAll(async () => {
    await setup?.close();
  });

  it('deploys a TRC20 from the compiled artifact with its estimate shown, and the receipt is SUCCESS', async () => {
    const artifacts = JSON.parse(await readFile(join(ROOT, 'test/fixtures/contracts/artifacts.json'), 'utf8')) as {
      artifacts: Record<string, { abi: unknown[]; bytecode: string }>;
    };
    await setup.harness.goto('/build/deploy');
    await page().getByTestId('permission-choice').waitFor();
    await page()
      .getByTestId('artifact-file')
      .setInputFiles({
        name: 'Token.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ contractName: 'Token', ...artifacts.artifacts.Token })),
      });
    await page().getByTestId('abi-args').getByLabel('supply (uint256)').fill('1000000000000');
    await page().getByRole('button', { name: 'Estimate energy' }).click();
    await page().getByTestId('estimate-energy').waitFor();
    // Shown grouped ("314,716").
    expect(Number((await page().getByTestId('estimate-energy').textContent())!.replaceAll(',', ''))).toBeGreaterThan(
      100_000,
    );
    await page().locator('[data-strategy="max-factor"]').waitFor();
    await reviewWithLongWindow(page());
    await page().locator('[data-testid="simulation"][data-method="dry-run"][data-success="true"]').waitFor();
    await page().locator('[data-testid="cost-breakdown"] [data-cost="energy"]').waitFor();
    await setup.harness.screenshot('build-deploy-review');
    await signBroadcastAndConfirm(page());
    await expect(page().getByTestId('tx-result').textContent()).resolves.toContain('SUCCESS');
    await page().getByTestId('decoded-logs').getByText('Transfer(address,address,uint256)').waitFor();
    const text = (await page().getByTestId('tx-page').textContent()) ?? '';
    token = /Contract address(T[1-9A-HJ-NP-Za-km-z]{33})/.exec(text)![1]!;
    await setup.harness.screenshot('tx-deploy-confirmed');
  });

  it('transfers the TRC20 with its decimals read from the contract, the estimate shown, and SUCCESS', async () => {
    await setup.harness.goto('/build/trc20-transfer');
    await page().getByTestId('permission-choice').waitFor();
    await page().getByLabel('Token contract').fill(token);
    await page().getByLabel('Token contract').blur();
    await page().getByText('TT: 6 decimals (read from the chain).').waitFor();
    await page().getByLabel('Recipient').fill(dev[1]!);
    await page().getByLabel('Amount', { exact: true }).fill('2.5');
    await page().getByRole('button', { name: 'Estimate energy' }).click();
    await page().getByTestId('estimate-energy').waitFor();
    await reviewWithLongWindow(page());
    const simulation = page().locator('[data-testid="simulation"][data-success="true"]');
    await simulation.getByText('−2.5 TT').waitFor();
    await simulation.getByText('+2.5 TT').waitFor();
    await setup.harness.screenshot('build-trc20-review');
    await signBroadcastAndConfirm(page());
    await expect(page().getByTestId('tx-result').textContent()).resolves.toContain('SUCCESS');
    await page().getByTestId('decoded-logs').getByText('2500000').waitFor();
    await setup.harness.screenshot('tx-trc20-confirmed');
  });

  it('shows the revert reason of a call before anything is signed', async () => {
    await setup.harness.goto(`/build/trc20-transfer?owner=${dev[2]}`);
    await page().getByTestId('permission-choice').waitFor();
    await page().getByLabel('Token contract').fill(token);
    await page().getByLabel('Token contract').blur();
    await page().getByText('TT: 6 decimals (read from the chain).').waitFor();
    await page().getByLabel('Recipient').fill(dev[0]!);
    await page().getByLabel('Amount', { exact: true }).fill('1');
    await page().getByRole('button', { name: 'Estimate energy' }).click();
    await page()
      .getByTestId('estimate-problem')
      .getByText(/insufficient balance/)
      .waitFor();
    await reviewWithLongWindow(page());
    const simulation = page().locator('[data-testid="simulation"][data-success="false"]');
    await simulation
      .getByTestId('simulation-reason')
      .getByText(/insufficient balance/)
      .waitFor();
    expect(await page().locator('[data-testid="tx-review"][data-state="created"]').count()).toBe(1);
    await setup.harness.screenshot('build-revert-simulation');
  });

  it('calls a view function and decodes the result; watches the token on Home', async () => {
    await setup.harness.goto(`/contracts?address=${token}`);
    await page().getByRole('button', { name: 'Load contract' }).click();
    await page().getByTestId('contract-view').getByRole('heading', { name: 'Token' }).waitFor();
    await page().getByTestId('view-call').getByLabel('Function').selectOption('balanceOf(address)');
    await page().getByTestId('view-call').getByLabel('(address)').fill(dev[1]!);
    await page().getByTestId('view-call').getByRole('button', { name: 'Call' }).click();
    await page().getByTestId('view-result').getByText('2500000').waitFor();
    await setup.harness.screenshot('contracts-view-call');

    await setup.harness.goto('/');
    await page().getByTestId('watch-token').getByLabel('Token contract address').fill(token);
    await page().getByTestId('watch-token').getByRole('button', { name: 'Watch' }).click();
    await page().getByTestId('account-resources').getByText('2.5 TT').waitFor();
    await setup.harness.screenshot('home-trc20');
  });

  it('ran every scenario without CSP violations, console errors or page errors', () => {
    expect(setup.harness.pageProblems).toEqual([]);
  });
});
