import { freshAddress } from '../fixtures/addresses';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronNodeClient } from '../../src-core/client/client';
import type { FetchLike } from '../../src-core/client/fetch';
import type { TronNode } from '../../src-main/node';
import { attachTo, makeTreasury, treasuryDesks, type Treasury } from '../fixtures/cosign-network';
import { deployToken, tokenBalance } from '../fixtures/treasury-token';
import { advanceChainPast, realNodeFactory } from '../fixtures/real-node';
import { ARTIFACTS } from './harness';
import { savingDialogs, startWalletHarness, type WalletHarness, VAULT_PASSWORD } from './harness/wallet';

const PASSWORD = VAULT_PASSWORD;
const BLOCK_MS = 300;
const FILES = join(ARTIFACTS, 'treasury-token-files');
const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 1024, height: 700 };
const THIRTY_MINUTES = 30 * 60_000;

/** The top of each card, to check which step the page puts first. */
async function top(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.y ?? Number.NaN;
}

/**
 * The treasury flow in Chromium: a 2-of-3 TRC-20 transfer proposed with the default signing
 * window is still signable by the second signer 30 minutes of chain time later, and its amount
 * reads "250 TT" (symbol and decimals from the contract) in the builder, on the envelope for
 * both signers, on the confirmed transaction and in the history. Profile A holds key 1; profile B
 * keys 2 and 3 of the treasury's "payments" permission.
 */
describe('a treasury TRC-20 transfer with the default co-signing window', () => {
  let node: TronNode;
  let a: WalletHarness;
  let b: WalletHarness;
  let treasury: Treasury;
  let client: TronNodeClient;
  let token = '';
  const dave = freshAddress(0xda7e);
  const savedByA: string[] = [];

  beforeAll(async () => {
    const factory = realNodeFactory();
    const settings = { embeddedNode: { port: 0, blockTimeMs: BLOCK_MS } };
    a = await startWalletHarness({ createNode: factory, settings, fileDialogs: savingDialogs(FILES, 'a', savedByA) });
    await a.wallet.ready;
    node = factory.started[0]!;
    b = await startWalletHarness({ createNode: attachTo(node), settings, fileDialogs: savingDialogs(FILES, 'b', []) });
    await b.wallet.ready;
    client = new TronNodeClient({
      fullNodeUrl: node.url,
      fetch: globalThis.fetch.bind(globalThis) as unknown as FetchLike,
    });
    treasury = await makeTreasury(node);
    token = await deployToken(node, client, treasury);

    await treasuryDesks(a.wallet, b.wallet, treasury, PASSWORD);
    await a.wallet.node.stores().addressBook.save({ name: 'Dave (supplier)', address: dave });
    await b.wallet.node.stores().addressBook.save({ name: 'Dave (supplier)', address: dave });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await node?.stop();
  });

  it('is proposed with a 23 h window shown in the main form, signed by B 30 minutes of chain time later, and reads 250 TT everywhere', async () => {
    const pa = a.harness.page;
    const pb = b.harness.page;
    await pa.setViewportSize(WIDE);

    // A holds one of the three keys of the treasury's "payments" group: a co-signer, not watch-only.
    await a.harness.goto('/');
    await pa.getByText('Co-signer (1 of 3 keys)').waitFor();

    // A: the builder shows the long window in the main form, since A's key alone cannot reach 2.
    await a.harness.goto(`/build/trc20-transfer?owner=${treasury.address}`);
    await pa.locator('[data-testid="permission-choice"][data-permission-id="2"]').waitFor();
    const window = pa.getByTestId('cosign-window');
    await window.waitFor();
    await expect(window.getByLabel('Signing window (minutes)').inputValue()).resolves.toBe('1380');
    await expect(window.textContent()).resolves.toContain('(23 h)');
    await pa.getByLabel('Token contract').fill(token);
    await pa.getByLabel('Token contract').blur();
    await pa.getByText('TT: 6 decimals (read from the chain).').waitFor();
    // The recipient is picked by name from the address book.
    await pa.getByLabel('Or choose a name from the address book').selectOption({ label: `Dave (supplier) · ${dave}` });
    await expect(pa.getByLabel('Recipient', { exact: true }).inputValue()).resolves.toBe(dave);
    await pa.getByLabel('Amount').fill('250');
    await a.harness.screenshot('treasury-token-a-form-1280');
    await pa.getByRole('button', { name: 'Review' }).click();
    const review = pa.getByTestId('tx-review');
    await review.waitFor();
    await pa.locator('[data-testid="simulation"][data-success="true"]').waitFor();
    // The page brought the review into view and put the focus on it.
    await expect
      .poll(() => pa.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Review before signing');
    const reviewTop = await review.boundingBox();
    expect(reviewTop!.y).toBeGreaterThanOrEqual(0);
    expect(reviewTop!.y).toBeLessThan(WIDE.height);
    const amount = review.locator('[data-label="Amount"]');
    await expect(amount.textContent()).resolves.toMatch(/^\s*250 TT\s+250,000,000 base units\s*$/);
    await expect(review.locator('[data-label="Expires"]').textContent()).resolves.toMatch(
      /Expires on \w+ \d{1,2} \w+ at \d\d:\d\d \(.+\), 23 h after the head block it was built on/,
    );
    // Names from the vault and the address book in the review and its balance changes.
    await expect(review.locator('[data-label="To"]').textContent()).resolves.toContain('Dave (supplier)');
    const changes = review.getByTestId('simulation').locator('tbody tr');
    await expect(changes.allTextContents()).resolves.toEqual([
      expect.stringMatching(/Treasury.*TRX/s),
      expect.stringMatching(/Treasury.*−250 TT/s),
      expect.stringMatching(/Dave \(supplier\).*\+250 TT/s),
    ]);
    await expect(review.getByTestId('decoded-logs').locator('[data-arg="value"]').textContent()).resolves.toMatch(
      /250 TT\s+250000000/,
    );
    await a.harness.screenshot('treasury-token-a-review-1280');
    await pa.getByRole('button', { name: 'Sign and hand off for co-signing' }).click();
    await pa.getByTestId('needs-cosigning').waitFor();
    await pa.getByTestId('open-envelope').click();

    const envelopeA = pa.getByTestId('envelope-page');
    await envelopeA.and(pa.locator('[data-stage="collecting"]')).waitFor();
    await expect(pa.getByTestId('headline').textContent()).resolves.toContain('Send 250 TT to Dave (supplier)');
    await expect(envelopeA.textContent()).resolves.toContain('signing window 23 h');
    await expect(pa.getByTestId('expires-on').textContent()).resolves.toMatch(
      /Expires on \w+ \d{1,2} \w+ at \d\d:\d\d/,
    );
    const call = pa.getByTestId('call');
    await expect(call.locator('[data-arg="to"]').textContent()).resolves.toContain(dave);
    await expect(call.locator('[data-arg="value"]').textContent()).resolves.toMatch(/250 TT\s+250000000/);
    // The proposer's next step is sending it on: that card comes before signing and simulating.
    expect(await top(pa.getByTestId('envelope-export'))).toBeLessThan(await top(pa.getByTestId('envelope-signing')));
    await pa.getByLabel('Note for the co-signers').fill('Supplier invoice 7');
    await pa.getByRole('button', { name: 'Save note' }).click();
    await pa.getByTestId('note').waitFor();
    await a.harness.screenshot('treasury-token-a-envelope-1280');
    await pa.setViewportSize(NARROW);
    await a.harness.screenshot('treasury-token-a-envelope-1024');
    await pa.getByRole('button', { name: 'Save file…' }).click();
    await expect.poll(() => savedByA.length).toBe(1);

    // Half an hour of chain time passes before B gets to it.
    const proposedAt = node.head().timestamp;
    await advanceChainPast(node, proposedAt + THIRTY_MINUTES);

    await pb.setViewportSize(NARROW);
    await b.harness.goto('/cosign');
    await pb.getByTestId('envelope-file').setInputFiles(savedByA[0]!);
    await pb.getByTestId('envelope-page').waitFor();
    // The navigation counts the envelope that waits for B's keys.
    await expect(pb.getByTestId('cosign-badge').textContent()).resolves.toBe('1');
    await b.harness.goto('/cosign');
    await pb.getByTestId('envelope-file').setInputFiles(savedByA[0]!);
    const envelopeB = pb.getByTestId('envelope-page');
    await envelopeB.and(pb.locator('[data-stage="collecting"]')).waitFor();
    for (const check of ['integrity', 'network', 'tapos', 'permission', 'signatures', 'node-weight', 'expiry']) {
      await expect(
        pb.locator(`[data-testid="verification"] [data-check="${check}"]`).getAttribute('data-outcome'),
      ).resolves.toBe('passed');
    }
    await expect(pb.getByTestId('countdown').getAttribute('data-state')).resolves.toBe('open');
    await expect(pb.getByTestId('countdown').textContent()).resolves.toMatch(/Expires in 22 h (2|3)\d min/);
    await expect(pb.getByTestId('headline').textContent()).resolves.toContain('Send 250 TT to Dave (supplier)');
    await expect(
      pb.getByTestId('envelope-summary').locator('[data-label="Send (TRC20)"]').textContent(),
    ).resolves.toMatch(/250 TT to Dave \(supplier\).*250,000,000 base units/s);
    // A co-signer simulates before signing: Simulate comes first.
    expect(await top(pb.getByTestId('envelope-simulation'))).toBeLessThan(
      await top(pb.getByTestId('envelope-signing')),
    );
    await b.harness.screenshot('treasury-token-b-envelope-1024');
    await pb.getByLabel('Sign with').selectOption({ label: `Bob (${treasury.keys[1]}), weight 1` });
    await pb.getByRole('button', { name: 'Sign', exact: true }).click();
    await envelopeB.and(pb.locator('[data-stage="ready"]')).waitFor();
    // At the threshold Broadcast replaces Sign, and comes before sending it on.
    await expect(pb.getByRole('button', { name: 'Sign', exact: true }).count()).resolves.toBe(0);
    expect(await top(pb.getByTestId('envelope-signing'))).toBeLessThan(await top(pb.getByTestId('envelope-export')));
    await pb.setViewportSize(WIDE);
    await b.harness.screenshot('treasury-token-b-signed-1280');
    await pb.getByRole('button', { name: 'Broadcast' }).click();
    await pb.getByTestId('tx-page').waitFor();
    await pb.locator('[data-testid="tx-steps"][data-state="confirmed"]').waitFor({ timeout: 60_000 });
    await expect(pb.getByTestId('tx-result').textContent()).resolves.toContain('SUCCESS');
    expect(await tokenBalance(client, token, dave)).toBe(250_000_000n);
    await expect(pb.getByTestId('decoded-logs').locator('[data-arg="value"]').textContent()).resolves.toMatch(
      /250 TT\s+250000000/,
    );

    // The confirmed transaction says what was sent, who signed, the note and where it came from.
    const sent = pb.getByTestId('tx-sent');
    await sent.waitFor();
    await expect(sent.getByTestId('tx-headline').textContent()).resolves.toContain('Send 250 TT to Dave (supplier)');
    await expect(sent.getByTestId('tx-signers').textContent()).resolves.toMatch(/Alice.*Bob|Bob.*Alice/s);
    await expect(sent.getByTestId('tx-note').textContent()).resolves.toContain('Supplier invoice 7');
    await sent.getByTestId('tx-envelope-link').waitFor();
    await b.harness.screenshot('treasury-token-b-confirmed-1280');
    await pb.setViewportSize(NARROW);
    await b.harness.screenshot('treasury-token-b-confirmed-1024');

    for (const [profile, page] of [
      [b, pb],
      [a, pa],
    ] as const) {
      await profile.harness.goto('/history');
      const row = page.locator('[data-testid="history-row"]').filter({ hasText: 'Send 250 TT to Dave (supplier)' });
      await row.first().waitFor({ timeout: 90_000 });
    }
    await a.harness.screenshot('treasury-token-a-history-1024');
    await pa.setViewportSize(WIDE);
    await a.harness.screenshot('treasury-token-a-history-1280');
  });

  it('ran without CSP violations, console errors or page errors in either profile', () => {
    expect(a.harness.pageProblems).toEqual([]);
    expect(b.harness.pageProblems).toEqual([]);
  });
});
