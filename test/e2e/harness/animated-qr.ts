import type { Page } from 'playwright-core';
import { QR_FRAME_MS } from '../../../src-renderer/components/cosign/qr';

/**
 * Puts the page's timers on Playwright's clock, time still flowing as usual, so that an animated
 * code it shows from now on can be stepped frame by frame by `animatedParts`. Call it before the
 * page starts the animation: a timer set up earlier keeps the real clock.
 */
export async function steppableClock(page: Page): Promise<void> {
  await page.clock.install();
}

/**
 * Stops the page's clock where it stands, so that its timers fire only as `clock.runFor` moves it.
 * Playwright refuses a pause in the page's past, and the page's time runs on while the request
 * travels, so the pause is set a little ahead and asked for again if it still arrived late.
 */
export async function holdClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 200 * attempt);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

/** Lets the page's clock flow again from the real time, after `holdClock`. */
export async function releaseClock(page: Page): Promise<void> {
  await page.clock.setSystemTime(Date.now());
  await page.clock.resume();
}

/**
 * The parts an animated QR code shows, read off the page frame after frame until `count` distinct
 * ones were seen: exactly what a camera pointed at that screen would see. The page's clock is held
 * and moved one QR_FRAME_MS at a time, so no frame is waited for in real time; afterwards the
 * page's time is the real time again and flows.
 */
export async function animatedParts(page: Page, count: number): Promise<string[]> {
  const animated = page.getByTestId('qr-animated');
  const parts: string[] = [];
  let lastSeq = '';
  await holdClock(page);
  try {
    while (parts.length < count) {
      if (lastSeq !== '') await page.clock.runFor(QR_FRAME_MS);
      await page.locator(`[data-testid="qr-animated"]:not([data-seq="${lastSeq}"])`).waitFor();
      lastSeq = (await animated.getAttribute('data-seq')) ?? '';
      const part = await animated.getAttribute('data-part');
      if (part && !parts.includes(part)) parts.push(part);
    }
  } finally {
    await releaseClock(page);
  }
  return parts;
}
