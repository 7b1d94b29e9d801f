import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TxRequestSchema } from '../../src-core/ipc/channels/tx';
import { screenRoutes } from './harness/screens';
import { startDevWalletHarness, type DevWalletHarness } from './harness/wallet';

const NARROW = { width: 1024, height: 700 };

/**
 * Every address shown in full on the page that the browser broke across lines: the text of each
 * Base58 address is measured with a Range, and a break shows as boxes on more than one line.
 */
function brokenAddresses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // A full address, or one shortened in the middle ("TNWtou…LDCJE1").
    const pattern = /T[1-9A-HJ-NP-Za-km-z]{33}|T[1-9A-HJ-NP-Za-km-z]{3,7}…[1-9A-HJ-NP-Za-km-z]{4,6}/g;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(pattern)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        const parent = node.parentElement;
        const where = parent ? `${parent.tagName.toLowerCase()}.${[...parent.classList].join('.')}` : '?';
        if (tops.size > 1) broken.push(`${match[0]} in ${where}`);
      }
    }
    return broken;
  });
}

/**
 * Amounts, times and addresses that must read on one line (table cells marked nowrap, the
 * AddressText of every address, the cost lines) but were laid out on more than one.
 */
function wrappedValues(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = '.table__cell--nowrap, [data-testid="address"], .review__amount, [data-testid="countdown"]';
    const wrapped: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      // Only what is laid out for the eye: text kept for screen readers alone sits outside the line.
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.visually-hidden')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0));
      }
      if (rects.length === 0) continue;
      // Boxes of one line differ in top by their font size and border (a name, monospace, a
      // button); a second line starts at least most of a line lower.
      const line = Math.min(...rects.map((r) => r.height));
      const spread = Math.max(...rects.map((r) => r.top)) - Math.min(...rects.map((r) => r.top));
      if (spread > line * 0.75)
        wrapped.push(`"${element.textContent?.trim()}" in ${element.className || element.tagName}`);
    }
    return wrapped;
  });
}

/**
 * Rows the header takes: its items (brand, links, badge, Lock) must share one row, each on a
 * single line of text, and the page must not be wider than the window.
 */
function headerRows(page: Page): Promise<number> {
  return page.evaluate(() => {
    const header = document.querySelector('.layout__header');
    if (!header) return 0;
    const items = [
      ...header.querySelectorAll('.layout__brand, .layout__link, [data-testid="node-status"], button'),
    ] as HTMLElement[];
    const centres = new Set(
      items.map((item) => {
        const r = item.getBoundingClientRect();
        return Math.round((r.top + r.bottom) / 2 / 8);
      }),
    );
    // A link whose text wrapped inside it is as tall as two lines.
    const wrapped = items.filter((item) => {
      const lineHeight = parseFloat(getComputedStyle(item).lineHeight) || 20;
      const padding = parseFloat(getComputedStyle(item).paddingTop) + parseFloat(getComputedStyle(item).paddingBottom);
      return item.getBoundingClientRect().height - padding > lineHeight * 1.5;
    });
    const overflow = document.documentElement.scrollWidth > window.innerWidth + 1 ? 1 : 0;
    return centres.size + wrapped.length + overflow;
  });
}

/**
 * At 1024×700 every page keeps each address on one line and the header on one
 * row, with the real wallet and node behind the window (accounts, a transaction, a block).
 */
describe('every page at 1024×700', () => {
  let setup: DevWalletHarness;
  let owner = '';
  let txid = '';

  beforeAll(async () => {
    setup = await startDevWalletHarness(150, 3);
    const accounts = setup.dev;
    owner = accounts[0]!.address;
    await setup.wallet.node
      .stores()
      .addressBook.save({ name: 'Supplier with a long name', address: accounts[2]!.address });
    const built = await setup.wallet.transactions.build(
      TxRequestSchema.parse({
        kind: 'trx-transfer',
        owner,
        to: accounts[1]!.address,
        amountSun: '1000000',
        // At 150 ms blocks chain time runs 20 times faster than the clock: an hour's window outlasts a busy machine.
        expirationMs: 3_600_000,
      }),
    );
    await setup.wallet.transactions.sign({ txid: built.txid });
    await setup.wallet.transactions.broadcast({ txid: built.txid });
    txid = built.txid;
    await setup.harness.page.setViewportSize(NARROW);
  });
  afterAll(async () => {
    await setup?.close();
  });

  it('breaks no address and keeps the header on one row on any page', async () => {
    const page = setup.harness.page;
    const routes = screenRoutes({ owner, txid });
    const problems: string[] = [];
    for (const route of routes) {
      await setup.harness.goto(route);
      // Let the page read what it shows (accounts, history, blocks) before measuring.
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(500);
      const broken = await brokenAddresses(page);
      if (broken.length) problems.push(`${route}: ${broken.join(', ')} broken across lines`);
      const wrapped = await wrappedValues(page);
      if (wrapped.length) problems.push(`${route}: ${wrapped.join(', ')} wrapped`);
      const rows = await headerRows(page);
      if (rows !== 1) problems.push(`${route}: the header takes ${rows} rows`);
      await setup.harness.screenshot(`layout-1024${route.replace(/[/?=&]+/g, '-').replace(/-$/, '') || '-home'}`);
    }
    expect(problems).toEqual([]);
  });

  it('copies an address through main, in full, from its copy button', async () => {
    const page = setup.harness.page;
    await setup.harness.goto('/');
    const address = page.locator('[data-testid="address"]').first();
    await address.waitFor();
    const full = await address.getAttribute('data-address');
    await address.getByRole('button', { name: `Copy address ${full}` }).click();
    await address
      .getByRole('button', { name: `Copy address ${full}` })
      .getByText('Copied')
      .waitFor();
    expect(setup.harness.copied.at(-1)).toBe(full);
    // Shown shortened in the middle, on one line, in monospace.
    const code = address.locator('code');
    await expect(code.textContent()).resolves.toBe(`${full!.slice(0, 6)}…${full!.slice(-6)}`);
    await expect(code.evaluate((el) => getComputedStyle(el).whiteSpace)).resolves.toBe('nowrap');
    await expect(code.evaluate((el) => getComputedStyle(el).fontFamily)).resolves.toMatch(/mono/i);
  });
});
