import type { Page } from 'playwright-core';

/**
 * The parts an animated QR code shows, read off the page frame after frame until `count` distinct
 * ones were seen: exactly what a camera pointed at that screen would see.
 */
export async function animatedParts(page: Page, count: number): Promise<string[]> {
  const animated = page.getByTestId('qr-animated');
  const parts: string[] = [];
  let lastSeq = '';
  while (parts.length < count) {
    await page.waitForFunction(
      (seen) => document.querySelector('[data-testid="qr-animated"]')?.getAttribute('data-seq') !== seen,
      lastSeq,
    );
    lastSeq = (await animated.getAttribute('data-seq')) ?? '';
    const part = await animated.getAttribute('data-part');
    if (part && !parts.includes(part)) parts.push(part);
  }
  return parts;
}
