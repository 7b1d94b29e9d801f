import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase58Address } from '../../src-core/address/address';
import { bytesToHex } from '../../src-core/bytes/hex';
import { TronNodeClient } from '../../src-core/client/client';
import type { FetchLike } from '../../src-core/client/fetch';
import { serializeEnvelope } from '../../src-core/envelope';
import { createNode, type TronNode } from '../../src-main/node';
import { formatDelta } from '../../src-renderer/format/amounts';
import {
  buildUpstreamState,
  multisigPayment,
  simulateOnNode,
  spawnHeadlessNode,
  type ChildNode,
  type UpstreamScenario,
} from '../fixtures/fork-upstream';
import { realNodeFactory } from '../fixtures/real-node';
import { startWalletHarness, VAULT_PASSWORD, type WalletHarness } from './harness/wallet';

const fetchLike = globalThis.fetch as unknown as FetchLike;

/**
 * Fork mode in Chromium. Node A, a plain headless node in a child process with a multisig treasury
 * and a token, stands in for a real network: the wallet is pointed at it as its custom node. The
 * co-signing page's "Simulate on a fork" must show what a dry run on A's own state shows (A's data
 * directory copied before it started, run in this process); the Node screen forks A into the
 * embedded node, and impersonating an account there puts a banner on every page.
 */
describe('fork mode in Chromium', () => {
  const dirs: string[] = [];
  let scenario: UpstreamScenario;
  let a: ChildNode;
  let copyOfA: TronNode;
  let upstream: TronNodeClient;
  let w: WalletHarness;
  let stopNodes: () => Promise<void>;

  beforeAll(async () => {
    const upstreamDir = await mkdtemp(join(tmpdir(), 'e2e-fork-a-'));
    const copyDir = await mkdtemp(join(tmpdir(), 'e2e-fork-copy-'));
    dirs.push(upstreamDir, copyDir);
    scenario = await buildUpstreamState(upstreamDir);
    await cp(upstreamDir, copyDir, { recursive: true });
    a = await spawnHeadlessNode(['--port', '0', '--block-time-ms', '0', '--datadir', upstreamDir]);
    copyOfA = await createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 0, datadir: copyDir });
    upstream = new TronNodeClient({ fullNodeUrl: a.url, fetch: fetchLike });
    const factory = realNodeFactory();
    stopNodes = async () => {
      for (const node of factory.started) await node.stop();
    };
    w = await startWalletHarness({ createNode: factory, settings: { embeddedNode: { port: 0, blockTimeMs: 1000 } } });
    await w.wallet.ready;
    await w.wallet.vault.initialize(VAULT_PASSWORD);
    await w.wallet.node.selectNetwork({ kind: 'custom', fullNodeUrl: a.url });
  });
  afterAll(async () => {
    await w?.close();
    await stopNodes?.();
    await copyOfA?.stop();
    await a?.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("the envelope page's 'Simulate on a fork' shows the balance changes, energy and result of a dry run on A, with the fork's disclosure", async () => {
    const envelope = await multisigPayment(upstream, scenario);
    const { simulation: reference } = await simulateOnNode(copyOfA, envelope);
    expect(reference).toMatchObject({ method: 'dry-run', success: true });
    const imported = await w.wallet.cosign.import({ text: serializeEnvelope(envelope), source: 'paste' });
    const page = w.harness.page;
    await w.harness.goto(`/cosign/${imported.id}`);
    const card = page.getByTestId('fork-simulation');
    const network = `Custom node (127.0.0.1:${a.port})`;
    await expect(card.locator('h3').textContent()).resolves.toBe(`Simulate on a fork of ${network}`);
    await card.getByRole('button', { name: `Simulate on a fork of ${network}` }).click();
    const result = card.locator('[data-testid="simulation"][data-method="dry-run"]');
    await result.waitFor({ timeout: 60_000 });
    await expect(result.getAttribute('data-success')).resolves.toBe(String(reference.success));
    await expect(result.textContent()).resolves.toContain(`Dry run on a fork of ${network}`);
    await expect(result.getByTestId('simulation-energy').textContent()).resolves.toBe(reference.outOfEnergy.message);
    const rows = await result.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(reference.balanceChanges.length);
    for (const change of reference.balanceChanges)
      expect(rows.some((row) => row.includes(formatDelta(change.delta, change.decimals, change.asset)))).toBe(true);
    const head = await upstream.getNowBlockHeader();
    await expect(card.getByTestId('fork-point').textContent()).resolves.toContain(head.blockID);
    await expect(card.getByTestId('fork-fetched').textContent()).resolves.toMatch(/account: \d+/);
    await w.harness.screenshot('fork-envelope-simulation');
    // The fork was thrown away; A still has not seen the transaction.
    expect(await upstream.getTransactionInfoById(envelope.transaction.txID)).toBeNull();
  });

  it("the review page's 'Simulate on a fork' dry-runs the built transfer on a fork of A", async () => {
    await w.wallet.vault.importPrivateKey(bytesToHex(scenario.alice.key), { label: 'Alice' });
    const alice = toBase58Address(scenario.alice.hex);
    const page = w.harness.page;
    await w.harness.goto(`/build/trx-transfer?owner=${alice}`);
    await page.locator('[data-testid="permission-choice"]').first().waitFor();
    await page.getByLabel('Recipient').fill(toBase58Address(scenario.untouched.hex));
    await page.getByLabel('Amount (TRX)').fill('3');
    await page.getByRole('button', { name: 'Review' }).click();
    const card = page.getByTestId('tx-review').getByTestId('fork-simulation');
    await card.getByTestId('fork-simulate').click();
    const result = card.locator('[data-testid="simulation"][data-method="dry-run"]');
    await result.waitFor({ timeout: 60_000 });
    await expect(result.getAttribute('data-success')).resolves.toBe('true');
    const rows = await result.locator('tbody tr').allTextContents();
    expect(rows.some((row) => row.includes('+3 TRX'))).toBe(true);
    await w.harness.screenshot('fork-review-simulation');
  });

  it('the Node screen forks A into the embedded node, and impersonating an account shows a banner on every page until it stops', async () => {
    const page = w.harness.page;
    await w.harness.goto('/node');
    const panel = page.getByTestId('fork-panel');
    await panel.getByLabel('Network to fork').selectOption('custom');
    await panel.getByLabel('API key (optional)').fill('e2e-key-not-logged');
    await panel.getByTestId('fork-start').click();
    await panel.getByTestId('fork-disclosure').waitFor({ timeout: 60_000 });
    const head = await upstream.getNowBlockHeader();
    await expect(panel.getByTestId('fork-point').textContent()).resolves.toContain(head.blockID);
    await expect(page.getByTestId('impersonation-banner').count()).resolves.toBe(0);

    const multisig = toBase58Address(scenario.multisig.hex);
    await panel.getByLabel('Address (T…)').fill(multisig);
    await panel.getByTestId('fork-impersonate').click();
    const banner = page.getByTestId('impersonation-banner');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain(multisig);
    await w.harness.screenshot('fork-node-impersonating');
    for (const path of ['/cosign', '/history', '/']) {
      await w.harness.goto(path);
      await banner.waitFor();
      await expect(banner.textContent()).resolves.toContain(multisig);
    }
    await w.harness.screenshot('fork-banner-on-accounts');

    await w.harness.goto('/node');
    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await panel.getByTestId('fork-stop').click();
    await panel.getByTestId('fork-start').waitFor({ timeout: 60_000 });
    const logged = w.wallet.node.logTail(1000).map((line) => line.text);
    expect(logged.some((line) => line.includes(a.url))).toBe(true);
    expect(logged.join('\n')).not.toContain('e2e-key-not-logged');
  });
});
