import { mkdtemp, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase58Address } from '../../src-core/address/address';
import { toCsv } from '../../src-core/csv/csv';
import type { PayoutProgress } from '../../src-core/ipc/channels/payouts';
import { freshAddress } from '../fixtures/addresses';
import { fundedKey } from '../main/node/helpers';
import { deploy, word } from '../main/node/vm-host/helpers';
import { startDevWalletHarness, type DevWalletHarness } from './harness/wallet';

const BLOCK_MS = 200;

/** axe-core's WCAG 2.1 A and AA rules on the page as it stands (as the accessibility suite runs them). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResult> } }).axe;
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

/**
 * The Payouts screen in Chromium on the real wallet and its embedded node: a file with bad rows
 * is answered with every bad line and no plan; the good file of TRX rows, TT token rows (by symbol
 * and by contract), a name from the address book and a recipient new to the chain is planned on
 * the node with progress, and reads in units with symbols.
 */
describe('payouts in Chromium', () => {
  let setup: DevWalletHarness;
  let owner = '';
  let token = '';
  let vendor = '';
  const newcomer = freshAddress(0x9a7e);
  const progress: PayoutProgress[] = [];
  const page = () => setup.harness.page;
  let shots = '';

  /** Screenshots go to a temp folder outside the repository, named in the log for a person to look at. */
  async function shoot(name: string): Promise<void> {
    shots ||= await mkdtemp(join(tmpdir(), 'payouts-e2e-'));
    const path = join(shots, `${name}.png`);
    await page().screenshot({ path, fullPage: true });
    console.info(`payouts screenshot: ${path}`);
  }

  beforeAll(async () => {
    setup = await startDevWalletHarness(BLOCK_MS, 2);
    const node = setup.nodes[0]!;
    owner = setup.dev[0]!.address;
    const payer = fundedKey(node, 0);
    expect(toBase58Address(payer.hex)).toBe(owner);
    token = toBase58Address((await deploy(node, payer, 'Token', word(10n ** 15n))).address);
    await setup.wallet.tokens.watch({ address: token });
    vendor = toBase58Address(node.accounts[3]!.hex);
    await setup.wallet.addressBook.save({ name: 'Vendor One', address: vendor });
    setup.harness.events.subscribe((event, payload) => {
      if (event === 'payouts:progress') progress.push(payload as PayoutProgress);
    });
  }, 120_000);
  afterAll(async () => {
    await setup?.close();
  });

  async function chooseFile(name: string, csv: string): Promise<void> {
    await page()
      .getByLabel('Payout file (CSV)')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page().getByTestId('payout-file-name').getByText(name).waitFor();
  }

  it('lists every bad row with its line and plans nothing', async () => {
    await setup.harness.goto('/payouts');
    await page().getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    await page().getByLabel('Paying account').selectOption(owner);
    await chooseFile(
      'bad-run.csv',
      toCsv([
        ['recipient', 'asset', 'amount', 'memo', 'reference'],
        [vendor, 'TRX', '5', '', 'A-1'],
        [vendor, 'TT', '0', '', 'A-2'],
        ['Nobody We Know', 'TRX', '1', '', 'A-3'],
        [vendor, 'TRX', '1.1234567', '', 'A-4'],
      ]),
    );
    await page().getByRole('button', { name: 'Plan the run' }).click();
    const issues = page().getByTestId('payout-issues');
    await issues.waitFor();
    expect(await issues.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-line')))).toEqual([
      '3',
      '4',
      '5',
    ]);
    const text = (await issues.textContent()) ?? '';
    expect(text).toContain('Line 4');
    expect(text).toContain('Nobody We Know');
    expect(await page().getByTestId('payout-plan-summary').count()).toBe(0);
    expect(await axeViolations(page())).toEqual([]);
  });

  it('plans the good file on the node with progress, totals in units, energy options, coverage and largest rows', async () => {
    const before = progress.length;
    await chooseFile(
      'payroll.csv',
      toCsv([
        ['recipient', 'asset', 'amount', 'memo', 'reference'],
        ['Vendor One', 'TRX', '12.5', '', 'PAY-1'],
        [setup.dev[1]!.address, 'TRX', '3', '', 'PAY-2'],
        [newcomer, 'TRX', '1.5', 'welcome', 'PAY-3'],
        ['Vendor One', 'TT', '250', '', 'PAY-4'],
        [setup.dev[1]!.address, 'TT', '1000.25', '', 'PAY-5'],
        [newcomer, token, '7', '', 'PAY-6'],
      ]),
    );
    expect(await page().getByTestId('payout-issues').count()).toBe(0);
    await page().getByRole('button', { name: 'Plan the run' }).click();
    const summary = page().getByTestId('payout-plan-summary');
    await summary.waitFor({ timeout: 60_000 });

    const mine = progress.slice(before);
    expect(new Set(mine.map((p) => p.phase))).toEqual(new Set(['read', 'recipients', 'energy', 'dry-run']));
    expect(new Set(mine.map((p) => p.runId)).size).toBe(1);

    const totals = page().getByTestId('payout-totals');
    expect(await totals.locator('caption').textContent()).toContain('Totals per asset');
    expect(await totals.getByTestId('total-amount').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('17 TRX'), expect.stringContaining('1,257.25 TT')]),
    );
    expect(await totals.locator('tbody tr[data-asset="TRX"] td').nth(2).textContent()).toBe('1');
    expect(await page().getByTestId('option-burn').textContent()).toMatch(/TRX/);
    expect(await page().getByTestId('option-stake').textContent()).toMatch(/days after unstaking/);
    expect(await page().getByTestId('option-delegated').textContent()).toMatch(/energy available/);
    expect(await page().getByTestId('payout-coverage').getAttribute('data-covered')).toBe('true');
    expect(await page().getByTestId('payout-failing').count()).toBe(0);

    const largest = page().getByTestId('payout-largest').getByTestId('planned-row');
    expect(await largest.count()).toBe(6);
    expect(await largest.first().getAttribute('data-line')).toBe('2');
    expect(await page().getByTestId('payout-largest').textContent()).toContain('activates the recipient');
    expect(await page().getByTestId('payout-largest').textContent()).not.toContain('12500000');

    expect(await axeViolations(page())).toEqual([]);

    await shoot('payouts-plan');
  });

  it('marks a token row beyond the balance as failing with the node’s reason, and names the shortfall', async () => {
    await chooseFile(
      'too-much.csv',
      toCsv([
        ['recipient', 'asset', 'amount', 'memo', 'reference'],
        ['Vendor One', 'TRX', '1', '', 'X-1'],
        ['Vendor One', 'TT', '2000000000', '', 'X-2'],
      ]),
    );
    await page().getByRole('button', { name: 'Plan the run' }).click();
    const failing = page().getByTestId('payout-failing');
    await failing.waitFor({ timeout: 60_000 });
    const row = failing.getByTestId('planned-row');
    expect(await row.count()).toBe(1);
    expect(await row.getAttribute('data-line')).toBe('3');
    expect(await row.textContent()).toContain('Would fail:');
    expect(await row.textContent()).toContain('2,000,000,000 TT');
    const coverage = page().getByTestId('payout-coverage');
    expect(await coverage.getAttribute('data-covered')).toBe('false');
    expect(await coverage.locator(`tr[data-asset="trc20:${token}"] [data-testid="shortfall"]`).textContent()).toBe(
      '1,000,000,000 TT',
    );
    await shoot('payouts-shortfall');
  });

  it('fits the plan in its cards at 1280×800 and scrolls no page sideways at 200% zoom', async () => {
    const layout = () =>
      page().evaluate(() => ({
        clipped: [...document.querySelectorAll<HTMLElement>('main table')]
          .filter((table) => table.parentElement && table.scrollWidth > table.parentElement.clientWidth + 1)
          .map((table) => table.querySelector('caption')?.textContent?.trim() ?? table.className),
        pageWidth: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
    await page().setViewportSize({ width: 1280, height: 800 });
    expect((await layout()).clipped).toEqual([]);
    await page().setViewportSize({ width: 640, height: 400 });
    const zoomed = await layout();
    await shoot('payouts-zoomed');
    expect(zoomed.pageWidth).toBeLessThanOrEqual(zoomed.viewport + 1);
  });

  it('ran without CSP violations, console errors or page errors', () => {
    expect(setup.harness.pageProblems).toEqual([]);
  });
});
