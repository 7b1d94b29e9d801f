import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronNodeClient } from '../../src-core/client/client';
import type { FetchLike } from '../../src-core/client/fetch';
import type { TronNode } from '../../src-main/node';
import type { LedgerTransports } from '../../src-main/wallet';
import { freshAddress } from '../fixtures/addresses';
import { makeTreasury, type Treasury } from '../fixtures/cosign-network';
import { SoftwareLedger } from '../fixtures/ledger/software-device';
import { realNodeFactory } from '../fixtures/real-node';
import { startWalletHarness, type WalletHarness, VAULT_PASSWORD } from './harness/wallet';

/** 10× chain speed: confirmation within seconds. */
const BLOCK_MS = 300;
/**
 * The embedded node's public test mnemonic: its funded accounts sit at the legacy path
 * m/44'/195'/0'/0/i, so the software Ledger holding it has treasury key 2 at legacy index 2.
 */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/**
 * One desk co-signs the treasury's 2-of-3 "payments" permission with two kinds of key: key 1 in
 * the vault and key 2 on a Ledger (the software device behind main's transport seam); key 3 is an
 * offline signer's. The Ledger account is added through the page, the transfer is built, signed
 * by the vault, then by the Ledger after main's confirmation, broadcast and confirmed.
 */
describe('co-signing with the vault and a Ledger in Chromium', () => {
  let node: TronNode;
  let desk: WalletHarness;
  let treasury: Treasury;
  let client: TronNodeClient;
  const ledger = new SoftwareLedger({ mnemonic: DEV_MNEMONIC });
  const transports: LedgerTransports = {
    open: async () => ledger,
    support: async () => ({ available: true }),
  };

  beforeAll(async () => {
    const factory = realNodeFactory();
    desk = await startWalletHarness({
      createNode: factory,
      settings: { embeddedNode: { port: 0, blockTimeMs: BLOCK_MS } },
      ledgerTransports: transports,
    });
    await desk.wallet.ready;
    node = factory.started[0]!;
    client = new TronNodeClient({
      fullNodeUrl: node.url,
      fetch: globalThis.fetch.bind(globalThis) as unknown as FetchLike,
    });
    treasury = await makeTreasury(node);
    await desk.wallet.vault.initialize(VAULT_PASSWORD);
    await desk.wallet.vault.importPrivateKey(treasury.privateKeys[0], { label: 'Alice' });
    await desk.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
  });
  afterAll(async () => {
    await desk?.close();
    await node?.stop();
  });

  it('adds key 2 from the Ledger (legacy path, balances, shown on the device) and key 3 as an offline signer', async () => {
    const page = desk.harness.page;
    await desk.harness.goto('/');
    await page.getByLabel('How').selectOption({ label: 'Add accounts from a Ledger' });
    await page.getByLabel('Path scheme').selectOption('legacy');
    await page.getByRole('button', { name: 'Read addresses from the Ledger' }).click();
    const rows = page.getByTestId('ledger-address');
    await expect.poll(() => rows.count()).toBe(5);
    const row = rows.nth(2);
    await expect(row.textContent()).resolves.toContain(treasury.keys[1]);
    await expect(row.textContent()).resolves.toContain("m/44'/195'/0'/0/2");
    await expect(row.textContent()).resolves.toMatch(/1,000,000|999,9\d\d/);
    await row.getByRole('button', { name: 'Show on device' }).click();
    await row.getByTestId('ledger-verified').waitFor();
    expect(ledger.screens.at(-1)).toMatchObject({ kind: 'address', address: treasury.keys[1], answer: 'approve' });
    await row.getByRole('checkbox').check();
    await page.getByLabel('Label (optional)').fill('Desk Ledger');
    await desk.harness.screenshot('ledger-addresses');
    await page.getByRole('button', { name: 'Add 1 Ledger account(s)' }).click();
    await row.getByText('already in the vault').waitFor();

    await page
      .getByLabel('How')
      .selectOption({ label: "An offline signer's address (its key stays on the offline machine)" });
    await page.getByLabel('Address', { exact: true }).fill(treasury.keys[2]);
    await page.getByLabel('Label (optional)').fill('Cold room');
    await page.getByRole('button', { name: 'Add offline signer' }).click();
    await expect
      .poll(() => desk.wallet.vault.listAccounts().map((a) => [a.label, a.custody]))
      .toEqual([
        ['Alice', 'vault'],
        ['Treasury', 'watch'],
        ['Desk Ledger 3', 'ledger'],
        ['Cold room', 'offline'],
      ]);
    await desk.harness.screenshot('ledger-accounts-added');
  });

  it('signs a transfer with the vault key, then on the Ledger after main’s confirmation, and broadcasts it to confirmed', async () => {
    const page = desk.harness.page;
    const to = freshAddress(0x1ed9e5);
    await desk.harness.goto(`/build/trx-transfer?owner=${treasury.address}`);
    await page.locator('[data-testid="permission-choice"][data-permission-id="2"]').waitFor();
    await page.getByLabel('Recipient').fill(to);
    await page.getByLabel('Amount (TRX)').fill('12.5');
    // Vault key and Ledger together reach the threshold, so the builder offers the short window;
    // at 10× chain speed it would close within seconds of wall time.
    await page.getByText('Signing window and permission').click();
    await page.getByLabel('Signing window (minutes)').fill('60');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.locator('[data-testid="simulation"][data-success="true"]').waitFor();
    await page.getByRole('button', { name: 'Sign and hand off for co-signing' }).click();
    await page.getByTestId('needs-cosigning').waitFor();
    // The vault key signed first: the Ledger is asked only when the person chooses it.
    expect(ledger.screens.filter((s) => s.kind === 'transaction')).toHaveLength(0);
    await page.getByTestId('open-envelope').click();

    const envelope = page.getByTestId('envelope-page');
    await envelope.and(page.locator('[data-stage="collecting"]')).waitFor();
    const keys = page.getByTestId('signer-key');
    await expect(keys.nth(0).textContent()).resolves.toBe('key 1 — vault key, signed');
    await expect(keys.nth(1).textContent()).resolves.toBe("key 2 — Ledger (m/44'/195'/0'/0/2)");
    await expect(keys.nth(2).textContent()).resolves.toBe('key 3 — offline signer, waiting for its envelope');
    await desk.harness.screenshot('ledger-cosign-progress');
    const fingerprint = await page.getByTestId('fingerprint').getAttribute('data-fingerprint');

    // Declined on the device: a sentence and a code, and the envelope keeps weight 1.
    ledger.setBehaviour({ answer: 'decline' });
    await page
      .getByLabel('Sign with')
      .selectOption({ label: `Desk Ledger 3 (${treasury.keys[1]}), weight 1 — signs on your Ledger` });
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    const refused = page.locator('[data-error-code="LEDGER_DECLINED"]');
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toContain(
      'The transaction was declined on the Ledger. Nothing was signed.',
    );
    await expect(page.getByTestId('signing-progress').getAttribute('data-weight')).resolves.toBe('1');
    await desk.harness.screenshot('ledger-cosign-declined');

    // Approved: main's confirmation first, with what the device should show, then the device.
    ledger.setBehaviour({ answer: 'approve' });
    desk.consent.screenshotNext = 'consent-ledger';
    await page.getByRole('button', { name: 'Sign', exact: true }).click();
    await envelope.and(page.locator('[data-stage="ready"]')).waitFor();
    const shown = desk.consent.last()!;
    expect(shown.request.fingerprint).toBe(fingerprint);
    expect(shown.text).toContain(`Confirm on your Ledger; it should show TransferContract, 12.5 TRX, to ${to}`);
    expect(shown.text).toContain('signed under permission 2');
    expect(shown.text).toContain(`${treasury.keys[1]}`);
    expect(ledger.screens.filter((s) => s.kind === 'transaction')).toEqual([
      expect.objectContaining({ contractType: 'TransferContract', permissionId: 2, answer: 'decline' }),
      expect.objectContaining({ contractType: 'TransferContract', permissionId: 2, answer: 'approve' }),
    ]);
    await expect(page.getByTestId('signing-progress').getAttribute('data-met')).resolves.toBe('true');
    await expect(keys.nth(1).textContent()).resolves.toBe("key 2 — Ledger (m/44'/195'/0'/0/2), signed");
    await desk.harness.screenshot('ledger-cosign-threshold-met');

    await page.getByRole('button', { name: 'Broadcast' }).click();
    await page.getByTestId('tx-page').waitFor();
    await page.locator('[data-testid="tx-steps"][data-state="confirmed"]').waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('tx-result').textContent()).resolves.toContain('SUCCESS');
    await desk.harness.screenshot('ledger-cosign-confirmed');
    expect((await client.getAccount(to))?.balance).toBe(12_500_000n);
  });
});
