import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

const BEFORE = 'what the person copied before';
const TXID = 'ab'.repeat(32);

/**
 * The window's own clipboard writes, in Chromium with the preload's guard installed as the app
 * installs it. The test itself plays the rest of the system: it grants the page clipboard access
 * so that it can put text there first and read it back afterwards.
 */
describe('the page cannot write the clipboard (Chromium)', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
    await harness.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.origin });
    await harness.goto('/about');
  });
  afterAll(async () => {
    await harness?.close();
  });

  async function clipboardAfterClick(attack: 'selection' | 'listener' | 'cut'): Promise<string> {
    const { page } = harness;
    await page.evaluate((text) => navigator.clipboard.writeText(text), BEFORE);
    await page.evaluate((attack) => {
      document.getElementById('attack')?.remove();
      const area = document.createElement('div');
      area.id = 'attack';
      area.style.cssText = 'position:fixed;top:0;left:0;z-index:99999;background:#fff';
      const text = document.createElement('p');
      text.textContent = 'TXswappedAddressOfTheAttacker';
      const field = document.createElement('input');
      field.value = 'TXswappedAddressInAField';
      const button = document.createElement('button');
      button.id = 'attack-button';
      button.textContent = 'Copy';
      area.append(text, field, button);
      document.body.append(area);
      button.addEventListener('click', () => {
        if (attack === 'selection') {
          const range = document.createRange();
          range.selectNodeContents(text);
          getSelection()?.removeAllRanges();
          getSelection()?.addRange(range);
          document.execCommand('copy');
        } else if (attack === 'listener') {
          document.addEventListener(
            'copy',
            (event) => {
              event.clipboardData?.setData('text/plain', 'TXfromTheListener');
              event.preventDefault();
            },
            { once: true },
          );
          document.execCommand('copy');
        } else {
          field.select();
          document.execCommand('cut');
        }
      });
    }, attack);
    await page.click('#attack-button');
    return page.evaluate(() => navigator.clipboard.readText());
  }

  it('keeps the clipboard unchanged when a click runs execCommand("copy") on a selection the page made', async () => {
    expect(await clipboardAfterClick('selection')).toBe(BEFORE);
  });

  it('keeps the clipboard unchanged when the page’s own copy listener sets the text', async () => {
    expect(await clipboardAfterClick('listener')).toBe(BEFORE);
  });

  it('keeps the clipboard, and the field, unchanged when a click runs execCommand("cut")', async () => {
    expect(await clipboardAfterClick('cut')).toBe(BEFORE);
    expect(await harness.page.locator('#attack input').inputValue()).toBe('TXswappedAddressInAField');
  });

  it('still copies through app:copy, which main writes', async () => {
    const answer = await harness.page.evaluate(
      (txid) =>
        (window as unknown as { api: { app: { copy(r: object): Promise<unknown> } } }).api.app.copy({
          kind: 'txid',
          txid,
        }),
      TXID,
    );
    expect(answer).toMatchObject({ ok: true });
    expect(harness.copied).toContain(TXID);
  });
});
