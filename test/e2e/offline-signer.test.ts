import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronNodeClient } from '../../src-core/client/client';
import type { FetchLike } from '../../src-core/client/fetch';
import type { TronNode } from '../../src-main/node';
import { freshAddress } from '../fixtures/addresses';
import { makeTreasury, type Treasury } from '../fixtures/cosign-network';
import { realNodeFactory } from '../fixtures/real-node';
import { deployToken, tokenBalance } from '../fixtures/treasury-token';
import { ARTIFACTS } from './harness';
import { type OfflineProfile, showToCamera, startOfflineProfile } from './harness/offline-profile';
import { steppableClock } from './harness/animated-qr';
import { fakeCameraArgs } from './harness/chromium';
import { savingDialogs, startWalletHarness, VAULT_PASSWORD, type WalletHarness } from './harness/wallet';
import { parseEnvelope } from '../../src-core/envelope';
import { writeQrVideo } from './harness/y4m';

const BLOCK_MS = 300;
const FILES = join(ARTIFACTS, 'offline-signer-files');
/** Each profile's fake camera; written before its scan starts (Chromium opens the file then). */
const ONLINE_CAMERA = join(FILES, 'online-camera.y4m');
const OFFLINE_CAMERA = join(FILES, 'offline-camera.y4m');

/**
 * The offline signer in Chromium: an online profile on the embedded chain proposes a TRC-20
 * transfer from a 2-of-3 treasury; an offline profile, whose node never starts, reads it from
 * its fake camera (a .y4m of the online screen's animated QR frames), checks what can be checked
 * without a chain, signs with its vault key behind main's confirmation and shows the answer as
 * an animated QR code; the online profile reads that from its own fake camera, reaches the
 * threshold and broadcasts.
 */
describe('an offline signer between two profiles in Chromium, by camera', () => {
  let node: TronNode;
  let online: WalletHarness;
  let offline: WalletHarness;
  let treasury: Treasury;
  let client: TronNodeClient;
  let token = '';
  let offlineProfile: OfflineProfile;
  let startingOffline: Promise<OfflineProfile> | undefined;
  const savedOffline: string[] = [];
  const dave = freshAddress(0x0ff1e);

  beforeAll(async () => {
    await mkdir(FILES, { recursive: true });
    // A camera with nothing to read yet: both browsers start with their device in place.
    await writeQrVideo(ONLINE_CAMERA, ['EMPTY'], { holdFrames: 1 });
    await writeQrVideo(OFFLINE_CAMERA, ['EMPTY'], { holdFrames: 1 });
    const factory = realNodeFactory();
    online = await startWalletHarness({
      createNode: factory,
      settings: { embeddedNode: { port: 0, blockTimeMs: BLOCK_MS } },
      chromiumArgs: fakeCameraArgs(ONLINE_CAMERA),
    });
    await online.wallet.ready;
    node = factory.started[0]!;
    client = new TronNodeClient({
      fullNodeUrl: node.url,
      fetch: globalThis.fetch.bind(globalThis) as unknown as FetchLike,
    });
    // The offline desk: a fresh profile whose node is not started at all. It starts while the
    // chain sets up the treasury and its token, since neither needs the other.
    startingOffline = startOfflineProfile({
      camera: OFFLINE_CAMERA,
      fileDialogs: savingDialogs(FILES, 'offline', savedOffline),
    });
    treasury = await makeTreasury(node);
    token = await deployToken(node, client, treasury);
    await online.wallet.vault.initialize(VAULT_PASSWORD);
    await online.wallet.vault.importPrivateKey(treasury.privateKeys[0], { label: 'Alice' });
    await online.wallet.vault.addWatchOnly(treasury.address, { label: 'Treasury' });
    await online.wallet.node.stores().addressBook.save({ name: 'Dave (supplier)', address: dave });

    offlineProfile = await startingOffline;
    offline = offlineProfile.desk;
  });
  afterAll(async () => {
    // A profile still starting when the setup failed is closed too.
    await (offline ?? (await startingOffline?.catch(() => undefined))?.desk)?.close();
    await online?.close();
    await node?.stop();
  });

  it('becomes an offline signer from the welcome screen, with no node and no network switcher', async () => {
    const page = offline.harness.page;
    await offline.harness.goto('/welcome');
    await page.getByTestId('use-offline').click();
    await page.getByTestId('offline-badge').waitFor();
    await expect(page.locator('.layout__node').count()).resolves.toBe(0);
    await expect(offline.wallet.node.isOffline()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(VAULT_PASSWORD);
    await page.getByLabel('Confirm password').fill(VAULT_PASSWORD);
    await page.getByRole('button', { name: 'Create vault' }).click();
    await page.getByText('Your vault is ready').waitFor();
    await offline.wallet.vault.importPrivateKey(treasury.privateKeys[1], { label: 'Bob' });
    await offline.harness.screenshot('offline-signer-welcome');
    await page.getByRole('button', { name: 'Go to the offline signer' }).click();
    await page.locator('[data-testid="offline-page"][data-offline="true"]').waitFor();
    // A screen that needs a node is kept away.
    await offline.harness.goto('/cosign');
    await page.locator('[data-testid="offline-page"][data-offline="true"]').waitFor();
    await expect(page.getByTestId('leave-offline').isVisible()).resolves.toBe(true);
    expect(offlineProfile.nodeStarts()).toBe(0);
  });

  it('reads the online proposal from its camera, checks it without a chain, signs it, and the online wallet reads the answer from its camera and broadcasts', async () => {
    const po = online.harness.page;
    const pf = offline.harness.page;

    // Online: a TRC-20 transfer from the treasury, which Alice's key alone cannot sign.
    await online.harness.goto(`/build/trc20-transfer?owner=${treasury.address}`);
    await po.locator('[data-testid="permission-choice"][data-permission-id="2"]').waitFor();
    await po.getByLabel('Token contract').fill(token);
    await po.getByLabel('Token contract').blur();
    await po.getByText('TT: 6 decimals (read from the chain).').waitFor();
    await po.getByLabel('Recipient', { exact: true }).fill(dave);
    await po.getByLabel('Amount').fill('250');
    await po.getByRole('button', { name: 'Review' }).click();
    await po.locator('[data-testid="simulation"][data-success="true"]').waitFor();
    await po.getByRole('button', { name: 'Sign and hand off for co-signing' }).click();
    await po.getByTestId('needs-cosigning').waitFor();
    await po.getByTestId('open-envelope').click();
    await po.locator('[data-testid="envelope-page"][data-stage="collecting"]').waitFor();
    const fingerprint = await po.getByTestId('fingerprint').getAttribute('data-fingerprint');
    await steppableClock(po);
    await po.getByRole('button', { name: 'Show QR code' }).click();
    await po.getByTestId('qr-animated').waitFor();
    await online.harness.screenshot('offline-signer-online-proposal-qr');
    // What the offline camera sees: the animated code, frame after frame.
    const { parts, videoFrames } = await showToCamera(po, OFFLINE_CAMERA);
    expect(parts).toBeGreaterThanOrEqual(3);
    expect(videoFrames).toBe(parts * 2 * 3);

    // Offline: scan, with progress counted in codes.
    await offline.harness.goto('/offline');
    await pf.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect
      .poll(async () => (await pf.getByTestId('camera-progress').textContent())?.trim(), { timeout: 90_000 })
      .toMatch(new RegExp(`^\\d+ of ${parts} codes$`));
    const envelope = pf.getByTestId('offline-envelope');
    await envelope.waitFor({ timeout: 60_000 });
    await expect(pf.getByTestId('fingerprint').getAttribute('data-fingerprint')).resolves.toBe(fingerprint);
    for (const check of ['integrity', 'permission', 'signatures', 'expiry'])
      await expect(
        pf.locator(`[data-testid="verification"] [data-check="${check}"]`).getAttribute('data-outcome'),
      ).resolves.toBe('passed');
    await expect(
      pf
        .locator('[data-testid="not-checkable"] li')
        .evaluateAll((items) => items.map((i) => i.getAttribute('data-item'))),
    ).resolves.toEqual(['permission-on-chain', 'reference-block', 'network']);
    await expect(pf.getByTestId('call').textContent()).resolves.toContain('transfer(address,uint256)');
    await expect(pf.getByTestId('call').locator('[data-arg="value"]').textContent()).resolves.toContain('250000000');
    // The raw value does not contradict the stated amount: it says why the two differ.
    await expect(pf.getByTestId('call-units').textContent()).resolves.toContain('decimals the proposer stated');
    await expect(pf.getByTestId('signing-progress').getAttribute('data-weight')).resolves.toBe('1');
    // With no node, the token and the names are the proposer's statement, said so.
    await expect(pf.getByTestId('headline').textContent()).resolves.toBe(
      'Send 250 TT (stated by the proposer) to Dave (supplier) (stated by the proposer)',
    );
    await expect(pf.getByTestId('signing-progress').textContent()).resolves.toContain('Alice (stated by the proposer)');
    await expect(pf.getByTestId('genesis').textContent()).resolves.toMatch(/^genesis …[0-9a-f]{16}$/);
    await offline.harness.screenshot('offline-signer-checked');

    offline.consent.screenshotNext = 'offline-signer-consent';
    await pf.getByLabel('Sign with').selectOption({ label: `Bob (${treasury.keys[1]}), weight 1` });
    await steppableClock(pf);
    await pf.getByRole('button', { name: 'Sign', exact: true }).click();
    await pf.locator('[data-testid="offline-answer"][data-signed-here="true"]').waitFor();
    expect(offline.consent.last()!.request.fingerprint).toBe(fingerprint);
    await expect(pf.getByTestId('signing-progress').getAttribute('data-met')).resolves.toBe('true');
    await offline.harness.screenshot('offline-signer-answer-qr');
    await showToCamera(pf, ONLINE_CAMERA);
    // The same answer as a file, through main's save dialog.
    await pf.getByRole('button', { name: 'Save file…' }).click();
    await pf.getByTestId('saved-to').waitFor();
    expect(parseEnvelope(await readFile(savedOffline[0]!, 'utf8')).transaction.signature).toHaveLength(2);

    // Online: reads the answer from its own camera, at the threshold, and broadcasts.
    await online.harness.goto('/cosign');
    await po.getByRole('button', { name: 'Scan with the camera' }).click();
    const envelopeOnline = po.getByTestId('envelope-page');
    await envelopeOnline.and(po.locator('[data-stage="ready"]')).waitFor({ timeout: 60_000 });
    await expect(po.getByTestId('signing-progress').getAttribute('data-met')).resolves.toBe('true');
    await expect(po.getByTestId('fingerprint').getAttribute('data-fingerprint')).resolves.toBe(fingerprint);
    await online.harness.screenshot('offline-signer-online-threshold');
    await po.getByRole('button', { name: 'Broadcast' }).click();
    await po.locator('[data-testid="tx-steps"][data-state="confirmed"]').waitFor({ timeout: 60_000 });
    expect(await tokenBalance(client, token, dave)).toBe(250_000_000n);
    await online.harness.screenshot('offline-signer-online-confirmed');

    expect(offlineProfile.nodeStarts()).toBe(0);
    expect(offline.wallet.node.status().state).toBe('stopped');
  });

  it('ran without CSP violations, console errors or page errors in either profile', async () => {
    await writeFile(
      join(FILES, 'problems.txt'),
      [...online.harness.pageProblems, ...offline.harness.pageProblems].join('\n'),
    );
    expect(online.harness.pageProblems).toEqual([]);
    expect(offline.harness.pageProblems).toEqual([]);
  });
});
