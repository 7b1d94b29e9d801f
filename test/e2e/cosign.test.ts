import { freshAddress } from '../fixtures/addresses';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData } from '../../src-core/abi/calldata';
import { hexToBytes } from '../../src-core/bytes/hex';
import { TronNodeClient } from '../../src-core/client/client';
import type { FetchLike } from '../../src-core/client/fetch';
import { parseCsv } from '../../src-core/csv/csv';
import { createEnvelope, envelopeFingerprint, serializeEnvelope } from '../../src-core/envelope';
import { HISTORY_CSV_COLUMNS } from '../../src-core/ipc/channels/history';
import { TxRequestSchema } from '../../src-core/ipc/channels/tx';
import { buildTransaction, triggerSmartContract } from '../../src-core/tx/builders';
import { transactionHeader } from '../../src-core/tx/header';
import { signTransaction } from '../../src-core/tx/sign';
import type { TronNode } from '../../src-main/node';
import { attachTo, makeTreasury, treasuryDesks, type Treasury } from '../fixtures/cosign-network';
import { QR_FRAME_MS } from '../../src-renderer/components/cosign/qr';
import { ARTIFACTS } from './harness';
import { holdClock, releaseClock, steppableClock } from './harness/animated-qr';
import { savingDialogs, startWalletHarness, type WalletHarness, VAULT_PASSWORD } from './harness/wallet';
import { advanceChainPast, realNodeFactory } from '../fixtures/real-node';

const PASSWORD = VAULT_PASSWORD;
/** 10× chain speed: the 1-hour window lasts 6 minutes of wall time, confirmation a few seconds. */
const BLOCK_MS = 300;
const FILES = join(ARTIFACTS, 'cosign-files');

/**
 * Co-signing in Chromium: two independent app profiles (two vaults, two harness
 * instances) on one embedded chain co-sign through envelope files and QR codes. Profile A holds
 * key 1, profile B keys 2 and 3 of the treasury's 2-of-3 active permission.
 */
describe('co-signing between two profiles in Chromium', () => {
  let node: TronNode;
  let a: WalletHarness;
  let b: WalletHarness;
  let treasury: Treasury;
  let client: TronNodeClient;
  const savedByA: string[] = [];
  const savedByB: string[] = [];
  let proposalFile = '';

  beforeAll(async () => {
    const factory = realNodeFactory();
    const started = factory.started;
    const settings = { embeddedNode: { port: 0, blockTimeMs: BLOCK_MS } };
    a = await startWalletHarness({
      createNode: factory,
      settings,
      fileDialogs: savingDialogs(FILES, 'a', savedByA),
    });
    await a.wallet.ready;
    node = started[0]!;
    b = await startWalletHarness({
      createNode: attachTo(node),
      settings,
      fileDialogs: savingDialogs(FILES, 'b', savedByB),
    });
    await b.wallet.ready;
    client = new TronNodeClient({
      fullNodeUrl: node.url,
      fetch: globalThis.fetch.bind(globalThis) as unknown as FetchLike,
    });
    treasury = await makeTreasury(node);

    await treasuryDesks(a.wallet, b.wallet, treasury, PASSWORD);
    await a.wallet.node.stores().addressBook.save({ name: 'Carol', address: treasury.keys[2] });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await node?.stop();
  });

  it('A proposes a transfer with a 1-hour window and saves the envelope file; B opens it and sees the same fingerprint, simulates, signs and saves it; A merges it, broadcasts and follows it to confirmed', async () => {
    const pa = a.harness.page;
    const pb = b.harness.page;
    const to = freshAddress(0xc0510);

    // A: build in the builder with a 60-minute signing window.
    await a.harness.goto(`/build/trx-transfer?owner=${treasury.address}`);
    await pa.locator('[data-testid="permission-choice"][data-permission-id="2"]').waitFor();
    await pa.getByLabel('Recipient').fill(to);
    await pa.getByLabel('Amount (TRX)').fill('12.5');
    // A's key alone cannot reach 2: the window sits in the main form, and A shortens it to an hour.
    await pa.getByTestId('cosign-window').waitFor();
    await pa.getByLabel('Signing window (minutes)').fill('60');
    await pa.getByRole('button', { name: 'Review' }).click();
    await pa.locator('[data-testid="simulation"][data-success="true"]').waitFor();
    await pa.getByRole('button', { name: 'Sign and hand off for co-signing' }).click();
    await pa.getByTestId('needs-cosigning').waitFor();
    await pa.getByTestId('open-envelope').click();

    const envelopeA = pa.getByTestId('envelope-page');
    await envelopeA.and(pa.locator('[data-stage="collecting"]')).waitFor();
    await expect(pa.getByTestId('headline').textContent()).resolves.toContain('Send 12.5 TRX to');
    await expect(envelopeA.textContent()).resolves.toContain('signing window 1 h');
    await expect(pa.getByTestId('countdown').getAttribute('data-state')).resolves.toBe('open');
    await expect(pa.getByTestId('countdown').textContent()).resolves.toMatch(
      /^Expires in (1 h 00 min|59 min \d\d s|5\d min \d\d s)/,
    );
    await expect(pa.getByTestId('signing-progress').getAttribute('data-weight')).resolves.toBe('1');
    await pa.getByLabel('Note for the co-signers').fill('Q3 payroll, invoice 42');
    await pa.getByRole('button', { name: 'Save note' }).click();
    await pa.getByTestId('note').waitFor();
    const fingerprint = await pa.getByTestId('fingerprint').getAttribute('data-fingerprint');
    expect(fingerprint?.split(' ')).toHaveLength(8);
    await a.harness.screenshot('cosign-a-proposed');
    await pa.getByRole('button', { name: 'Save file…' }).click();
    await expect.poll(() => savedByA.length).toBe(1);
    proposalFile = savedByA[0]!;

    // B: opens the file on its own desktop and verifies it against its own node.
    await b.harness.goto('/cosign');
    await pb.getByTestId('envelope-file').setInputFiles(proposalFile);
    const envelopeB = pb.getByTestId('envelope-page');
    await envelopeB.waitFor();
    await expect(pb.getByTestId('fingerprint').getAttribute('data-fingerprint')).resolves.toBe(fingerprint);
    await expect(pb.getByTestId('note').textContent()).resolves.toContain('Q3 payroll, invoice 42');
    for (const check of ['integrity', 'network', 'tapos', 'permission', 'signatures', 'node-weight', 'expiry']) {
      await expect(
        pb.locator(`[data-testid="verification"] [data-check="${check}"]`).getAttribute('data-outcome'),
      ).resolves.toBe('passed');
    }
    const signers = pb.getByTestId('signer');
    await expect(signers.nth(0).textContent()).resolves.toContain('Alice');
    await expect(signers.nth(0).getAttribute('data-signed')).resolves.toBe('true');
    await expect(signers.nth(1).textContent()).resolves.toContain('your vault holds this key');
    await pb.getByRole('button', { name: 'Simulate' }).click();
    await pb.locator('[data-testid="simulation"][data-method="dry-run"][data-success="true"]').waitFor();
    await expect(
      pb.getByTestId('envelope-simulation').locator('[data-cost="multi-signature"]').textContent(),
    ).resolves.toContain('1 TRX');
    await b.harness.screenshot('cosign-b-verified-simulated');
    await pb.getByLabel('Sign with').selectOption({ label: `Bob (${treasury.keys[1]}), weight 1` });
    b.consent.screenshotNext = 'consent-cosign-b';
    await pb.getByRole('button', { name: 'Sign', exact: true }).click();
    await envelopeB.and(pb.locator('[data-stage="ready"]')).waitFor();
    // Main's confirmation named the same fingerprint the co-signers compare, and the full recipient.
    expect(b.consent.last()!.request.fingerprint).toBe(fingerprint);
    expect(b.consent.last()!.text).toContain(to);
    await expect(pb.getByTestId('signing-progress').getAttribute('data-met')).resolves.toBe('true');
    await pb.getByRole('button', { name: 'Save file…' }).click();
    await expect.poll(() => savedByB.length).toBe(1);
    await b.harness.screenshot('cosign-b-signed');

    // A: merges B's envelope, sees the threshold met, broadcasts and tracks it to confirmed.
    await a.harness.goto('/cosign');
    await pa.getByTestId('envelope-file').setInputFiles(savedByB[0]!);
    await envelopeA.and(pa.locator('[data-stage="ready"]')).waitFor();
    await expect(pa.getByTestId('signing-progress').getAttribute('data-met')).resolves.toBe('true');
    await expect(pa.getByTestId('node-cross-check').getAttribute('data-agrees')).resolves.toBe('true');
    await expect(pa.getByTestId('fingerprint').getAttribute('data-fingerprint')).resolves.toBe(fingerprint);
    await a.harness.screenshot('cosign-a-threshold-met');
    await pa.getByRole('button', { name: 'Broadcast' }).click();
    await pa.getByTestId('tx-page').waitFor();
    await pa.locator('[data-testid="tx-steps"][data-state="confirmed"]').waitFor({ timeout: 60_000 });
    await expect(pa.getByTestId('tx-result').textContent()).resolves.toContain('SUCCESS');
    await a.harness.screenshot('cosign-a-confirmed');
    expect((await client.getAccount(to))?.balance).toBe(12_500_000n);

    await a.harness.goto('/history');
    const row = pa.locator('[data-testid="history-row"][data-stage="confirmed"]').first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/Send 12\.5 TRX to .*Alice, Bob|Send 12\.5 TRX to .*Bob, Alice/);
    await pa.getByRole('button', { name: 'Export CSV' }).click();
    await expect.poll(() => savedByA.some((p) => p.endsWith('history-embedded.csv'))).toBe(true);
    const csv = await readFile(
      savedByA.find((p) => p.endsWith('history-embedded.csv'))!,
      'utf8',
    );
    const [header, ...records] = parseCsv(csv);
    expect(header!.fields).toEqual([...HISTORY_CSV_COLUMNS]);
    const booked = records.map((r) => Object.fromEntries(header!.fields.map((name, i) => [name, r.fields[i]])));
    expect(booked.find((r) => r.stage === 'confirmed' && r.type === 'TransferContract')).toMatchObject({
      direction: 'out',
      asset: 'TRX',
      amount: '12.5',
      amount_base_units: '12500000',
      recipient: to,
      summary: expect.stringMatching(/^Send 12\.5 TRX to/),
    });
    await a.harness.screenshot('cosign-a-history');
  });

  it('refuses an envelope whose amount was changed in the JSON, and says why', async () => {
    const pb = b.harness.page;
    const json = JSON.parse(await readFile(proposalFile, 'utf8'));
    json.transaction.raw_data.contract[0].parameter.value.amount = 1_250_000_000;
    const tampered = join(FILES, 'tampered.tronenv.json');
    await writeFile(tampered, JSON.stringify(json));
    await b.harness.goto('/cosign');
    await pb.getByTestId('envelope-file').setInputFiles(tampered);
    const error = pb.getByTestId('import-error');
    await error.waitFor();
    await expect(error.textContent()).resolves.toContain('The readable transaction and its raw_data_hex differ');
    await expect(error.textContent()).resolves.toContain('ENVELOPE_JSON_HEX_MISMATCH');
    await b.harness.screenshot('cosign-b-tampered-refused');
  });

  it('also takes an envelope pasted as text or dropped as a file', async () => {
    const pb = b.harness.page;
    await b.harness.goto('/cosign');
    await pb.getByLabel('Or paste the envelope text').fill(await readFile(proposalFile, 'utf8'));
    await pb.getByRole('button', { name: 'Import pasted text' }).click();
    await pb.getByTestId('envelope-page').waitFor();
    await pb.getByText('Nothing new: this wallet already had these signatures').waitFor();

    await b.harness.goto('/cosign');
    const text = await readFile(savedByB[0]!, 'utf8');
    const transfer = await pb.evaluateHandle((content) => {
      const data = new DataTransfer();
      data.items.add(new File([content], 'from-bob.tronenv.json', { type: 'application/json' }));
      return data;
    }, text);
    await pb.getByTestId('envelope-import').dispatchEvent('drop', { dataTransfer: transfer });
    await pb.getByTestId('envelope-page').waitFor();
    await expect(pb.getByTestId('signing-progress').getAttribute('data-met')).resolves.toBe('true');
  });

  it('shows an envelope past its expiration as expired and re-proposes it', async () => {
    const pa = a.harness.page;
    const built = await a.wallet.transactions.build(
      TxRequestSchema.parse({
        kind: 'trx-transfer',
        owner: treasury.address,
        to: freshAddress(0xc0511),
        amountSun: '3000000',
        expirationMs: 600_000,
      }),
    );
    const handed = await a.wallet.transactions.sign({ txid: built.txid });
    const id = handed.envelopeId!;
    await a.harness.goto(`/cosign/${id}`);
    await pa.locator('[data-testid="envelope-page"][data-stage="collecting"]').waitFor();
    await advanceChainPast(node, Number(handed.expiration));
    await pa.getByTestId('expired-notice').waitFor({ timeout: 90_000 });
    await expect(pa.getByTestId('countdown').getAttribute('data-state')).resolves.toBe('expired');
    await a.harness.screenshot('cosign-a-expired');
    await pa.getByRole('button', { name: 'Re-propose' }).click();
    const reproposal = pa.getByTestId('reproposal');
    await reproposal.waitFor();
    await expect(reproposal.textContent()).resolves.toContain(built.txid);
    await expect(reproposal.textContent()).resolves.toContain('approved by Alice');
    await pa.locator('[data-testid="envelope-page"][data-stage="collecting"]').waitFor();
    await expect(pa.getByTestId('countdown').getAttribute('data-state')).resolves.toBe('open');
    await expect(pa.getByTestId('signing-progress').getAttribute('data-weight')).resolves.toBe('0');
    await a.harness.screenshot('cosign-a-reproposed');
  });

  it('carries a large contract call as one animated QR code, read with frames missed, and as printed codes in any order', async () => {
    const pa = a.harness.page;
    const pb = b.harness.page;
    const ref = await client.getRefBlock();
    const abi = [
      {
        type: 'function',
        name: 'store',
        stateMutability: 'nonpayable',
        inputs: [{ name: 'items', type: 'bytes32[]' }],
        outputs: [],
      },
    ];
    const items = Array.from({ length: 16 }, (_, i) => `0x${(i * 0x1111).toString(16).padStart(64, '0')}`);
    const tx = buildTransaction(
      triggerSmartContract({
        owner: treasury.address,
        contract: node.accounts[8]!.address,
        data: encodeFunctionData('store(bytes32[])', [items]),
      }),
      {
        header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp, expirationMs: 3_600_000 }),
        feeLimit: 50_000_000n,
        permissionId: 2,
      },
    );
    const genesisBlockId = (await client.getGenesisBlockId()).toLowerCase();
    const envelope = createEnvelope({
      transaction: signTransaction(tx, hexToBytes(treasury.privateKeys[0])),
      network: { name: 'Embedded dev node', genesisBlockId },
      abi,
      createdAt: ref.timestamp,
    });
    const { id } = await a.wallet.cosign.import({ text: serializeEnvelope(envelope), source: 'paste' });

    // A's page runs on Playwright's clock, so the animation steps one QR_FRAME_MS frame whenever the
    // camera below is ready for it: the same frames in the same order, without idling between them.
    await steppableClock(pa);
    await a.harness.goto(`/cosign/${id}`);
    await pa.getByTestId('call').getByText('store(bytes32[])').waitFor();
    await pa.getByRole('button', { name: 'Show QR code' }).click();
    const animated = pa.getByTestId('qr-animated');
    await animated.waitFor();
    await holdClock(pa);
    const parts = Number(await animated.getAttribute('data-parts'));
    expect(parts).toBeGreaterThanOrEqual(3);
    await expect(pa.locator('[data-testid="qr-codes"] svg').count()).resolves.toBe(1);
    await a.harness.screenshot('cosign-a-qr-animated');

    // A camera on the animated code: photograph frame after frame, missing every fifth frame, and
    // hand each batch to B until B's reader completes the envelope.
    await b.harness.goto('/cosign');
    let shown = 0;
    const missed: string[] = [];
    let lastSeq = '';
    const nextFrame = async () => {
      if (shown > 0) await pa.clock.runFor(QR_FRAME_MS);
      await pa.locator(`[data-testid="qr-animated"]:not([data-seq="${lastSeq}"])`).waitFor();
      lastSeq = (await animated.getAttribute('data-seq')) ?? '';
      shown++;
    };
    // The first batch holds as many photos as there are parts, which the missed frames leave short.
    for (let batch = 0; batch < 12 && !(await pb.getByTestId('envelope-page').isVisible()); batch++) {
      const images: { name: string; mimeType: string; buffer: Buffer }[] = [];
      while (images.length < (batch === 0 ? parts : Math.ceil(parts / 4))) {
        await nextFrame();
        if (shown % 5 === 0) {
          missed.push(lastSeq);
          continue;
        }
        const buffer = await animated.locator('svg').screenshot();
        images.push({ name: `frame-${lastSeq}.png`, mimeType: 'image/png', buffer });
      }
      await pb.getByTestId('qr-images').setInputFiles(images);
      // B has read the batch when it shows the envelope, or idles with the envelope still incomplete.
      await pb
        .locator(
          '[data-testid="envelope-page"], [data-testid="envelope-import"]:not([aria-busy="true"]) [data-testid="qr-progress"][data-complete="false"]',
        )
        .first()
        .waitFor();
    }
    await releaseClock(pa);
    // Frames were missed, among them pure fragments that only the later mixtures could restore.
    expect(missed.length).toBeGreaterThan(0);
    expect(Number(missed[0])).toBeLessThanOrEqual(parts);
    await pb.getByTestId('envelope-page').waitFor();
    await expect(pb.getByTestId('fingerprint').getAttribute('data-fingerprint')).resolves.toBe(
      envelopeFingerprint(envelope).text,
    );
    await pb.getByTestId('call').getByText('store(bytes32[])').waitFor();
    await b.harness.screenshot('cosign-b-qr-animated-imported');

    // The codes for printing, read back in any order: last first, then the rest reversed.
    await pa.getByRole('button', { name: 'Show all codes for printing' }).click();
    const codes = pa.locator('[data-testid="qr-code"]');
    await expect.poll(() => codes.count()).toBe(parts);
    await a.harness.screenshot('cosign-a-qr-codes');
    const printed: { name: string; mimeType: string; buffer: Buffer }[] = [];
    for (let i = 0; i < parts; i++) {
      const buffer = await codes
        .nth(i)
        .locator('svg')
        .screenshot({ path: join(FILES, `qr-code-${i + 1}.png`) });
      printed.push({ name: `code-${i + 1}.png`, mimeType: 'image/png', buffer });
    }
    const shuffled = [printed.at(-1)!, ...printed.slice(0, -1).reverse()];
    await b.harness.goto('/cosign');
    await pb.getByTestId('qr-images').setInputFiles(shuffled.slice(0, 2));
    await expect
      .poll(
        async () =>
          `${await pb.getByTestId('qr-progress').textContent()} ${(await pb.getByTestId('envelope-import').locator('.import__problems').allTextContents()).join(' ')}`,
      )
      .toContain(`2 of ${parts} parts recovered`);
    await pb.getByTestId('qr-images').setInputFiles(shuffled.slice(2));
    await pb.getByTestId('envelope-page').waitFor();
    await pb.getByText('Nothing new: this wallet already had these signatures.').waitFor();
    await b.harness.screenshot('cosign-b-qr-imported');
  });

  it('ran without CSP violations, console errors or page errors in either profile', () => {
    expect(a.harness.pageProblems).toEqual([]);
    expect(b.harness.pageProblems).toEqual([]);
  });
});
