import { copyFile, mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBytes } from '../../src-core/bytes/hex';
import { TronNodeClient } from '../../src-core/client/client';
import type { FetchLike } from '../../src-core/client/fetch';
import { parseCsv } from '../../src-core/csv/csv';
import { parseEnvelope } from '../../src-core/envelope';
import { HISTORY_CSV_COLUMNS } from '../../src-core/ipc/channels/history';
import { TxRequestSchema } from '../../src-core/ipc/channels/tx';
import { encodeOperations } from '../../src-core/permission/operations';
import { accountPermissionUpdateContract, buildTransaction, transferContract } from '../../src-core/tx/builders';
import { transactionHeader } from '../../src-core/tx/header';
import { signTransaction } from '../../src-core/tx/sign';
import type { TronNode } from '../../src-main/node';
import { freshAddress } from '../fixtures/addresses';
import { attachTo, makeTreasury, type Treasury } from '../fixtures/cosign-network';
import { realNodeFactory } from '../fixtures/real-node';
import { deployToken, tokenBalance } from '../fixtures/treasury-token';
import { ARTIFACTS } from './harness';
import { type OfflineProfile, startOfflineProfile } from './harness/offline-profile';
import { savingDialogs, startWalletHarness, VAULT_PASSWORD, type WalletHarness } from './harness/wallet';
import { writeQrVideo } from './harness/y4m';

/** 10× chain speed: a signing window of hours lasts minutes of wall time, confirmation a few seconds. */
const BLOCK_MS = 300;
const WIDE = { width: 1280, height: 800 };
const TRX = 1_000_000n;

/**
 * The treasury story of the acceptance, on one embedded chain: desk A proposes (it holds the
 * treasury's owner key and Alice's, one of the three keys of its 2-of-3 "payments" group), desk B
 * holds Bob's and Carol's keys and broadcasts, and a third profile is an offline signer holding
 * Carol's key too. They pay 12,500 TRX (A proposes, B co-signs and broadcasts by file) and
 * 250,000 TT (A proposes, the offline desk co-signs by file, A broadcasts). Along the way each
 * point a treasury acts on is checked where a person reads it: who signs, the balance at the
 * field, what the proposer's desk learns, what the offline desk can read, a fork that fails, the
 * permission dry run and the watchtower's alarms.
 */
describe('every desk tells the truth: two desks and an offline signer pay from a 2-of-3 treasury', () => {
  let node: TronNode;
  let a: WalletHarness;
  let b: WalletHarness;
  let offline: WalletHarness;
  let offlineProfile: OfflineProfile;
  let treasury: Treasury;
  let client: TronNodeClient;
  let token = '';
  let shots = '';
  let files = '';
  const screens: string[] = [];
  const savedByA: string[] = [];
  const savedByB: string[] = [];
  const savedOffline: string[] = [];
  const dave = freshAddress(0x7e57da);
  /** The txids of the day's legitimate co-signed payments. */
  const legitimate: string[] = [];

  /** A screenshot of what `page` shows, kept outside the repository for the closing note. */
  async function shot(page: Page, name: string): Promise<void> {
    const path = join(shots, `${String(screens.length + 1).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path, fullPage: true });
    screens.push(path);
  }

  /** Main's confirmation pages are saved by the consent harness under ARTIFACTS; copied beside the rest at the end. */
  const consentShots: string[] = [];
  function consentShot(name: string): string {
    consentShots.push(`treasury-truth-${name}`);
    return `treasury-truth-${name}`;
  }

  beforeAll(async () => {
    shots = await mkdtemp(join(tmpdir(), 'treasury-truth-'));
    files = join(shots, 'files');
    await mkdir(files, { recursive: true });
    const camera = join(files, 'offline-camera.y4m');
    await writeQrVideo(camera, ['EMPTY'], { holdFrames: 1 });
    const factory = realNodeFactory();
    const settings = { embeddedNode: { port: 0, blockTimeMs: BLOCK_MS } };
    a = await startWalletHarness({ createNode: factory, settings, fileDialogs: savingDialogs(files, 'a', savedByA) });
    await a.wallet.ready;
    node = factory.started[0]!;
    b = await startWalletHarness({
      createNode: attachTo(node),
      settings,
      fileDialogs: savingDialogs(files, 'b', savedByB),
    });
    await b.wallet.ready;
    client = new TronNodeClient({
      fullNodeUrl: node.url,
      fetch: globalThis.fetch.bind(globalThis) as unknown as FetchLike,
    });
    treasury = await makeTreasury(node);
    token = await deployToken(node, client, treasury);
    // A is the treasury lead's desk: Alice's key and the treasury's own (owner) key.
    const owner = node.accounts.find((account) => account.address === treasury.address)!;
    await a.wallet.vault.initialize(VAULT_PASSWORD);
    await a.wallet.vault.importPrivateKey(treasury.privateKeys[0], { label: 'Alice' });
    await a.wallet.vault.importPrivateKey(owner.privateKey, { label: 'Treasury' });
    await a.wallet.node.stores().addressBook.save({ name: 'Bob', address: treasury.keys[1] });
    await a.wallet.node.stores().addressBook.save({ name: 'Carol', address: treasury.keys[2] });
    // B holds Bob's and Carol's keys and watches the treasury.
    await b.wallet.vault.initialize(VAULT_PASSWORD);
    await b.wallet.vault.importPrivateKey(treasury.privateKeys[1], { label: 'Bob' });
    await b.wallet.vault.importPrivateKey(treasury.privateKeys[2], { label: 'Carol' });
    await b.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
    await b.wallet.node.stores().addressBook.save({ name: 'Alice', address: treasury.keys[0] });
    for (const desk of [a, b])
      await desk.wallet.node.stores().addressBook.save({ name: 'Dave (supplier)', address: dave });

    offlineProfile = await startOfflineProfile({ camera, fileDialogs: savingDialogs(files, 'offline', savedOffline) });
    offline = offlineProfile.desk;
    await offline.wallet.node.enterOffline();
    await offline.wallet.vault.initialize(VAULT_PASSWORD);
    await offline.wallet.vault.importPrivateKey(treasury.privateKeys[2], { label: 'Carol' });
    for (const desk of [a, b, offline]) await desk.harness.page.setViewportSize(WIDE);
  });
  afterAll(async () => {
    await offline?.close();
    await b?.close();
    await a?.close();
    await node?.stop();
    for (const name of consentShots) {
      const copy = join(shots, `consent-${name}.png`);
      await copyFile(join(ARTIFACTS, `${name}.png`), copy).then(
        () => screens.push(copy),
        () => undefined,
      );
    }
    process.stdout.write(`treasury-truth screenshots:\n${screens.map((s) => `  ${s}`).join('\n')}\n`);
  });

  it('the lead watches the token on Home and sets the treasury to report payments above 100,000 TRX and 500,000 TT', async () => {
    const pa = a.harness.page;
    await a.harness.goto('/');
    const watchToken = pa.getByTestId('watch-token');
    await watchToken.getByLabel('Token contract address').fill(token);
    await watchToken.getByRole('button', { name: 'Watch' }).click();
    await watchToken.getByText(/^TT \(.*, 6 decimals\)/).waitFor();
    await shot(pa, 'a-home-token-watched');

    await a.harness.goto('/watch');
    await pa.locator('[data-testid="watch-status"][data-state="watching"]').waitFor({ timeout: 90_000 });
    const watched = pa.locator(`[data-testid="watched-account"][data-address="${treasury.address}"]`);
    await watched.getByRole('button', { name: 'Rules' }).click();
    const rules = pa.getByTestId('watch-rules-form');
    await rules.getByLabel('Report TRX sent above (TRX)').fill('100000');
    await rules.getByLabel('Report TT sent above (TT)').fill('500000');
    a.consent.screenshotNext = consentShot('a-consent-weaker-rules');
    await shot(pa, 'a-watch-rules');
    await rules.getByRole('button', { name: 'Save rules' }).click();
    await rules.waitFor({ state: 'detached' });
    // Raising a threshold weakens the rules: main's own window asked first, naming both.
    expect(a.consent.last()!.text).toMatch(/Outgoing value above\s*0 TRX → 100,000 TRX/);
    expect(a.consent.last()!.text).toMatch(/Outgoing TT above\s*0 TT → 500,000 TT/);
    await expect(pa.getByTestId('watch-alert').count()).resolves.toBe(0);
  });

  it('the builder refuses more than the balance at the field, and its panel, selector, review and consent name the same permission', async () => {
    const pa = a.harness.page;
    await a.harness.goto(`/build/trx-transfer?owner=${treasury.address}`);
    const panel = pa.getByTestId('permission-choice');
    // Automatic: the 2-of-3 group that may pay comes before the owner key A also holds.
    await pa.locator('[data-testid="permission-choice"][data-permission-id="2"]').waitFor();
    const selector = pa.getByTestId('signer-choice').getByLabel('Sign with');
    await expect(selector.isVisible()).resolves.toBe(true);

    // The owner key alone is an explicit choice, with what it bypasses said beside it.
    await selector.selectOption({ label: 'Owner 0 “owner” (threshold 1) · one key alone' });
    await pa.locator('[data-testid="permission-choice"][data-permission-id="0"][data-picked="true"]').waitFor();
    await expect(pa.getByTestId('signer-bypass').textContent()).resolves.toContain('payments');
    await shot(pa, 'a-build-owner-bypass');

    await selector.selectOption({ label: 'Active 2 “payments” (threshold 2)' });
    await pa.locator('[data-testid="permission-choice"][data-permission-id="2"][data-picked="true"]').waitFor();
    await expect(panel.locator('.perm__item--chosen').textContent()).resolves.toContain('Active 2 “payments”');
    await expect(panel.textContent()).resolves.toContain(
      'Signs with active permission "payments" (id 2) (your choice)',
    );
    await expect(pa.getByTestId('signer-bypass').count()).resolves.toBe(0);

    // The balance under the field; more than it is refused as the person types, before any Review.
    await pa.getByLabel('Recipient', { exact: true }).fill(dave);
    const amount = pa.getByLabel('Amount (TRX)');
    await pa.getByTestId('holding-balance').waitFor();
    await pa.getByTestId('amount-max').waitFor();
    await amount.pressSequentially('2000000');
    await pa.getByText(/^The account holds [\d,.]+ TRX; this is [\d,.]+ TRX more than it has\.$/).waitFor();
    await expect(amount.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await expect(pa.getByTestId('tx-review').count()).resolves.toBe(0);
    await shot(pa, 'a-build-balance-refused');
    await amount.fill('12500');

    await pa.getByRole('button', { name: 'Review' }).click();
    const review = pa.getByTestId('tx-review');
    await pa.locator('[data-testid="simulation"][data-success="true"]').waitFor();
    await expect(review.locator('[data-label="Who signs"]').textContent()).resolves.toMatch(
      /active permission "payments" \(id 2\)/i,
    );
    await expect(review.getByTestId('technical-permission').textContent()).resolves.toContain('Permission_id 2');
    await shot(pa, 'a-build-review');
    a.consent.screenshotNext = consentShot('a-consent-payment');
    await pa.getByRole('button', { name: 'Sign and hand off for co-signing' }).click();
    await pa.getByTestId('needs-cosigning').waitFor();
    const consent = a.consent.last()!;
    expect(consent.text).toMatch(/Signed under\s*Active permission "payments" \(id 2\), threshold 2/);
    await pa.getByTestId('open-envelope').click();
    await pa.locator('[data-testid="envelope-page"][data-stage="collecting"]').waitFor();
    await pa.getByRole('button', { name: 'Save file…' }).click();
    await expect.poll(() => savedByA.length).toBe(1);
    legitimate.push(parseEnvelope(await readFile(savedByA[0]!, 'utf8')).transaction.txID);
  });

  it("A's inbox, history and CSV read confirmed once B broadcast, without A opening the envelope", async () => {
    const pa = a.harness.page;
    const pb = b.harness.page;
    const txid = legitimate[0]!;
    // A waits on its inbox: the envelope is still collecting there.
    await a.harness.goto('/cosign');
    const rowA = pa.locator(`[data-testid="inbox-row"][data-txid="${txid}"]`);
    await rowA.waitFor();
    await expect(rowA.textContent()).resolves.toContain('1 / 2');
    await shot(pa, 'a-inbox-collecting');

    // B: opens the file, signs with Bob and broadcasts.
    await b.harness.goto('/cosign');
    await pb.getByTestId('envelope-file').setInputFiles(savedByA[0]!);
    const envelopeB = pb.getByTestId('envelope-page');
    await envelopeB.and(pb.locator('[data-stage="collecting"]')).waitFor();
    await expect(pb.getByTestId('headline').textContent()).resolves.toContain('12,500 TRX');
    await pb.getByLabel('Sign with').selectOption({ label: `Bob (${treasury.keys[1]}), weight 1` });
    await pb.getByRole('button', { name: 'Sign', exact: true }).click();
    await envelopeB.and(pb.locator('[data-stage="ready"]')).waitFor();
    await shot(pb, 'b-envelope-ready');
    await pb.getByRole('button', { name: 'Broadcast' }).click();
    await pb.locator('[data-testid="tx-steps"][data-state="confirmed"]').waitFor({ timeout: 60_000 });
    await shot(pb, 'b-tx-confirmed');

    // A, still on its inbox: the row moves to confirmed on its own, with the on-chain weight.
    const confirmedA = pa.locator(`[data-testid="inbox-row"][data-txid="${txid}"]`).filter({ hasText: 'Confirmed' });
    await confirmedA.waitFor({ timeout: 60_000 });
    await expect(confirmedA.textContent()).resolves.toContain('2 / 2');
    await expect(confirmedA.textContent()).resolves.toContain('broadcast elsewhere');
    await shot(pa, 'a-inbox-confirmed');

    await a.harness.goto('/history');
    const row = pa.locator(`[data-testid="history-row"][data-txid="${txid}"]`);
    await row.and(pa.locator('[data-stage="confirmed"]')).waitFor();
    await expect(row.textContent()).resolves.toMatch(/Alice.*Bob|Bob.*Alice/);
    await pa.getByRole('button', { name: 'Export CSV' }).click();
    await expect.poll(() => savedByA.some((p) => p.endsWith('.csv'))).toBe(true);
    const [header, ...records] = parseCsv(
      await readFile(
        savedByA.find((p) => p.endsWith('.csv'))!,
        'utf8',
      ),
    );
    expect(header!.fields).toEqual([...HISTORY_CSV_COLUMNS]);
    const booked = records
      .map((r) => Object.fromEntries(header!.fields.map((name, i) => [name, r.fields[i]])))
      .find((r) => r.txid === txid);
    expect(booked).toMatchObject({
      stage: 'confirmed',
      asset: 'TRX',
      amount: '12500',
      amount_base_units: (12_500n * TRX).toString(),
      recipient: dave,
      broadcast_by: 'elsewhere',
    });
    // The booking is the chain's: the block the transaction is in, and that block's time.
    const info = (await client.getTransactionInfoById(txid))!;
    expect(booked!.block).toBe(String(info.blockNumber));
    expect(booked!.confirmed_at).not.toBe('');
    expect(booked!.broadcast_at).not.toBe('');
    expect(booked!.fee_sun).not.toBe('');
    await shot(pa, 'a-history-confirmed');
  });

  it('the offline signer reads "250,000 TT (stated by the proposer)" for a TRC-20 payment of 250,000 TT', async () => {
    const pa = a.harness.page;
    const pf = offline.harness.page;
    await a.harness.goto(`/build/trc20-transfer?owner=${treasury.address}`);
    await pa.locator('[data-testid="permission-choice"][data-permission-id="2"]').waitFor();
    await pa.getByLabel('Token contract').fill(token);
    await pa.getByLabel('Token contract').blur();
    await pa.getByText('TT: 6 decimals (read from the chain).').waitFor();
    await pa.getByLabel('Recipient', { exact: true }).fill(dave);
    await pa.getByLabel('Amount').fill('250000');
    await pa.getByRole('button', { name: 'Review' }).click();
    await pa.locator('[data-testid="simulation"][data-success="true"]').waitFor();
    await pa.getByRole('button', { name: 'Sign and hand off for co-signing' }).click();
    await pa.getByTestId('needs-cosigning').waitFor();
    await pa.getByTestId('open-envelope').click();
    await pa.locator('[data-testid="envelope-page"][data-stage="collecting"]').waitFor();
    await shot(pa, 'a-envelope-token-collecting');
    const before = savedByA.length;
    await pa.getByRole('button', { name: 'Save file…' }).click();
    await expect.poll(() => savedByA.length).toBe(before + 1);
    const proposal = savedByA.at(-1)!;
    legitimate.push(parseEnvelope(await readFile(proposal, 'utf8')).transaction.txID);

    await offline.harness.goto('/offline');
    await pf.locator('[data-testid="offline-page"][data-offline="true"]').waitFor();
    await pf.getByTestId('offline-file').setInputFiles(proposal);
    await pf.getByTestId('offline-envelope').waitFor();
    await expect(pf.getByTestId('headline').textContent()).resolves.toBe(
      'Send 250,000 TT (stated by the proposer) to Dave (supplier) (stated by the proposer)',
    );
    await expect(pf.getByTestId('genesis').textContent()).resolves.toMatch(/^genesis …[0-9a-f]{16}$/);
    await shot(pf, 'offline-envelope-read');
    offline.consent.screenshotNext = consentShot('offline-consent');
    await pf.getByLabel('Sign with').selectOption({ label: `Carol (${treasury.keys[2]}), weight 1` });
    await pf.getByRole('button', { name: 'Sign', exact: true }).click();
    await pf.locator('[data-testid="offline-answer"][data-signed-here="true"]').waitFor();
    await pf.getByRole('button', { name: 'Save file…' }).click();
    await pf.getByTestId('saved-to').waitFor();
    await shot(pf, 'offline-answer');

    await a.harness.goto('/cosign');
    await pa.getByTestId('envelope-file').setInputFiles(savedOffline.at(-1)!);
    await pa.locator('[data-testid="envelope-page"][data-stage="ready"]').waitFor();
    await pa.getByRole('button', { name: 'Broadcast' }).click();
    await pa.locator('[data-testid="tx-steps"][data-state="confirmed"]').waitFor({ timeout: 60_000 });
    expect(await tokenBalance(client, token, dave)).toBe(250_000n * TRX);
    await shot(pa, 'a-token-confirmed');
    expect(offlineProfile.nodeStarts()).toBe(0);
  });

  it('a fork that cannot reach its network names the cause and leaves the dev chain producing', async () => {
    const pa = a.harness.page;
    await a.wallet.settings.update((current) => ({
      ...current,
      customNode: { fullNodeUrl: 'http://no-such-node.invalid:8090', solidityNodeUrl: null },
    }));
    await a.harness.goto('/node');
    const panel = pa.getByTestId('fork-panel');
    await panel.getByLabel('Network to fork').selectOption('custom');
    const before = node.head().number;
    await panel.getByTestId('fork-start').click();
    const error = panel.getByRole('alert');
    await error.waitFor({ timeout: 60_000 });
    const text = (await error.textContent()) ?? '';
    expect(text).toContain('The fork did not start');
    expect(text).toMatch(/no-such-node\.invalid could not be looked up \(DNS, (ENOTFOUND|EAI_AGAIN)\)/);
    expect(text).not.toMatch(/API key/);
    expect(text).toContain('keeps running');
    await shot(pa, 'a-node-fork-failed');
    // The dev chain kept producing: its head moves on, and the wallet still reads it.
    await expect.poll(() => node.head().number, { timeout: 90_000 }).toBeGreaterThan(before + 3);
    expect(a.wallet.node.status()).toMatchObject({ state: 'running', network: expect.stringMatching(/dev/i) });
    await pa.locator('[data-testid="fork-start"]').waitFor();
  });

  it('the permission dry run names the group it proved', async () => {
    const pa = a.harness.page;
    await a.harness.goto(`/permissions/${treasury.address}`);
    await pa.getByTestId('current-active-2').getByText('“payments”').waitFor();
    await pa.getByRole('button', { name: 'Edit permissions' }).click();
    await pa.getByLabel('Active (id 2) threshold').fill('3');
    await pa.getByRole('button', { name: 'Review change' }).click();
    const review = pa.getByTestId('update-review');
    await review.waitFor();
    const dryRun = review.getByTestId('dry-run');
    await expect(dryRun.getAttribute('data-available')).resolves.toBe('true');
    const payments = dryRun.locator('[data-check="group-proof"][data-permission-id="2"]');
    await expect(payments.getAttribute('data-outcome')).resolves.toBe('passed');
    await expect(payments.textContent()).resolves.toMatch(
      /Active permission "payments" \(id 2\) can sign a payment.*Permission_id 2, checked as signed by Alice and (Bob and Carol|Carol and Bob) \(weight 3 of 3, its smallest key set\)/s,
    );
    const ownerLine = dryRun.locator('[data-check="group-proof"][data-permission-id="0"]');
    await expect(ownerLine.textContent()).resolves.toMatch(/owner permission \(id 0\).*Permission_id 0/s);
    await shot(pa, 'a-permissions-dry-run');
  });

  it("the watchtower raises the permission change and the stranger's outflow, and nothing for the co-signed payments", async () => {
    const pa = a.harness.page;
    await a.harness.goto('/watch');
    await pa.locator('[data-testid="watch-status"][data-state="watching"]').waitFor({ timeout: 90_000 });
    // Two more co-signed payments, through the services, as the rest of the day: A proposes, B signs
    // with Bob and broadcasts.
    const bob = b.wallet.vault.listAccounts().find((account) => account.label === 'Bob')!;
    for (const amount of [3_000n, 4_500n]) {
      const built = await a.wallet.transactions.build(
        TxRequestSchema.parse({
          kind: 'trx-transfer',
          owner: treasury.address,
          to: dave,
          amountSun: (amount * TRX).toString(),
          permissionId: 2,
        }),
      );
      const handed = await a.wallet.transactions.sign({ txid: built.txid });
      const { text } = a.wallet.cosign.export({ id: handed.envelopeId! });
      const { id } = await b.wallet.cosign.import({ text, source: 'paste' });
      const signed = await b.wallet.cosign.sign({ id, accountId: bob.id });
      if (!signed.broadcast) await b.wallet.cosign.broadcast({ id });
      legitimate.push(built.txid);
    }

    // Evening: the owner key is misused to add a stranger's key to "payments", which then pays out.
    const owner = node.accounts.find((account) => account.address === treasury.address)!;
    const mallory = node.accounts[9]!;
    const ref = await client.getRefBlock();
    const header = () => transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp });
    const change = buildTransaction(
      accountPermissionUpdateContract({
        owner: owner.hex,
        ownerPermission: {
          type: 'Owner',
          permission_name: 'owner',
          threshold: 1n,
          keys: [{ address: owner.hex, weight: 1n }],
        },
        actives: [
          {
            type: 'Active',
            permission_name: 'payments',
            threshold: 2n,
            operations: encodeOperations(['TransferContract', 'TriggerSmartContract']),
            keys: [
              ...treasury.keys.map((k) => ({ address: node.accounts.find((x) => x.address === k)!.hex, weight: 1n })),
              { address: mallory.hex, weight: 2n },
            ],
          },
        ],
      }),
      { header: header() },
    );
    await client.broadcastTransaction(signTransaction(change, hexToBytes(owner.privateKey)));
    const drain = buildTransaction(
      transferContract({ owner: owner.hex, to: freshAddress(0xd7a1), amount: 500_000n * TRX }),
      { header: header(), permissionId: 2 },
    );
    for (let tries = 0; (await client.getTransactionInfoById(change.txID)) === null; tries++) {
      if (tries > 300) throw new Error('The permission change was not packed.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.broadcastTransaction(signTransaction(drain, hexToBytes(mallory.privateKey)));

    const rows = pa.getByTestId('watch-alert');
    await pa.locator(`[data-testid="watch-alert"]`).filter({ hasText: '500,000 TRX' }).waitFor({ timeout: 60_000 });
    await pa.locator('[data-testid="watch-alert"][data-rule="permission-changed"]').waitFor({ timeout: 60_000 });
    const alerts = await rows.evaluateAll((items) =>
      items.map((item) => ({
        rule: item.getAttribute('data-rule'),
        text: item.textContent ?? '',
        tx: item.querySelector('a[href*="/tx/"]')?.getAttribute('href') ?? '',
      })),
    );
    process.stdout.write(`watch alerts on desk A:\n${alerts.map((x) => `  ${x.rule} ${x.text}`).join('\n')}\n`);
    const falseAlarms = alerts.filter((x) => x.tx === '' || legitimate.some((t) => x.tx.endsWith(t)));
    expect(falseAlarms).toEqual([]);
    expect(alerts.map((x) => [x.rule, x.tx.replace(/^.*\/tx\//, '')]).sort()).toEqual(
      [
        ['permission-changed', change.txID],
        ['outgoing-value', drain.txID],
      ].sort(),
    );
    // In names, units and symbols: the treasury by its name, no base units.
    for (const alert of alerts) {
      expect(alert.text).toContain('Treasury');
      expect(alert.text).not.toMatch(/base units|decimals unknown/);
    }
    await shot(pa, 'a-watch-alerts');
  });

  it('ran without CSP violations, console errors or page errors on any desk', () => {
    expect(a.harness.pageProblems).toEqual([]);
    expect(b.harness.pageProblems).toEqual([]);
    expect(offline.harness.pageProblems).toEqual([]);
  });
});
