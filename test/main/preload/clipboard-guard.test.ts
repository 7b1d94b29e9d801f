import { describe, expect, it } from 'vitest';
import { PAGE_CLIPBOARD_WRITES, refusePageClipboardWrites } from '../../../src-main/preload/clipboard-guard';

describe('the page’s clipboard writes (preload/clipboard-guard.ts)', () => {
  it('cancels copy and cut before any listener the page adds later can run', () => {
    const window = new EventTarget();
    refusePageClipboardWrites(window);
    const pageSaw: string[] = [];
    for (const type of PAGE_CLIPBOARD_WRITES) {
      window.addEventListener(type, () => pageSaw.push(`${type}:capture`), { capture: true });
      window.addEventListener(type, () => pageSaw.push(`${type}:bubble`));
    }
    for (const type of PAGE_CLIPBOARD_WRITES) {
      const event = new Event(type, { cancelable: true, bubbles: true });
      expect(window.dispatchEvent(event)).toBe(false);
      expect(event.defaultPrevented).toBe(true);
    }
    expect(pageSaw).toEqual([]);
  });

  it('leaves paste and other events to the page', () => {
    const window = new EventTarget();
    refusePageClipboardWrites(window);
    for (const type of ['paste', 'click', 'keydown']) {
      const event = new Event(type, { cancelable: true });
      expect(window.dispatchEvent(event)).toBe(true);
    }
  });
});
