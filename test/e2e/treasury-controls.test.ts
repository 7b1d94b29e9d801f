import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData } from '../../src-core/abi/calldata';
import { toHexAddress } from '../../src-core/address/address';
import { hexToBytes } from '../../src-core/bytes/hex';
import { TronNodeClient } from '../../src-core/client/client';
import type { FetchLike } from '../../src-core/client/fetch';
import {
  definePolicy,
  POLICY_BREACH,
  POLICY_FORMAT,
  policyToJson,
  signPolicy,
  trc20Asset,
  trxAsset,
  unsignedPolicy,
  withPolicySignature,
} from '../../src-core/policy';
import { buildTransaction, triggerSmartContract } from '../../src-core/tx/builders';
import { transactionHeader } from '../../src-core/tx/header';
import { signTransaction } from '../../src-core/tx/sign';
import type { TronNode } from '../../src-main/node';
import type { AuditCommandIo } from '../../src-main/wallet/audit/command-io';
import { runExportCommand } from '../../src-main/wallet/audit/export-command';
import { runVerifyCommand } from '../../src-main/wallet/audit/verify-command';
import { freshAddress } from '../fixtures/addresses';
import { makeTreasury, type Treasury } from '../fixtures/cosign-network';
import { realNodeFactory } from '../fixtures/real-node';
import { deployToken } from '../fixtures/treasury-token';
import { axeViolations } from './harness/axe';
import { reviewWithLongWindow, signBroadcastAndConfirm } from './harness/build-page';
import { startWalletHarness, VAULT_PASSWORD, type WalletHarness } from './harness/wallet';

/** 10× chain speed: confirmations take a few seconds, and 24 hours of chain time never pass here. */
const BLOCK_MS = 300;
const TRX = 1_000_000n;
const TT = 1_000_000n;
const DAILY_CAP_TRX = 1_000n;
const PER_TX_CAP_TT = 1_000n;

/**
 * The treasury controls of the acceptance on one embedded chain and one signing desk ("desk B":
 * Bob's key of the treasury's 1-of-3 "payments" group, and the treasury's owner key): the owners'
 * signed policy is adopted through main's dialog and window; a payment to the allowlisted supplier
 * passes; the next one, over the daily cap counted from the node's history, is refused with the
 * rule named; the owner overrides it and it is signed; the audit log exports and verifies; and a
 * TRC-20 transfer signed outside the app, over the per-transaction cap, raises a watch alert.
 */
describe('treasury controls: a policy the owners signed is enforced before signing and watched on chain', () => {
  let node: TronNode;
  let desk: WalletHarness;
  let treasury: Treasury;
  let client: TronNodeClient;
  let token = '';
  let files = '';
  let policyFile = '';
  const supplier = freshAddress(0x5e1ec7);
  const stranger = freshAddress(0x57a9e7);
  const startedAt = Date.now();

  beforeAll(async () => {
    files = await mkdtemp(join(tmpdir(), 'treasury-controls-'));
    policyFile = join(files, 'treasury-policy.json');
    const factory = realNodeFactory();
    desk = await startWalletHarness({
      createNode: factory,
      settings: { embeddedNode: { port: 0, blockTimeMs: BLOCK_MS } },
      fileDialogs: {
        // Main's open dialog: the person picks the policy file the owners sent.
        async openText() {
          return { name: 'treasury-policy.json', text: await readFile(policyFile, 'utf8') };
        },
      },
    });
    await desk.wallet.ready;
    node = factory.started[0]!;
    client = new TronNodeClient({
      fullNodeUrl: node.url,
      fetch: globalThis.fetch.bind(globalThis) as unknown as FetchLike,
    });
    treasury = await makeTreasury(node, { threshold: 1n });
    token = await deployToken(node, client, treasury);
    const owner = node.accounts.find((account) => account.address === treasury.address)!;
    await desk.wallet.vault.initialize(VAULT_PASSWORD);
    await desk.wallet.vault.importPrivateKey(treasury.privateKeys[1], { label: 'Bob' });
    await desk.wallet.vault.importPrivateKey(owner.privateKey, { label: 'Treasury' });
    await desk.wallet.node.stores().addressBook.save({ name: 'Supplier', address: supplier, tags: ['supplier'] });

    // The owners' policy for "payments": TRX capped per day, TT per transaction, only tagged suppliers.
    const policy = definePolicy({
      format: POLICY_FORMAT,
      version: 1,
      account: treasury.address,
      permissions: [
        {
          permissionId: 2,
          assets: [
            { asset: trxAsset(), symbol: 'TRX', decimals: 6, dailyCap: DAILY_CAP_TRX * TRX },
            { asset: trc20Asset(token), symbol: 'TT', decimals: 6, perTransactionCap: PER_TX_CAP_TT * TT },
          ],
          unlistedAssets: 'block',
          recipients: { tags: ['supplier'], coolingOffHours: 0 },
          tiers: [],
        },
      ],
    });
    const signed = withPolicySignature(unsignedPolicy(policy), signPolicy(policy, hexToBytes(owner.privateKey)));
    await writeFile(
      policyFile,
      JSON.stringify({ policy: policyToJson(policy), digest: signed.digest, signatures: signed.signatures }),
    );
  });
  afterAll(async () => {
    await desk?.close();
    await node?.stop();
    await rm(files, { recursive: true, force: true });
    process.stdout.write(`treasury-controls wall time: ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
  });

  it("adopts the owners' signed policy on the account's permissions page, approved in main's window", async () => {
    const page = desk.harness.page;
    await desk.harness.goto(`/permissions/${treasury.address}`);
    const status = page.getByTestId('policy-status');
    await status.getByTestId('policy-status-none').waitFor();
    await status.getByRole('button', { name: 'Adopt a policy file…' }).click();
    await status.locator('[data-testid="policy-status-signature"][data-status="verified"]').waitFor();
    expect(desk.consent.last()!.text).toContain(treasury.address);
    await expect(status.textContent()).resolves.toContain('signed by owner keys worth 1 of the 1 needed');
    // Beside the account's permissions, under its own heading, and clean for axe's WCAG rules.
    await expect(
      page.getByRole('region', { name: 'Treasury policy' }).getByTestId('policy-status').count(),
    ).resolves.toBe(1);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await expect(desk.wallet.policy.status({ account: treasury.address })).resolves.toMatchObject({
      adopted: { version: 1, signature: { status: 'verified' } },
    });
  });

  it('passes a payment to the allowlisted supplier within the daily cap', async () => {
    await payFromTreasury('600');
    const page = desk.harness.page;
    await page.getByTestId('policy-pass').waitFor();
    await signBroadcastAndConfirm(page);
  });

  it("refuses the next payment over the daily cap with the rule and the numbers, until the owner's override", async () => {
    await payFromTreasury('600');
    const page = desk.harness.page;
    const review = page.getByTestId('tx-review');
    // Shown before anyone signs, counted from the node's history of the confirmed payment.
    await page.locator(`[data-testid="policy-breach"] [data-code="${POLICY_BREACH.dailyCap}"]`).waitFor();
    await review.getByRole('button', { name: 'Sign', exact: true }).click();
    await page
      .getByText(/above the daily cap of 1,000 TRX/)
      .first()
      .waitFor();
    const refusal = page.getByRole('alert').filter({ hasText: 'blocks this signature' });
    await expect(refusal.textContent()).resolves.toMatch(
      /This payment of 600 TRX would bring today's outflow to 1,200 TRX, above the daily cap of 1,000 TRX/,
    );
    await expect(page.locator('[data-testid="tx-review"][data-state="signed"]').count()).resolves.toBe(0);

    // The owner overrides on main's window: the typed word and the password.
    desk.consent.decide = () => ({ approve: true, typed: 'OVERRIDE', password: VAULT_PASSWORD });
    const override = page.getByTestId('policy-override');
    await override.getByLabel('Owner key in this vault').selectOption({ label: `Treasury — ${treasury.address}` });
    await override.getByRole('button', { name: 'Override as owner' }).click();
    await override.getByTestId('policy-override-recorded').waitFor();
    const overridden = desk.consent.last()!;
    expect(overridden.request.typedConfirmation).toBe('OVERRIDE');
    const txid = /Transaction id\s*([0-9a-f]{64})/.exec(overridden.text)?.[1];
    expect(txid).toBeDefined();
    desk.consent.decide = () => ({ approve: true, password: VAULT_PASSWORD });
    await signBroadcastAndConfirm(page);

    // The audit log holds the block and the override, each naming the daily cap, for this transaction.
    const bundle = await desk.wallet.audit.bundleFor(treasury.address);
    const verdicts = bundle!.entries.flatMap((entry) =>
      entry.body.kind === 'verdict' && entry.txId === txid
        ? [{ verdict: entry.body.verdict, rules: entry.body.rules.map((r) => r.rule) }]
        : [],
    );
    expect(verdicts).toEqual(
      expect.arrayContaining([
        { verdict: 'block', rules: [POLICY_BREACH.dailyCap] },
        { verdict: 'override', rules: [POLICY_BREACH.dailyCap] },
      ]),
    );
  });

  it('exports an audit bundle of the day that verifies', async () => {
    const out = join(files, 'audit');
    const output: string[] = [];
    const io: AuditCommandIo = {
      stdout: (text) => void output.push(text),
      stderr: (text) => void output.push(text),
      fetch: globalThis.fetch.bind(globalThis) as unknown as FetchLike,
    };
    const exportArgs = ['--account', treasury.address, '--from', '2000-01-01', '--to', '2999-12-31'];
    await expect(runExportCommand([...exportArgs, '--out', out, '--data', desk.userDataDir], io)).resolves.toBe(0);
    const bundleFile = (await readdir(out)).find((name) => name.endsWith('.json'))!;
    await expect(runVerifyCommand([join(out, bundleFile), '--node', node.url], io)).resolves.toBe(0);
  });

  it('raises a policy-breach alert for a TT transfer over the cap signed outside the app', async () => {
    const page = desk.harness.page;
    await desk.harness.goto('/watch');
    await page.locator('[data-testid="watch-status"][data-state="watching"]').waitFor({ timeout: 90_000 });
    const bob = node.accounts.find((account) => account.address === treasury.keys[1])!;
    const ref = await client.getRefBlock();
    const transfer = buildTransaction(
      triggerSmartContract({
        owner: toHexAddress(treasury.address),
        contract: toHexAddress(token),
        data: encodeFunctionData('transfer(address,uint256)', [toHexAddress(stranger), 5_000n * TT]),
      }),
      {
        header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }),
        permissionId: 2,
        feeLimit: 100_000_000n,
      },
    );
    await client.broadcastTransaction(signTransaction(transfer, hexToBytes(bob.privateKey)));
    const alert = page
      .locator('[data-testid="watch-alert"][data-rule="policy-breach"]')
      .filter({ has: page.locator(`a[href$="${transfer.txID}"]`) });
    await alert.waitFor({ timeout: 90_000 });
    await expect(alert.textContent()).resolves.toMatch(/per-transaction cap of 1,000 TT/);
  });

  it('ran without CSP violations, console errors or page errors', () => {
    expect(desk.harness.pageProblems).toEqual([]);
  });

  /** The builder's review of a TRX payment from the treasury to the supplier under "payments". */
  async function payFromTreasury(amount: string): Promise<void> {
    const page = desk.harness.page;
    await desk.harness.goto(`/build/trx-transfer?owner=${treasury.address}`);
    await page.getByTestId('signer-choice').getByLabel('Sign with').selectOption({
      label: 'Active 2 “payments” (threshold 1)',
    });
    await page.getByLabel('Recipient', { exact: true }).fill(supplier);
    await page.getByLabel('Amount (TRX)').fill(amount);
    await reviewWithLongWindow(page);
    await page.locator('[data-testid="simulation"][data-success="true"]').waitFor();
  }
});
