import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronNodeClient } from '../../src-core/client/client';
import type { FetchLike } from '../../src-core/client/fetch';
import { makeTreasury, type Treasury } from '../fixtures/cosign-network';
import { deployToken } from '../fixtures/treasury-token';
import { axeViolations } from './harness/axe';
import { focused, markPresent, tabTo, type Focused } from './harness/keyboard';
import { startEmbeddedWalletHarness, VAULT_PASSWORD, type EmbeddedWalletHarness } from './harness/wallet';

const BLOCK_MS = 150;
/** A Base58 address with its last character changed: the checksum no longer matches. */
const MISTYPED = 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeX';

/**
 * Counts what a screen reader would announce as an alert inside `selector`: an element with
 * role="alert" added, an element given that role, or the text of one changing.
 */
async function countAlerts(page: Page, selector: string): Promise<void> {
  await page.evaluate((sel) => {
    const w = window as unknown as { __alerts: string[] };
    w.__alerts = [];
    const root = document.querySelector(sel)!;
    const alertOf = (n: Node | null) => (n instanceof Element ? n.closest('[role="alert"]') : null);
    const say = (el: Element | null) => el && w.__alerts.push(el.textContent?.trim() ?? '');
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'attributes' && (r.target as Element).getAttribute('role') === 'alert') say(r.target as Element);
        if (r.type === 'characterData') say(alertOf(r.target.parentElement));
        if (r.type === 'childList') {
          for (const n of r.addedNodes) {
            if (n instanceof Element && n.matches('[role="alert"]')) say(n);
            else if (n instanceof Element) n.querySelectorAll('[role="alert"]').forEach(say);
            else say(alertOf(r.target));
          }
        }
      }
    }).observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['role'],
    });
  }, selector);
}
/** What was announced as an alert since `countAlerts`, one text per announcement. */
const alerts = (page: Page) => page.evaluate(() => (window as unknown as { __alerts: string[] }).__alerts);

/** A focus that is neither lost to <body> nor left outside the page's content (a nav link). */
function inPage(at: Focused): boolean {
  return at.tag !== 'body' && at.inMain;
}

/**
 * The app by keyboard alone, with the real wallet and node behind the window: vault creation,
 * the builder from the nav to main's consent window and the broadcast, a co-signed proposal and
 * its envelope, the permission editor, the watchtower and the TRC-20 form. Keys pressed are Tab,
 * Shift+Tab, Enter and arrows; no click on the path. After each control that is replaced and
 * each route change, the focus is on the new control or the page's h1.
 */
describe('the app by keyboard', () => {
  let setup: EmbeddedWalletHarness;
  let treasury: Treasury;
  let token = '';
  let dev: string[] = [];
  const page = () => setup.harness.page;

  beforeAll(async () => {
    setup = await startEmbeddedWalletHarness(BLOCK_MS);
    await setup.wallet.ready;
    const node = setup.nodes[0]!;
    const client = new TronNodeClient({
      fullNodeUrl: node.url,
      fetch: globalThis.fetch.bind(globalThis) as unknown as FetchLike,
    });
    // Payments of the treasury need 2 of keys 1, 2 and 3; this desk will hold key 1 (Dev 2).
    treasury = await makeTreasury(node);
    token = await deployToken(node, client, { address: node.accounts[0]!.address });
    setup.consent.decide = () => ({ approve: true, password: VAULT_PASSWORD, keyboard: true });
  });
  afterAll(async () => {
    await setup?.close();
  });

  it('creates the vault, and the focus goes to what replaces Create vault', async () => {
    await setup.harness.goto('/');
    await page().getByRole('heading', { name: 'Create your vault' }).waitFor();
    await tabTo(page(), 'input', { name: 'Password' });
    await page().keyboard.type(VAULT_PASSWORD);
    await tabTo(page(), 'input', { name: 'Confirm password' });
    await page().keyboard.type(VAULT_PASSWORD);
    await tabTo(page(), 'button', { name: 'Create vault' });
    await markPresent(page());
    await page().keyboard.press('Enter');
    await page().getByText('Your vault is ready').waitFor();
    await expect.poll(async () => inPage(await focused(page()))).toBe(true);
    const at = await focused(page());
    expect(at.tag === 'h1' || !at.wasPresent).toBe(true);

    // The keys come in through main, not along the path under test.
    const imported = await setup.wallet.vault.importDevAccounts(2);
    dev = imported.map((a) => a.address);
    await setup.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
    await setup.wallet.tokens.watch({ address: token });
  });

  it('builds, signs in main’s consent window and broadcasts a payment, the focus following each step', async () => {
    await setup.harness.goto('/');
    await tabTo(page(), 'a', { name: 'Build' });
    await page().keyboard.press('Enter');
    await page().getByTestId('tx-form').waitFor();
    await expect.poll(async () => (await focused(page())).tag).toBe('h1');
    await expect(focused(page())).resolves.toMatchObject({ name: 'Build a transaction', inMain: true });
    await page().locator('[data-testid="permission-choice"]').waitFor();

    // Typing a wrong address raises no alert per keystroke; leaving the field raises one.
    await countAlerts(page(), '[data-testid="tx-form"]');
    await tabTo(page(), 'input', { name: 'Recipient' });
    await page().keyboard.type(MISTYPED, { delay: 10 });
    await page()
      .getByText(/checksum does not match|not valid hex or Base58Check/)
      .waitFor();
    await expect(alerts(page())).resolves.toEqual([]);
    await page().keyboard.press('Tab');
    await expect.poll(async () => (await alerts(page())).length).toBeGreaterThan(0);

    // Review with the recipient still wrong: the focus goes back to it.
    await tabTo(page(), 'input', { name: 'Amount (TRX)' });
    await page().keyboard.type('1.5');
    await page().keyboard.press('Enter');
    await expect.poll(async () => (await focused(page())).name).toBe('Recipient');
    await expect(page().evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).resolves.toBe('true');

    await page().keyboard.press('Control+A');
    await page().keyboard.type(dev[1]!);
    // A ten-hour window: a busy machine may spend the default minute between review and consent.
    await tabTo(page(), 'summary', { name: /^Signing window/ });
    await page().keyboard.press('Enter');
    await tabTo(page(), 'input', { name: 'Signing window (minutes)' });
    await page().keyboard.press('Control+A');
    await page().keyboard.type('600');
    await page().keyboard.press('Enter');
    await page().locator('[data-testid="simulation"][data-success="true"]').waitFor({ timeout: 90_000 });
    await expect(focused(page())).resolves.toMatchObject({ tag: 'h2', name: 'Review before signing' });

    await tabTo(page(), 'button', { name: 'Sign' });
    const answered = setup.consent.keyboardAnswers;
    await page().keyboard.press('Enter');
    await page().locator('[data-testid="tx-review"][data-state="signed"]').waitFor({ timeout: 90_000 });
    expect(setup.consent.keyboardAnswers).toBe(answered + 1);
    expect(setup.consent.last()?.request.kind).toBe('transaction');
    await expect.poll(async () => (await focused(page())).name).toBe('Broadcast');
    await expect(focused(page())).resolves.toMatchObject({ tag: 'button', inMain: true });

    await page().keyboard.press('Enter');
    await page().waitForURL(/#\/tx\//);
    await expect.poll(async () => (await focused(page())).tag).toBe('h1');
    await expect(focused(page())).resolves.toMatchObject({ inMain: true });
  });

  it('proposes a co-signed payment, opens its envelope, and Tab on the envelope goes in the order shown', async () => {
    await setup.harness.goto(`/build/trx-transfer?owner=${treasury.address}`);
    await page().locator('[data-testid="permission-choice"][data-permission-id="2"]').waitFor();
    await tabTo(page(), 'input', { name: 'Recipient' });
    await page().keyboard.type(dev[0]!);
    await tabTo(page(), 'input', { name: 'Amount (TRX)' });
    await page().keyboard.type('2');
    await page().keyboard.press('Enter');
    await page().locator('[data-testid="simulation"]').waitFor({ timeout: 90_000 });
    await tabTo(page(), 'button', { name: 'Sign and hand off for co-signing' });
    await page().keyboard.press('Enter');
    await page().locator('[data-testid="tx-review"][data-state="cosigning"]').waitFor({ timeout: 90_000 });
    await expect.poll(async () => (await focused(page())).testid).toBe('open-envelope');

    await page().keyboard.press('Enter');
    await page().getByTestId('envelope-page').waitFor();
    await page().getByTestId('headline').waitFor();
    await expect.poll(async () => (await focused(page())).tag).toBe('h1');
    await expect(focused(page())).resolves.toMatchObject({ testid: 'headline', inMain: true });

    // Every control of the page in Tab order, as laid out: each one below the last, or beside it.
    const trail: Focused[] = [];
    for (let presses = 0; presses < 80; presses++) {
      await page().keyboard.press('Tab');
      const at = await focused(page());
      if (!at.inMain) break;
      if (at.box.bottom > at.box.top) trail.push(at);
    }
    expect(trail.length).toBeGreaterThan(5);
    const backwards = trail.slice(1).flatMap((b, i) => {
      const a = trail[i]!;
      const below = b.box.top >= a.box.bottom - 2;
      const beside = b.box.top < a.box.bottom && b.box.bottom > a.box.top && b.box.left >= a.box.right - 2;
      return below || beside ? [] : [`"${a.name}" then "${b.name}"`];
    });
    expect(backwards).toEqual([]);
    // The proposer has nothing left to sign here: sending it on is the first step card.
    const names = trail.map((t) => t.name);
    expect(names.indexOf('Copy')).toBeGreaterThan(-1);
    expect(names.indexOf('Copy')).toBeLessThan(names.indexOf('Simulate'));
    await expect(axeViolations(page())).resolves.toEqual([]);
    await setup.harness.screenshot('keyboard-envelope');
  });

  it('opens the editor with Edit, puts a refused review on the field to fix, and closes it with Discard', async () => {
    await setup.harness.goto(`/permissions/${dev[0]}`);
    await page().getByTestId('edit-permissions').waitFor();
    await tabTo(page(), 'button', { name: 'Edit permissions' });
    await markPresent(page());
    await page().keyboard.press('Enter');
    await page().getByTestId('structure-fold').waitFor();
    await expect.poll(async () => inPage(await focused(page()))).toBe(true);
    const first = await focused(page());
    expect(first.wasPresent).toBe(false);
    expect(['input', 'select', 'textarea', 'button']).toContain(first.tag);

    // A mistyped key address raises no alert while it is typed, and one when the field is left.
    await countAlerts(page(), '[data-testid="structure-fold"]');
    await tabTo(page(), 'input', { name: 'Owner key 1 address' });
    await page().keyboard.press('Control+A');
    await page().keyboard.type(MISTYPED, { delay: 10 });
    await expect(page().evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).resolves.toBe('true');
    await expect(alerts(page())).resolves.toEqual([]);
    await page().keyboard.press('Tab');
    await expect.poll(async () => (await alerts(page())).length).toBeGreaterThan(0);

    // Review with the owner's threshold emptied: the focus goes to that field.
    await tabTo(page(), 'input', { name: 'Owner threshold' });
    await page().keyboard.press('Control+A');
    await page().keyboard.press('Backspace');
    await tabTo(page(), 'button', { name: 'Review change', max: 300 });
    await page().keyboard.press('Enter');
    await page().getByTestId('validation-summary').waitFor();
    await expect.poll(async () => (await focused(page())).name).toBe('Owner threshold');
    await expect(page().evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).resolves.toBe('true');

    await tabTo(page(), 'button', { name: 'Discard changes', max: 300 });
    await page().keyboard.press('Enter');
    await page().getByTestId('structure-fold').waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page())).testid).toBe('edit-permissions');
  });

  it('puts the focus on the address main refused when a contact is saved', async () => {
    await setup.harness.goto('/address-book');
    await tabTo(page(), 'input', { name: 'Name' });
    await page().keyboard.type('Supplier');
    await tabTo(page(), 'input', { name: 'Address' });
    await page().keyboard.type(MISTYPED);
    await tabTo(page(), 'input', { name: 'Note (optional)' });
    await page().keyboard.press('Enter');
    await expect.poll(async () => (await focused(page())).name).toBe('Address');
    await expect(page().evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).resolves.toBe('true');
  });

  it('opens a watch alert with Enter', async () => {
    await setup.harness.goto('/watch');
    const row = page().locator('[data-testid="watch-alert"][data-rule="outgoing-value"]').first();
    await row.waitFor({ timeout: 90_000 });
    await tabTo(page(), '[data-testid="watch-alert-open"]');
    await expect(page().evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).resolves.toBe('false');
    await page().keyboard.press('Enter');
    await page().getByTestId('watch-alert-details').waitFor();
    await expect(page().evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).resolves.toBe('true');
    await expect(axeViolations(page())).resolves.toEqual([]);
    await setup.harness.screenshot('keyboard-watch-alert-open');
    await page().keyboard.press('Enter');
    await page().getByTestId('watch-alert-details').waitFor({ state: 'detached' });
  });

  it('offers the token watched on Home in the TRC-20 form, chosen with the arrow keys', async () => {
    await setup.harness.goto(`/build/trc20-transfer?owner=${dev[0]}`);
    await page().getByTestId('token-pick').waitFor();
    await tabTo(page(), 'select', { name: 'Or choose a token watched on Home' });
    await page().keyboard.press('ArrowDown');
    const contract = page().locator('[data-field="token"] input');
    await expect.poll(() => contract.inputValue()).toBe(token);
    await page()
      .getByText(/TT: 6 decimals \(read from the chain\)\./)
      .waitFor();
    // The field stays free for a contract that is not watched.
    await expect(contract.isEditable()).resolves.toBe(true);
    await expect(axeViolations(page())).resolves.toEqual([]);
    await setup.harness.screenshot('keyboard-token-picker');
  });

  it('ran every scenario without CSP violations, console errors or page errors', () => {
    expect(setup.harness.pageProblems).toEqual([]);
  });
});
