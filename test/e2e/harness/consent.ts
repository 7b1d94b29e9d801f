import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { consentPageHtml } from '../../../src-main/app/consent-page';
import { wireConsentForm, type ConsentFormAnswer } from '../../../src-main/preload/consent-form';
import type { ConsentAnswer, ConsentRequest, ConsentSurface } from '../../../src-main/wallet/consent/consent-request';
import { launchChromium, type LaunchedBrowser } from './chromium';
import { ROOT } from './renderer-build';

export interface ConsentDecision {
  readonly approve: boolean;
  readonly password?: string;
  readonly typed?: string;
  /** What to type into the fields of a request's `wordPrompts`, in their order. */
  readonly words?: readonly string[];
  /** Answer as a keyboard user: Tab to each field and type, Tab to the button and press Enter. */
  readonly keyboard?: boolean;
}

export interface ShownConsent {
  readonly request: ConsentRequest;
  readonly retry?: { readonly reason: string };
  /** The page's visible text, as the person would read it. */
  readonly text: string;
}

/**
 * Main's confirmation surface in the end-to-end suite. Electron's window cannot run here, so each
 * request is shown as the very page main composes (consent-page.ts), in a Chromium of its own that
 * shares nothing with the app's page (no bridge, no window.api), wired by the very function the
 * window's preload runs. The test decides the answer (`decide`); the harness types and clicks it
 * into the page, and the answer main gets is what the page's form sent.
 */
export class HarnessConsent implements ConsentSurface {
  readonly shown: ShownConsent[] = [];
  decide: (request: ConsentRequest) => ConsentDecision | Promise<ConsentDecision>;
  /** When set, the next page shown is saved as `test-artifacts/e2e/<name>.png`. */
  screenshotNext: string | null = null;
  private browser: Promise<LaunchedBrowser> | null = null;

  constructor(decide: HarnessConsent['decide']) {
    this.decide = decide;
  }

  async ask(request: ConsentRequest, retry?: { readonly reason: string }): Promise<ConsentAnswer> {
    this.browser ??= launchChromium();
    const page = await (await this.browser).context.newPage();
    try {
      let answered!: (answer: ConsentFormAnswer) => void;
      const answer = new Promise<ConsentFormAnswer>((resolve) => (answered = resolve));
      await page.exposeFunction('__consentAnswer', (a: ConsentFormAnswer) => answered(a));
      await page.setContent(consentPageHtml(request, retry));
      await page.evaluate(`(${wireConsentForm.toString()})(document, (a) => window.__consentAnswer(a))`);
      this.shown.push({ request, ...(retry ? { retry } : {}), text: await page.locator('body').innerText() });
      if (this.screenshotNext) {
        await mkdir(join(ROOT, 'test-artifacts/e2e'), { recursive: true });
        await page.screenshot({ path: join(ROOT, 'test-artifacts/e2e', `${this.screenshotNext}.png`), fullPage: true });
        this.screenshotNext = null;
      }
      const decision = await this.decide(request);
      if (decision.keyboard) {
        await answerByKeyboard(page, request, decision);
        this.keyboardAnswers += 1;
      } else if (decision.approve) {
        // A person types only into the fields the page shows.
        if (decision.typed !== undefined && request.typedConfirmation !== undefined)
          await page.fill('#typed', decision.typed);
        if (decision.password !== undefined && request.password.required)
          await page.fill('#password', decision.password);
        for (const [i, word] of (decision.words ?? []).entries())
          if (i < (request.wordPrompts?.length ?? 0)) await page.fill(`#word-${i + 1}`, word);
        await page.click('#approve');
      } else {
        await page.click('#decline');
      }
      const sent = await answer;
      if (sent.id !== request.id) throw new Error('The consent page answered another request');
      return sent.approved
        ? {
            approved: true,
            ...(sent.password !== undefined ? { password: sent.password } : {}),
            ...(sent.typed !== undefined ? { typed: sent.typed } : {}),
            ...(sent.words !== undefined ? { words: sent.words } : {}),
          }
        : { approved: false };
    } finally {
      await page.close();
    }
  }

  /** How many pages were answered by keyboard alone. */
  keyboardAnswers = 0;

  last(): ShownConsent | undefined {
    return this.shown.at(-1);
  }

  async close(): Promise<void> {
    if (this.browser) await (await this.browser).close();
    this.browser = null;
  }
}

/** Presses Tab until the element with `id` has the focus; the page is short, so a few presses do. */
async function tabToId(page: Page, id: string): Promise<void> {
  for (let presses = 0; presses < 30; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((want) => document.activeElement?.id === want, id)) return;
  }
  throw new Error(`Tab never reached #${id} on the consent page`);
}

/** The consent page answered without a mouse: each field reached by Tab, the button pressed with Enter. */
async function answerByKeyboard(page: Page, request: ConsentRequest, decision: ConsentDecision): Promise<void> {
  if (decision.approve) {
    for (const [i, word] of (decision.words ?? []).entries()) {
      if (i >= (request.wordPrompts?.length ?? 0)) break;
      await tabToId(page, `word-${i + 1}`);
      await page.keyboard.type(word);
    }
    if (decision.typed !== undefined && request.typedConfirmation !== undefined) {
      await tabToId(page, 'typed');
      await page.keyboard.type(decision.typed);
    }
    if (decision.password !== undefined && request.password.required) {
      await tabToId(page, 'password');
      await page.keyboard.type(decision.password);
    }
  }
  await tabToId(page, decision.approve ? 'approve' : 'decline');
  await page.keyboard.press('Enter');
}
