import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase58Address } from '../../src-core/address/address';
import { TronNodeClient } from '../../src-core/client/client';
import type { FetchLike } from '../../src-core/client/fetch';
import { recoverSigners } from '../../src-core/tx/sign';
import type { TronNode } from '../../src-main/node';
import type { LedgerTransports } from '../../src-main/wallet';
import { freshAddress } from '../fixtures/addresses';
import { makeTreasury, type Treasury } from '../fixtures/cosign-network';
import { SoftwareLedger } from '../fixtures/ledger/software-device';
import { DEV_MNEMONIC } from '../fixtures/mini-node';
import { realNodeFactory } from '../fixtures/real-node';
import { ARTIFACTS } from './harness';
import { type OfflineProfile, showToCamera, startOfflineProfile } from './harness/offline-profile';
import { steppableClock } from './harness/animated-qr';
import { fakeCameraArgs } from './harness/chromium';
import { startWalletHarness, VAULT_PASSWORD, type WalletHarness } from './harness/wallet';
import { writeQrVideo } from './harness/y4m';

/** 10× chain speed: confirmation within seconds. */
const BLOCK_MS = 300;
const FILES = join(ARTIFACTS, 'treasury-custody-files');
/** Each profile's fake camera; written before its scan starts (Chromium opens the file then). */
const DESK_CAMERA = join(FILES, 'desk-camera.y4m');
const OFFLINE_CAMERA = join(FILES, 'offline-camera.y4m');
/** Key 2 of the treasury is the node's dev account 2, at the legacy path of the dev mnemonic. */
const LEDGER_PATH = "44'/195'/0'/0/2";
const AMOUNT_SUN = 7_250_000n;

/**
 * One treasury, three kinds of custody: key 1 in the desk's vault, key 2 on a Ledger (the
 * software device behind main's transport seam) and key 3 in an offline profile whose node never
 * runs. The desk proposes a TRX transfer and signs with the vault key, then on the Ledger after
 * main's confirmation; the envelope goes to the offline profile and back as animated QR codes
 * through Chromium's fake cameras; the desk broadcasts and the embedded node confirms.
 *
 * The permission is threshold 3 over weights 1/1/1 rather than 2-of-3: the envelope page and the
 * offline signer offer "Sign" only while the envelope is still collecting, so once two keys meet a
 * 2-of-3 threshold the product (rightly) asks for no third signature. Threshold 3 is the product's
 * own way of requiring all three custody paths.
 */
describe('a treasury whose three keys live in the vault, on a Ledger and on an offline machine', () => {
  let node: TronNode;
  let desk: WalletHarness;
  let offline: WalletHarness;
  let treasury: Treasury;
  let client: TronNodeClient;
  let offlineProfile: OfflineProfile;
  let startingOffline: Promise<OfflineProfile> | undefined;
  const ledger = new SoftwareLedger({ mnemonic: DEV_MNEMONIC });
  const transports: LedgerTransports = {
    open: async () => ledger,
    support: async () => ({ available: true }),
  };
  const to = freshAddress(0x7c057d);

  beforeAll(async () => {
    await mkdir(FILES, { recursive: true });
    // A camera with nothing to read yet: both browsers start with their device in place.
    await writeQrVideo(DESK_CAMERA, ['EMPTY'], { holdFrames: 1 });
    await writeQrVideo(OFFLINE_CAMERA, ['EMPTY'], { holdFrames: 1 });
    const factory = realNodeFactory();
    desk = await startWalletHarness({
      createNode: factory,
      settings: { embeddedNode: { port: 0, blockTimeMs: BLOCK_MS } },
      ledgerTransports: transports,
      chromiumArgs: fakeCameraArgs(DESK_CAMERA),
    });
    await desk.wallet.ready;
    node = factory.started[0]!;
    client = new TronNodeClient({
      fullNodeUrl: node.url,
      fetch: globalThis.fetch.bind(globalThis) as unknown as FetchLike,
    });
    // The offline profile starts while the chain and the desk's vault are set up: neither needs the other.
    startingOffline = startOfflineProfile({ camera: OFFLINE_CAMERA });
    treasury = await makeTreasury(node, { threshold: 3n });
    await desk.wallet.vault.initialize(VAULT_PASSWORD);
    await desk.wallet.vault.importPrivateKey(treasury.privateKeys[0], { label: 'Alice' });
    await desk.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
    // Reading addresses off the device through the page is the Ledger suite's subject; here the
    // account main would have listed is added directly.
    await desk.wallet.vault.addLedgerAccount(treasury.keys[1], {
      label: 'Desk Ledger',
      ledger: { path: LEDGER_PATH, scheme: 'legacy' },
    });
    await desk.wallet.vault.addWatchOnly(treasury.keys[2], { label: 'Cold room', custody: 'offline' });

    offlineProfile = await startingOffline;
    offline = offlineProfile.desk;
    // Becoming the offline signer from the welcome screen is the offline suite's subject.
    await offline.wallet.node.enterOffline();
    await offline.wallet.vault.initialize(VAULT_PASSWORD);
    await offline.wallet.vault.importPrivateKey(treasury.privateKeys[2], { label: 'Carol' });
  });
  afterAll(async () => {
    // A profile still starting when the setup failed is closed too.
    await (offline ?? (await startingOffline?.catch(() => undefined))?.desk)?.close();
    await desk?.close();
    await node?.stop();
  });

  it('proposes a transfer, signs it with the vault key, on the Ledger and on the offline profile by camera, and broadcasts it to confirmed', async () => {
    const pd = desk.harness.page;
    const pf = offline.harness.page;
    const before = (await client.getAccount(to))?.balance ?? 0n;

    // Desk: the proposal, signed first by the vault key.
    await desk.harness.goto(`/build/trx-transfer?owner=${treasury.address}`);
    await pd.locator('[data-testid="permission-choice"][data-permission-id="2"]').waitFor();
    await pd.getByLabel('Recipient').fill(to);
    await pd.getByLabel('Amount (TRX)').fill('7.25');
    await pd.getByRole('button', { name: 'Review' }).click();
    await pd.locator('[data-testid="simulation"][data-success="true"]').waitFor();
    await desk.harness.screenshot('treasury-custody-proposal');
    await pd.getByRole('button', { name: 'Sign and hand off for co-signing' }).click();
    await pd.getByTestId('needs-cosigning').waitFor();
    expect(ledger.screens.filter((s) => s.kind === 'transaction')).toHaveLength(0);
    await pd.getByTestId('open-envelope').click();
    const envelope = pd.getByTestId('envelope-page');
    await envelope.and(pd.locator('[data-stage="collecting"]')).waitFor();
    const keys = pd.getByTestId('signer-key');
    await expect(keys.nth(0).textContent()).resolves.toBe('key 1 — vault key, signed');
    await expect(keys.nth(1).textContent()).resolves.toBe(`key 2 — Ledger (m/${LEDGER_PATH})`);
    await expect(keys.nth(2).textContent()).resolves.toBe('key 3 — offline signer, waiting for its envelope');
    await expect(pd.getByTestId('signing-progress').getAttribute('data-weight')).resolves.toBe('1');
    const fingerprint = await pd.getByTestId('fingerprint').getAttribute('data-fingerprint');
    await desk.harness.screenshot('treasury-custody-vault-signed');

    // Desk: the Ledger, after main's confirmation; two of three is still short of the threshold.
    desk.consent.screenshotNext = 'treasury-custody-consent-ledger';
    await pd
      .getByLabel('Sign with')
      .selectOption({ label: `Desk Ledger (${treasury.keys[1]}), weight 1 — signs on your Ledger` });
    await pd.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect
      .poll(() => pd.getByTestId('signing-progress').getAttribute('data-weight'), { timeout: 90_000 })
      .toBe('2');
    await envelope.and(pd.locator('[data-stage="collecting"]')).waitFor();
    expect(desk.consent.last()!.request.fingerprint).toBe(fingerprint);
    expect(ledger.screens.filter((s) => s.kind === 'transaction')).toEqual([
      expect.objectContaining({ contractType: 'TransferContract', permissionId: 2, answer: 'approve' }),
    ]);
    await expect(keys.nth(1).textContent()).resolves.toBe(`key 2 — Ledger (m/${LEDGER_PATH}), signed`);
    await expect(pd.getByTestId('signing-progress').getAttribute('data-met')).resolves.toBe('false');
    await desk.harness.screenshot('treasury-custody-ledger-signed');

    // Desk → offline: the animated code, as the offline camera would see the desk's screen.
    await steppableClock(pd);
    await pd.getByRole('button', { name: 'Show QR code' }).click();
    await pd.getByTestId('qr-animated').waitFor();
    await desk.harness.screenshot('treasury-custody-proposal-qr');
    await showToCamera(pd, OFFLINE_CAMERA);

    // Offline: scan, check, sign with key 3 behind main's confirmation.
    await offline.harness.goto('/offline');
    await pf.locator('[data-testid="offline-page"][data-offline="true"]').waitFor();
    await pf.getByRole('button', { name: 'Scan with the camera' }).click();
    await pf.getByTestId('offline-envelope').waitFor({ timeout: 60_000 });
    await expect(pf.getByTestId('fingerprint').getAttribute('data-fingerprint')).resolves.toBe(fingerprint);
    await expect(pf.getByTestId('signing-progress').getAttribute('data-weight')).resolves.toBe('2');
    await offline.harness.screenshot('treasury-custody-offline-checked');
    offline.consent.screenshotNext = 'treasury-custody-consent-offline';
    // The offline desk names key 3 itself, and says the proposer named it otherwise.
    await pf
      .getByLabel('Sign with')
      .selectOption({ label: `Carol (the proposer stated “Cold room”) (${treasury.keys[2]}), weight 1` });
    await steppableClock(pf);
    await pf.getByRole('button', { name: 'Sign', exact: true }).click();
    await pf.locator('[data-testid="offline-answer"][data-signed-here="true"]').waitFor();
    expect(offline.consent.last()!.request.fingerprint).toBe(fingerprint);
    await expect(pf.getByTestId('signing-progress').getAttribute('data-met')).resolves.toBe('true');
    await offline.harness.screenshot('treasury-custody-offline-answer-qr');
    await showToCamera(pf, DESK_CAMERA);

    // Desk: reads the answer from its own camera, at the threshold, and broadcasts.
    await desk.harness.goto('/cosign');
    await pd.getByRole('button', { name: 'Scan with the camera' }).click();
    await envelope.and(pd.locator('[data-stage="ready"]')).waitFor({ timeout: 60_000 });
    await expect(pd.getByTestId('fingerprint').getAttribute('data-fingerprint')).resolves.toBe(fingerprint);
    await expect(pd.getByTestId('signing-progress').getAttribute('data-weight')).resolves.toBe('3');
    await expect(keys.allTextContents()).resolves.toEqual([
      'key 1 — vault key, signed',
      `key 2 — Ledger (m/${LEDGER_PATH}), signed`,
      'key 3 — offline signer, signed',
    ]);
    await desk.harness.screenshot('treasury-custody-threshold-met');
    await pd.getByRole('button', { name: 'Broadcast' }).click();
    await pd.getByTestId('tx-page').waitFor();
    await pd.locator('[data-testid="tx-steps"][data-state="confirmed"]').waitFor({ timeout: 60_000 });
    await expect(pd.getByTestId('tx-result').textContent()).resolves.toContain('SUCCESS');
    await desk.harness.screenshot('treasury-custody-confirmed');

    expect((await client.getAccount(to))?.balance).toBe(before + AMOUNT_SUN);
    const txid = new URL(pd.url()).hash.replace('#/tx/', '');
    const onChain = await client.getTransactionById(txid);
    expect(onChain).not.toBeNull();
    // The envelope's signature order need not be the signing order; java-tron checks the set.
    const signers = recoverSigners(onChain!).map((hex) => toBase58Address(hex));
    expect([...signers].sort()).toEqual([...treasury.keys].sort());
    expect(offlineProfile.nodeStarts()).toBe(0);
  });

  it('ran without CSP violations, console errors or page errors in either profile', async () => {
    await writeFile(
      join(FILES, 'problems.txt'),
      [...desk.harness.pageProblems, ...offline.harness.pageProblems].join('\n'),
    );
    expect(desk.harness.pageProblems).toEqual([]);
    expect(offline.harness.pageProblems).toEqual([]);
  });
});
