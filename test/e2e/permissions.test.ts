import type { Page } from 'playwright-core';
import { hexToBytes } from '../../src-core/bytes/hex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronNodeClient } from '../../src-core/client';
import type { VaultAccount } from '../../src-core/ipc/channels/vault';
import { encodeOperations } from '../../src-core/permission';
import { buildTransaction, transferContract } from '../../src-core/tx/builders';
import { transactionHeader } from '../../src-core/tx/header';
import { signTransaction } from '../../src-core/tx/sign';
import type { TronNode } from '../../src-main/node';
import { startDevWalletHarness, type DevWalletHarness } from './harness/wallet';

const BLOCK_MS = 200;
const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 1024, height: 700 };
/**
 * The editor with main's review open must stay within about four screens at 1280×800, instead of
 * the ~5,000 px it took with every operation checkbox and signing set unfolded.
 */
const MAX_EDITOR_HEIGHT_PX = 3_400;

/** The height of the whole page, what a person scrolls through. */
const scrollHeight = (p: Page) => p.evaluate(() => document.documentElement.scrollHeight);

/**
 * The permission editor in Chromium on the embedded node: a fresh account becomes owner 2-of-3 with
 * an active transfer group (diff, fee, dry run, sign, confirmed, shown); an unreachable owner
 * threshold is blocked with the reason; removing your own key from the owner warns.
 */
describe('permission editor in Chromium', () => {
  let setup: DevWalletHarness;
  let node: TronNode;
  let client: TronNodeClient;
  let treasury: VaultAccount;
  let dev: VaultAccount[];
  /** A co-signer the wallet knows only from the address book (the dev chain's third funded account). */
  let carol: string;

  const page = () => setup.harness.page;

  beforeAll(async () => {
    const started = await startDevWalletHarness(BLOCK_MS, 2);
    setup = started;
    node = started.nodes[0]!;
    client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch.bind(globalThis) });
    dev = [...started.dev];
    treasury = await setup.wallet.vault.createMnemonicAccount({ label: 'Treasury' });
    carol = node.accounts[2]!.address;
    await setup.wallet.node.stores().addressBook.save({ name: 'Carol', address: carol });
    // Fund the fresh account from Dev 1: it then exists with the chain's default permissions.
    const ref = await client.getRefBlock();
    const funding = buildTransaction(
      transferContract({ owner: dev[0]!.address, to: treasury.address, amount: 1_000_000_000n }),
      {
        header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }),
      },
    );
    // Set-up only, outside the app's signing path: the dev chain's own funded key pays.
    await client.broadcastTransaction(signTransaction(funding, hexToBytes(node.accounts[0]!.privateKey)));
    for (let tries = 0; (await client.getAccount(treasury.address)) === null; tries++) {
      if (tries > 100) throw new Error('The funding transfer was not packed.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await setup?.close();
  });

  it('turns the fresh account into owner 2-of-3 with an active transfer group: diff, fee, dry run, sign, confirmed', async () => {
    await page().setViewportSize(WIDE);
    await setup.harness.goto(`/permissions/${treasury.address}`);
    const current = page().getByTestId('current-permissions');
    await current.getByTestId('current-owner').getByText('Threshold 1').waitFor();
    await expect(current.getByTestId('current-owner').textContent()).resolves.toContain(
      `Treasury (${treasury.address.slice(0, 6)}`,
    );
    await setup.harness.screenshot('permissions-current');

    await page().getByRole('button', { name: 'Edit permissions' }).click();
    await page().getByLabel('Owner threshold').fill('2');
    await page().getByRole('button', { name: 'Add owner key' }).click();
    await page().getByLabel('Owner key 2: pick a known key').selectOption({ label: 'Dev 2 — your vault' });
    await expect(page().getByLabel('Owner key 2 address').inputValue()).resolves.toBe(dev[1]!.address);
    await page().getByRole('button', { name: 'Add owner key' }).click();
    // Typed (or pasted) instead of picked: the editor names it from the address book.
    await page().getByLabel('Owner key 3 address').fill(carol);
    await page().getByTestId('group-owner').getByText('Carol (address book)').waitFor();

    const active = page().getByTestId('group-active-1');
    await page().getByLabel('Active (id 2) name').fill('transfers');
    await active.getByText('9 / 32 bytes').waitFor();
    await page().getByLabel('Active (id 2) key 1: pick a known key').selectOption({ label: 'Dev 2 — your vault' });
    // A pasted mask with bit 7 (no contract type) is flagged, and can be cleared.
    const mask = page().getByLabel('Active (id 2) operations mask (hex)');
    await mask.fill(`82${'00'.repeat(31)}`);
    await active
      .getByTestId('unknown-bits')
      .getByText(/bit 7, which is no contract type/)
      .waitFor();
    await page()
      .getByTestId('validation-summary')
      .getByText('Clear operation bit 7 of the active permission "transfers"', { exact: false })
      .waitFor();
    await active.getByRole('button', { name: 'Clear unknown bits' }).click();
    await expect(mask.inputValue()).resolves.toBe(encodeOperations(['TransferContract']));
    await expect(page().getByLabel('Active (id 2): Transfer TRX').isChecked()).resolves.toBe(true);
    await expect(
      page().getByLabel('Active (id 2): Call smart contracts (including TRC20 transfers)').isChecked(),
    ).resolves.toBe(false);
    await expect(page().getByTestId('validation-summary').count()).resolves.toBe(0);

    const report = page().getByTestId('lockout-report');
    await expect(report.getAttribute('data-verdict')).resolves.toBe('ok');
    await expect(report.locator('[data-capability="move-funds"]').textContent()).resolves.toContain('Dev 2 alone');
    await expect(report.locator('[data-capability="move-funds"]').textContent()).resolves.toContain(
      'transfers (id 2): only Transfer TRX',
    );
    await expect(report.locator('[data-capability="change-permissions"]').textContent()).resolves.toContain('Carol');
    const diff = page().getByTestId('permission-diff');
    await diff.getByText('Threshold: 1 → 2').waitFor();
    await diff
      .getByText(/Key added: Dev 2 .*, weight 1/)
      .first()
      .waitFor();
    await diff.getByText(/No longer allowed: .*Call smart contracts/).waitFor();
    await expect(diff.getByTestId('power-changes').textContent()).resolves.toContain('Loses: alone → with other keys');

    await page().getByRole('button', { name: 'Review change' }).click();
    const review = page().getByTestId('update-review');
    await review.waitFor();
    const height = await scrollHeight(page());
    process.stdout.write(`permission editor with the review open, 1280×800: scrollHeight ${height} px\n`);
    // The eye goes to main's review: its heading has the focus and sits at the top of the window.
    await expect(page().evaluate(() => document.activeElement?.id)).resolves.toBe('review-title');
    const top = (await review.boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(WIDE.height / 4);
    expect(height).toBeLessThan(MAX_EDITOR_HEIGHT_PX);
    await expect(
      review.getByTestId('cost-disclosure').locator('[data-kind="contract"]').textContent(),
    ).resolves.toMatch(/Permission update fee.*100 TRX/);
    await expect(review.getByTestId('cost-disclosure').locator('[data-kind="multi-signature"]').count()).resolves.toBe(
      0,
    );
    await expect(review.getByTestId('signing-plan').textContent()).resolves.toContain(
      'Your vault signs with Treasury (weight 1)',
    );
    const dryRun = review.getByTestId('dry-run');
    await expect(dryRun.getAttribute('data-available')).resolves.toBe('true');
    await expect(
      dryRun.locator('[data-check]').evaluateAll((items) => items.map((i) => i.dataset.outcome)),
    ).resolves.toEqual(['passed', 'passed', 'passed']);
    const transfers = dryRun.locator('[data-check="group-proof"][data-permission-id="2"]');
    await expect(transfers.textContent()).resolves.toMatch(
      /Active permission "transfers" \(id 2\) can sign a payment.*Permission_id 2, checked as signed by Dev 2/s,
    );
    await setup.harness.screenshot('permissions-review');
    await page().setViewportSize(NARROW);
    await setup.harness.screenshot('permissions-review-1024');
    await page().setViewportSize(WIDE);

    setup.consent.screenshotNext = 'consent-permission-update';
    await review.getByRole('button', { name: 'Sign and broadcast' }).click();
    const result = page().getByTestId('submit-result');
    await result.and(page().locator('[data-state="confirmed"]')).waitFor({ timeout: 60_000 });
    await result.getByText('The account now holds the new structure').waitFor();
    // Main's own page showed the change before and after, with the lockout check, before the key signed.
    const shown = setup.consent.last()!;
    expect(shown.request.kind).toBe('transaction');
    expect(shown.text).toContain('Owner “owner” before');
    expect(shown.text).toContain('Owner “owner” after');
    expect(shown.text).toContain('Lockout check');
    const owner = page().getByTestId('current-owner');
    await owner.getByText('Threshold 2').waitFor();
    await expect(owner.textContent()).resolves.toContain('Carol');
    await page().getByTestId('current-active-2').getByText('“transfers”').waitFor();
    await setup.harness.screenshot('permissions-confirmed');

    const onChain = (await client.getAccount(treasury.address))!;
    expect(onChain.owner_permission.threshold).toBe(2n);
    expect(onChain.owner_permission.keys.map((k) => k.address)).toEqual([
      treasury.addressHex,
      dev[1]!.addressHex,
      node.accounts[2]!.hex,
    ]);
    expect(onChain.active_permission.map((a) => [a.permission_name, a.operations])).toEqual([
      ['transfers', encodeOperations(['TransferContract'])],
    ]);
  });

  it('blocks an unreachable owner threshold and says why', async () => {
    await page().getByRole('button', { name: 'Edit permissions' }).click();
    await page().getByLabel('Owner threshold').fill('4');
    await page()
      .getByTestId('validation-summary')
      .getByText(
        'The keys of the owner permission weigh 3 in total but the threshold is 4; lower the threshold or add weight, or nobody can ever use it.',
      )
      .waitFor();
    await page()
      .getByTestId('lockout-blocks')
      .getByText('All keys of the owner permission together weigh 3, below its threshold 4: it can never be used.')
      .waitFor();
    await expect(page().getByRole('button', { name: 'Review change' }).isDisabled()).resolves.toBe(true);
    await expect(page().getByTestId('review-blocked').textContent()).resolves.toContain(
      'Fix the problem in the form first.',
    );
    await setup.harness.screenshot('permissions-blocked');
  });

  it('warns when your own key leaves the owner, and asks for the warnings to be acknowledged before signing', async () => {
    await page().getByLabel('Owner threshold').fill('2');
    await page().getByRole('button', { name: 'Remove Owner key 1' }).click();
    const warnings = page().getByTestId('lockout-warnings');
    await warnings
      .locator('[data-code="LOCKOUT_OWN_KEYS_LEAVE_OWNER"]')
      .getByText(`Your key ${treasury.address} leaves the owner permission.`)
      .waitFor();
    await page().getByRole('button', { name: 'Review change' }).click();
    const review = page().getByTestId('update-review');
    await review.waitFor();
    // Under the 2-of-3 owner the vault signs with Treasury and Dev 2: two signatures, 1 TRX more.
    await expect(
      review.getByTestId('cost-disclosure').locator('[data-kind="multi-signature"]').textContent(),
    ).resolves.toContain('1 TRX');
    const sign = review.getByRole('button', { name: 'Sign and broadcast' });
    await expect(sign.isDisabled()).resolves.toBe(true);
    // The acknowledgement sits with the warnings it acknowledges, inside main's review.
    const acknowledge = review.getByTestId('acknowledge-warnings');
    await expect(acknowledge.locator('[data-code="LOCKOUT_OWN_KEYS_LEAVE_OWNER"]').textContent()).resolves.toContain(
      `Your key ${treasury.address} leaves the owner permission.`,
    );
    await acknowledge.getByLabel(/I have read the \d warning\(s\) above/).check();
    await expect(sign.isDisabled()).resolves.toBe(false);
    await setup.harness.screenshot('permissions-self-removal');
  });

  it('ran without CSP violations, console errors or page errors', () => {
    expect(setup.harness.pageProblems).toEqual([]);
  });
});
