import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import solc from 'solc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase58Address, toHexAddress } from '../../src-core/address/address';
import { TronNodeClient } from '../../src-core/client/client';
import type { FetchLike } from '../../src-core/client/fetch';
import { parseCsv, toCsv } from '../../src-core/csv/csv';
import { parseBundle } from '../../src-core/envelope';
import type { PayoutProgress, PayoutRunView } from '../../src-core/ipc/channels/payouts';
import { freshAddress } from '../fixtures/addresses';
import { attachTo, makeTreasury, type Treasury } from '../fixtures/cosign-network';
import { SOLC_SETTINGS } from '../fixtures/contracts/compile';
import { tokenBalance } from '../fixtures/treasury-token';
import { fundedKey, type Key } from '../main/node/helpers';
import { artifacts, callData, deploy, trigger, word } from '../main/node/vm-host/helpers';
import {
  savingDialogs,
  startDevWalletHarness,
  startWalletHarness,
  VAULT_PASSWORD,
  type DevWalletHarness,
  type WalletHarness,
} from './harness/wallet';

const BLOCK_MS = 200;
const TRX = 1_000_000n;

/**
 * A TRC-20 whose administrator can bar a recipient: a transfer to a barred address reverts. It
 * lets one row of a signed bundle fail on the chain after every desk checked it.
 */
const BARRING_TOKEN = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract PayrollToken {
    string public constant name = "Payroll Token";
    string public constant symbol = "PT";
    uint8 public constant decimals = 6;
    uint256 public totalSupply;
    address public admin;
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public barred;
    event Transfer(address indexed from, address indexed to, uint256 value);
    constructor(uint256 supply) {
        admin = msg.sender;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }
    function bar(address who) external {
        require(msg.sender == admin, "only the admin");
        barred[who] = true;
    }
    function transfer(address to, uint256 value) external returns (bool) {
        require(!barred[to], "recipient barred");
        uint256 balance = balanceOf[msg.sender];
        require(balance >= value, "insufficient balance");
        balanceOf[msg.sender] = balance - value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }
}`;

function compileBarringToken(): void {
  const input = {
    language: 'Solidity',
    sources: { 'PayrollToken.sol': { content: BARRING_TOKEN } },
    settings: { ...SOLC_SETTINGS, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const compiled = output.contracts['PayrollToken.sol']!.PayrollToken!;
  artifacts.PayrollToken = { abi: compiled.abi, bytecode: compiled.evm.bytecode.object, deployedBytecode: '' };
}

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

/** Waits until `check` holds, asking again every 50 ms (the node's reads are quick); fails after `timeoutMs`. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits for `wanted` on `page`, or for an error notice, whose words then fail the test at once
 * instead of a time-out that says nothing of why.
 */
async function shownOrError(page: Page, wanted: string, timeout: number): Promise<void> {
  const error = page.locator('[data-error-code]');
  await page.locator(`${wanted}, [data-error-code]`).first().waitFor({ timeout });
  if ((await error.count()) > 0)
    throw new Error(
      `The page showed an error instead: ${await error.first().getAttribute('data-error-code')} ${await error.first().textContent()}`,
    );
}

/** Every row status of every payout run a profile's folder holds on disk. */
async function runsOnDisk(userDataDir: string): Promise<string[]> {
  const found = (await readdir(userDataDir, { recursive: true })).filter((f) => f.endsWith('bundle-runs.json'));
  const statuses: string[] = [];
  for (const file of found) {
    const data = JSON.parse(await readFile(join(userDataDir, file), 'utf8')) as {
      data?: { runs: { rows: { status: string }[] }[] };
      runs?: { rows: { status: string }[] }[];
    };
    for (const run of data.data?.runs ?? data.runs ?? []) statuses.push(...run.rows.map((r) => r.status));
  }
  return statuses;
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

  /**
   * The acceptance story on the same chain, desk A being the planning suite's profile (it holds
   * Alice's key, one of the three of the treasury's 2-of-3 "payments" group): A plans and proposes
   * 200 rows, desk B (Bob's key) reviews and co-signs them with one confirmation and starts the
   * run; one token row's recipient is barred by the token after both signed; B's app is closed part
   * way through the broadcast and opened again on the same user data folder; every row settles
   * once on the chain, the failed one with its reason, and it alone is re-proposed.
   */
  describe('one bundle of 200 rows from a 2-of-3 treasury, co-signed once, broadcast across a restart', () => {
    const ROWS = 200;
    const settings = { embeddedNode: { port: 0, blockTimeMs: BLOCK_MS } };
    const fresh = Array.from({ length: 20 }, (_, i) => freshAddress(0x5a1a00 + i));
    const savedByB: string[] = [];
    let client: TronNodeClient;
    let treasury: Treasury;
    let admin: Key;
    let b: WalletHarness;
    let bDir = '';
    let files = '';
    let payroll = '';
    let barred = '';
    let csv = '';
    /** 0-based index of the row the token bars after signing. */
    let barredRow = -1;
    let barredAmount = 0n;
    const trxRows: { recipient: string; sun: bigint }[] = [];
    const tokenRows: { recipient: string; units: bigint }[] = [];
    let bundleText = '';
    let bundleId = '';
    let startedAtBlock = 0;
    let treasuryTrxBefore = 0n;
    let treasuryTokenBefore = 0n;
    let storyStarted = 0;
    /** Seconds from the story's start at which each step ended, for the log. */
    const steps: string[] = [];
    const step = (name: string) => steps.push(`${name} ${((Date.now() - storyStarted) / 1000).toFixed(1)} s`);

    const runOf = async (): Promise<PayoutRunView | null> =>
      b.wallet.payoutBundles.run({ id: bundleId }).catch(() => null);

    beforeAll(async () => {
      storyStarted = Date.now();
      const node = setup.nodes[0]!;
      client = new TronNodeClient({
        fullNodeUrl: node.url,
        fetch: globalThis.fetch.bind(globalThis) as unknown as FetchLike,
      });
      treasury = await makeTreasury(node);
      compileBarringToken();
      admin = fundedKey(node, 0);
      const supply = 10n ** 15n;
      const deployed = await deploy(node, admin, 'PayrollToken', word(supply));
      payroll = toBase58Address(deployed.address);
      const funding = 10n ** 13n;
      await trigger(
        node,
        admin,
        deployed.address,
        callData('transfer(address,uint256)', toHexAddress(treasury.address), funding),
      );
      await until(async () => (await tokenBalance(client, payroll, treasury.address)) === funding, 'the treasury’s PT');

      // 100 TRX rows (the first 20 to addresses new to the chain) and 100 PT rows, interleaved.
      const known = [0, 1, 2, 3, 4, 6, 7, 8].map((i) => node.accounts[i]!.address);
      barred = node.accounts[9]!.address;
      const lines: string[][] = [['recipient', 'asset', 'amount', 'memo', 'reference']];
      for (let i = 0; i < ROWS / 2; i++) {
        const trxTo = i < fresh.length ? fresh[i]! : known[i % known.length]!;
        const sun = BigInt(1 + (i % 5)) * TRX + 500_000n;
        trxRows.push({ recipient: trxTo, sun });
        lines.push([trxTo, 'TRX', (Number(sun) / 1e6).toString(), '', `TRX-${i}`]);
        const tokenTo = i === 50 ? barred : known[i % known.length]!;
        const units = BigInt(10 + (i % 7)) * 1_000_000n;
        tokenRows.push({ recipient: tokenTo, units });
        lines.push([tokenTo, 'PT', (Number(units) / 1e6).toString(), '', `PT-${i}`]);
        if (i === 50) {
          barredRow = lines.length - 2;
          barredAmount = units;
        }
      }
      csv = toCsv(lines);

      await setup.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
      await setup.wallet.tokens.watch({ address: payroll });
      bDir = await mkdtemp(join(tmpdir(), 'payouts-desk-b-'));
      files = await mkdtemp(join(tmpdir(), 'payouts-files-'));
      b = await startWalletHarness({
        createNode: attachTo(node),
        settings,
        userDataDir: bDir,
        fileDialogs: savingDialogs(files, 'b', savedByB),
      });
      await b.wallet.ready;
      await b.wallet.vault.initialize(VAULT_PASSWORD);
      await b.wallet.vault.importPrivateKey(treasury.privateKeys[1], { label: 'Bob' });
      await b.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
      await b.wallet.tokens.watch({ address: payroll });
      step('set up');
    }, 120_000);
    afterAll(async () => {
      await b?.close();
      if (bDir) await rm(bDir, { recursive: true, force: true });
      if (files) await rm(files, { recursive: true, force: true });
      console.info(`payouts story: ${steps.join(', ')}; ${((Date.now() - storyStarted) / 1000).toFixed(1)} s in all`);
    });

    it('desk A plans 200 rows (100 TRX, 100 PT, 20 new accounts) and proposes them as one bundle with Alice’s key', async () => {
      const pa = page();
      // The layout test before left the window at 200% zoom; a desk works at its usual size.
      await pa.setViewportSize({ width: 1280, height: 800 });
      await setup.harness.goto('/payouts');
      await pa.getByLabel('Paying account').selectOption(treasury.address);
      await chooseFile('payroll-200.csv', csv);
      await pa.getByRole('button', { name: 'Plan the run' }).click();
      await shownOrError(pa, '[data-testid="payout-plan-summary"]', 120_000);
      step('planned');
      expect(await pa.getByTestId('payout-failing').count()).toBe(0);
      const trx = pa.getByTestId('payout-totals').locator('tbody tr[data-asset="TRX"] td');
      expect(await trx.nth(0).textContent()).toBe('100');
      expect(await trx.nth(2).textContent()).toBe('20');
      const trxTotal = trxRows.reduce((sum, r) => sum + r.sun, 0n);
      expect(await trx.nth(1).textContent()).toContain(`${(trxTotal / TRX).toLocaleString('en-US')} TRX`);
      expect(await pa.getByTestId('payout-coverage').getAttribute('data-covered')).toBe('true');
      await setup.harness.screenshot('payouts-story-plan');
      step('plan checked');

      const asked = setup.consent.shown.length;
      const propose = pa.getByTestId('payout-propose');
      await propose.getByLabel('Signing key').selectOption(setup.dev[1]!.id);
      await propose.getByRole('button', { name: 'Propose as one bundle' }).click();
      const handoff = pa.locator('[data-testid="payout-handoff"][data-rows="200"]');
      await shownOrError(pa, '[data-testid="payout-handoff"][data-rows="200"]', 120_000);
      step('proposed');
      expect(setup.consent.shown.length - asked).toBe(1);
      expect(await handoff.getAttribute('data-ready')).toBe('0');
      expect(await handoff.getByTestId('payout-handoff-status').textContent()).toContain('This key signed 200 row(s)');
      bundleText = await pa.getByTestId('payout-bundle-text').inputValue();
      bundleId = (await handoff.getAttribute('data-bundle'))!;
      expect(parseBundle(bundleText).rows).toHaveLength(ROWS);
      expect(await axeViolations(pa)).toEqual([]);
    });

    it('desk B reviews the totals, largest rows and new recipients, and co-signs all 200 rows with one confirmation', async () => {
      expect(bundleText, 'desk A proposed no bundle').not.toBe('');
      const pb = b.harness.page;
      await b.harness.goto('/payouts');
      await pb.getByLabel('Bundle file (JSON)').setInputFiles({
        name: 'payout-bundle.json',
        mimeType: 'application/json',
        buffer: Buffer.from(bundleText),
      });
      await pb.getByRole('button', { name: 'Review the bundle' }).click();
      const review = pb.locator(`[data-testid="payout-review"][data-bundle="${bundleId}"]`);
      await shownOrError(pb, `[data-testid="payout-review"][data-bundle="${bundleId}"]`, 120_000);
      step('imported');
      expect(await review.getAttribute('data-count')).toBe('200');
      const totals = await review.getByTestId('review-total').allTextContents();
      const tokenTotal = tokenRows.reduce((sum, r) => sum + r.units, 0n);
      expect(totals).toEqual([
        expect.stringMatching(/ TRX$/),
        `${(tokenTotal / 1_000_000n).toLocaleString('en-US')} PT`,
      ]);
      expect(await review.getByTestId('payout-review-new').locator('li').count()).toBe(20);
      expect(await review.getByTestId('review-largest-row').count()).toBeGreaterThan(0);
      expect(await review.getByTestId('payout-review-no-differences').count()).toBe(1);
      expect(await axeViolations(pb)).toEqual([]);

      const asked = b.consent.shown.length;
      b.consent.screenshotNext = 'payouts-story-consent';
      await pb.getByRole('button', { name: 'Co-sign all 200 rows' }).click();
      await shownOrError(pb, '[data-testid="payout-handoff"][data-ready="200"]', 120_000);
      step('co-signed');
      expect(b.consent.shown.length - asked).toBe(1);
      expect(b.consent.last()!.text).toContain('200');
    });

    it('settles every row once across a restart mid-broadcast: 199 confirmed, the barred one failed with its reason', async () => {
      expect(await b.harness.page.locator('[data-testid="payout-handoff"][data-ready="200"]').count()).toBe(1);
      const node = setup.nodes[0]!;
      // After both signatures, before the broadcast: the token bars one recipient, so that row reverts.
      const { tx } = await trigger(node, admin, toHexAddress(payroll), callData('bar(address)', toHexAddress(barred)));
      await expect
        .poll(async () => (await client.getTransactionInfoById(tx.txID))?.blockNumber ?? 0, { timeout: 90_000 })
        .toBeGreaterThan(0);
      treasuryTrxBefore = (await client.getAccount(treasury.address))!.balance;
      treasuryTokenBefore = await tokenBalance(client, payroll, treasury.address);
      startedAtBlock = node.head().number;
      step('row barred');

      const pb = b.harness.page;
      await pb.getByRole('button', { name: 'Start the run' }).click();
      await pb.getByTestId('payout-run').waitFor({ timeout: 90_000 });
      await expect
        .poll(async () => (await runOf())?.rows.filter((r) => r.status !== 'waiting').length ?? 0, {
          timeout: 60_000,
          interval: 50,
        })
        .toBeGreaterThanOrEqual(20);
      await b.close();
      step('closed mid-broadcast');

      // What the closed app left on disk is what the reopened one starts from.
      const onDisk = await runsOnDisk(bDir);
      const left = onDisk.filter((s) => s === 'waiting').length;
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThan(ROWS);

      b = await startWalletHarness({
        createNode: attachTo(node),
        settings,
        userDataDir: bDir,
        fileDialogs: savingDialogs(files, 'b-again', savedByB),
      });
      await b.wallet.ready;
      await b.wallet.vault.unlock(VAULT_PASSWORD);
      await b.harness.goto('/payouts');
      step('reopened');
      const settled = new Set(['confirmed', 'failed', 'expired']);
      await expect
        .poll(async () => (await runOf())?.rows.filter((r) => settled.has(r.status)).length ?? 0, {
          timeout: 180_000,
          interval: 250,
        })
        .toBe(ROWS);
      step('settled');
      const run = (await runOf())!;
      expect(run.counts).toEqual({ confirmed: ROWS - 1, failed: 1 });
      const failed = run.rows.find((r) => r.status === 'failed')!;
      expect(failed.row).toBe(barredRow);
      expect(failed.reason).toContain('recipient barred');

      const shown = b.harness.page.locator(`[data-testid="run-row"][data-row="${barredRow + 1}"]`);
      await shown.and(b.harness.page.locator('[data-status="failed"]')).waitFor({ timeout: 90_000 });
      expect(await shown.getByTestId('run-row-status').textContent()).toContain('recipient barred');

      // From the node: each row's txid in exactly one block, none twice.
      const counted = new Map<string, number>();
      const head = node.head().number;
      for (let from = startedAtBlock; from <= head; from += 100)
        for (const block of await client.getBlockByLimitNext(from, Math.min(from + 100, head + 1)))
          for (const t of block.transactions) counted.set(t.txID, (counted.get(t.txID) ?? 0) + 1);
      expect(run.rows.filter((r) => counted.get(r.txid) !== 1).map((r) => r.row)).toEqual([]);

      // Balances: each new account holds its one row; the barred recipient got no PT.
      for (const [i, address] of fresh.entries())
        expect((await client.getAccount(address))?.balance).toBe(trxRows[i]!.sun);
      expect(await tokenBalance(client, payroll, barred)).toBe(0n);

      let fees = 0n;
      for (const row of run.rows) fees += (await client.getTransactionInfoById(row.txid))!.fee;
      expect(run.rows.reduce((sum, r) => sum + (r.feeSun ?? 0n), 0n)).toBe(fees);
      const trxTotal = trxRows.reduce((sum, r) => sum + r.sun, 0n);
      const tokenTotal = tokenRows.reduce((sum, r) => sum + r.units, 0n);
      expect(treasuryTrxBefore - (await client.getAccount(treasury.address))!.balance).toBe(trxTotal + fees);
      expect(treasuryTokenBefore - (await tokenBalance(client, payroll, treasury.address))).toBe(
        tokenTotal - barredAmount,
      );
    });

    it('re-proposes the failed row alone and downloads a report whose totals reconcile', async () => {
      expect((await runOf())?.counts, 'the run did not settle').toEqual({ confirmed: ROWS - 1, failed: 1 });
      const pb = b.harness.page;
      await pb.getByLabel(`Pay row ${barredRow + 1} again`).check();
      await pb.getByRole('button', { name: 'Re-propose 1 chosen row(s)' }).click();
      const handoff = pb.locator('[data-testid="payout-handoff"][data-rows="1"]');
      await shownOrError(pb, '[data-testid="payout-handoff"][data-rows="1"]', 30_000);
      expect(await handoff.getAttribute('data-ready')).toBe('0');
      const again = parseBundle(await pb.getByTestId('payout-bundle-text').inputValue());
      expect(again.rows).toHaveLength(1);
      expect(again.rows[0]!.statedPayment).toMatchObject({
        asset: 'TRC20',
        recipient: toHexAddress(barred),
        amount: barredAmount.toString(),
        reference: 'PT-50',
      });

      await pb.getByRole('button', { name: 'Download report' }).click();
      await pb.getByTestId('payout-report-path').waitFor({ timeout: 90_000 });
      step('re-proposed and reported');
      const [header, ...records] = parseCsv(await readFile(savedByB.at(-1)!, 'utf8'));
      const cells = records.map((r) => Object.fromEntries(header!.fields.map((name, i) => [name, r.fields[i]])));
      const rows = cells.filter((c) => c.row !== 'total');
      expect(rows).toHaveLength(ROWS);
      expect(rows.filter((c) => c.status === 'confirmed')).toHaveLength(ROWS - 1);
      expect(rows[barredRow]).toMatchObject({ status: 'failed', reference: 'PT-50' });
      const feeTotal = cells.find((c) => c.row === 'total' && c.status === 'fees')!.fee_sun;
      expect(BigInt(feeTotal!)).toBe(rows.reduce((sum, c) => sum + BigInt(c.fee_sun || '0'), 0n));
      const trxTotal = trxRows.reduce((sum, r) => sum + r.sun, 0n);
      expect(cells.find((c) => c.row === 'total' && c.asset === 'TRX')!.amount_base_units).toBe(trxTotal.toString());
      await b.harness.screenshot('payouts-story-report');
      expect(await axeViolations(pb)).toEqual([]);
      expect(b.harness.pageProblems).toEqual([]);
    });
  });

  it('ran without CSP violations, console errors or page errors', () => {
    expect(setup.harness.pageProblems).toEqual([]);
  });
});
