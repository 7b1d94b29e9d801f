import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TxRequestSchema } from '../../src-core/ipc/channels/tx';
import { axeViolations } from './harness/axe';
import { screenRoutes } from './harness/screens';
import { startDevWalletHarness, type DevWalletHarness } from './harness/wallet';

/** 1280×800 at 200% zoom lays a page out in 640×400 CSS pixels (WCAG 1.4.4 and 1.4.10). */
const ZOOMED = { width: 640, height: 400 };
const WIDE = { width: 1280, height: 800 };

/** The element that has the focus, as "tag#id.class" (or "body"). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}`;
  });
}

/**
 * What axe-core finds on every screen, the pages at 200% zoom, and focus after a route change,
 * with the real wallet and node behind the window.
 */
describe('accessibility of every screen', () => {
  let setup: DevWalletHarness;
  let routes: string[] = [];

  beforeAll(async () => {
    setup = await startDevWalletHarness(150, 3);
    const owner = setup.dev[0]!.address;
    await setup.wallet.node.stores().addressBook.save({ name: 'Supplier', address: setup.dev[2]!.address });
    const built = await setup.wallet.transactions.build(
      TxRequestSchema.parse({
        kind: 'trx-transfer',
        owner,
        to: setup.dev[1]!.address,
        amountSun: '1000000',
        expirationMs: 3_600_000,
      }),
    );
    await setup.wallet.transactions.sign({ txid: built.txid });
    await setup.wallet.transactions.broadcast({ txid: built.txid });
    routes = [...screenRoutes({ owner, txid: built.txid })];
  });
  afterAll(async () => {
    await setup?.close();
  });

  async function open(route: string): Promise<void> {
    await setup.harness.goto(route);
    await setup.harness.page.waitForLoadState('networkidle').catch(() => undefined);
    await setup.harness.page.waitForTimeout(400);
  }

  /**
   * One visit of every screen at 1280×800 serves both wide-screen checks: the same route at the same
   * size is the same page, so it is loaded once and looked at twice (tables first, then axe-core).
   */
  let widePass: Promise<{ axe: string[]; clipped: string[] }> | undefined;
  function visitWide(): Promise<{ axe: string[]; clipped: string[] }> {
    widePass ??= (async () => {
      const page = setup.harness.page;
      await page.setViewportSize(WIDE);
      const axe: string[] = [];
      const clipped: string[] = [];
      for (const route of routes) {
        await open(route);
        const tables = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('main table')]
            .filter((table) => table.parentElement && table.scrollWidth > table.parentElement.clientWidth + 1)
            .map((table) => table.getAttribute('data-testid') ?? table.className),
        );
        clipped.push(...tables.map((name) => `${route}: table ${name} is wider than its card`));
        for (const violation of await axeViolations(page)) axe.push(`${route} ${violation}`);
      }
      return { axe, clipped };
    })();
    return widePass;
  }

  it('has no WCAG 2.1 A or AA violation that axe-core finds, on any screen', async () => {
    const { axe } = await visitWide();
    expect(axe).toEqual([]);
  });

  it('at 1280×800 cuts off no table column inside its card', async () => {
    const { clipped } = await visitWide();
    expect(clipped).toEqual([]);
  });

  it('at 200% zoom, shows every navigation link and scrolls no page sideways', async () => {
    const page = setup.harness.page;
    await page.setViewportSize(ZOOMED);
    const problems: string[] = [];
    try {
      for (const route of routes) {
        await open(route);
        const found = await page.evaluate(() => {
          const out: string[] = [];
          if (document.documentElement.scrollWidth > window.innerWidth + 1)
            out.push(`page is ${document.documentElement.scrollWidth} px wide`);
          for (const link of document.querySelectorAll<HTMLElement>('.layout__nav a')) {
            const r = link.getBoundingClientRect();
            const nav = link.parentElement!.getBoundingClientRect();
            if (r.right > Math.min(window.innerWidth, nav.right) + 1 || r.left < nav.left - 1)
              out.push(`link "${link.textContent?.trim()}" is cut off`);
          }
          return out;
        });
        problems.push(...found.map((f) => `${route}: ${f}`));
        await setup.harness.screenshot(`zoom-200${route.replace(/[/?=&]+/g, '-').replace(/-$/, '') || '-home'}`);
      }
    } finally {
      await page.setViewportSize(WIDE);
    }
    expect(problems).toEqual([]);
  });

  it("moves the focus to the new page's heading when a link changes the route by keyboard", async () => {
    const page = setup.harness.page;
    await open('/');
    await page.locator('.layout__nav a', { hasText: 'History' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('history-page').waitFor();
    await expect.poll(() => focused(page)).toBe('h1');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('History');
  });

  it('keeps the focus in the page when the focused control is replaced', async () => {
    const page = setup.harness.page;
    await open('/address-book');
    await page.getByTestId('contact').getByRole('button', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    const cancel = page.getByRole('button', { name: 'Cancel' }).first();
    await cancel.focus();
    // Cancel leaves the page with the form; without a keeper the focus would fall to <body>.
    await page.keyboard.press('Enter');
    await expect(cancel.count()).resolves.toBe(0);
    await expect.poll(() => focused(page)).not.toBe('body');
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe('Add');
  });

  it('announces the node state, not every block', async () => {
    const page = setup.harness.page;
    await open('/');
    const live = await page.evaluate(() =>
      [...document.querySelectorAll('[role="status"], [aria-live]')].map((el) => el.textContent?.trim() ?? ''),
    );
    expect(live.some((text) => /block \d/.test(text))).toBe(false);
  });
});
