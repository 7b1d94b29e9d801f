import type { Page } from 'playwright-core';

/** What has the focus, as a test reads it. */
export interface Focused {
  readonly tag: string;
  /** The accessible name as far as a test needs it: the label of a field, else aria-label, else the text. */
  readonly name: string;
  readonly testid: string | null;
  readonly inMain: boolean;
  /** Whether it existed before `markPresent` was last called. */
  readonly wasPresent: boolean;
  readonly box: { readonly top: number; readonly left: number; readonly bottom: number; readonly right: number };
}

/** The element that has the focus now ("body" when nothing in the page has it). */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = (document.activeElement ?? document.body) as HTMLElement;
    const label = (el as HTMLInputElement).labels?.[0]?.textContent?.trim();
    const name = label || el.getAttribute('aria-label') || el.textContent?.trim().replace(/\s+/g, ' ') || '';
    const present = (window as unknown as { __present?: WeakSet<Element> }).__present;
    const r = el.getBoundingClientRect();
    return {
      tag: el === document.body ? 'body' : el.tagName.toLowerCase(),
      name,
      testid: el.getAttribute('data-testid'),
      inMain: Boolean(el.closest('main')),
      wasPresent: present?.has(el) ?? false,
      box: { top: r.top + scrollY, left: r.left + scrollX, bottom: r.bottom + scrollY, right: r.right + scrollX },
    };
  });
}

/** Remembers every element now in the page, so that `focused` can tell a control that replaced one. */
export async function markPresent(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __present: WeakSet<Element> }).__present = new WeakSet(document.querySelectorAll('*'));
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focus is on an element matching `selector` whose name
 * (see `Focused`) is `name` when given; fails after `max` presses. Resolves with how many it took.
 */
export async function tabTo(
  page: Page,
  selector: string,
  options: { name?: string | RegExp; backwards?: boolean; max?: number } = {},
): Promise<number> {
  const max = options.max ?? 80;
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    const hit = await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);
    if (!hit) continue;
    if (options.name === undefined) return presses;
    const { name } = await focused(page);
    if (typeof options.name === 'string' ? name === options.name : options.name.test(name)) return presses;
  }
  const at = await focused(page);
  throw new Error(`Tab did not reach ${selector} "${String(options.name ?? '')}" (ended on ${at.tag} "${at.name}")`);
}
