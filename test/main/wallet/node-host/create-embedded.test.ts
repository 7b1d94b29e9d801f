import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronNodeClient } from '@core/client';
import { hexToBytes } from '@core/bytes/hex';
import { encodeFunctionData } from '@core/abi/calldata';
import * as b from '@core/tx/builders';
import { transactionHeader } from '@core/tx/header';
import { signTransaction } from '@core/tx/sign';
import { createNode, type TronNode } from '@main/node';
import { embeddedNodeFactory, nodeSequenceDryRun } from '@main/wallet/node-host/create-embedded';
import type { EmbeddedNode } from '@main/wallet/node-host/embedded-node';
import { loadArtifacts } from '../../../fixtures/contracts/compile';

/**
 * The host's sequence dry run over the node's own `dryRunSequence`: steps in order on one copy
 * of head plus pool, read as the permission editor reads them (stage, java-tron's code and
 * message, balance changes per step, fee), with nothing kept.
 */
describe('node host sequence dry run over node.dryRunSequence', () => {
  let node: TronNode;
  let client: TronNodeClient;

  beforeAll(async () => {
    node = await createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 0 });
    await node.mine(1);
    client = new TronNodeClient({ fullNodeUrl: node.url, fetch: globalThis.fetch.bind(globalThis) });
  });
  afterAll(async () => {
    await node?.stop();
  });

  async function build(spec: b.ContractSpec, feeLimit?: bigint) {
    const ref = await client.getRefBlock();
    return b.buildTransaction(spec, {
      header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }),
      ...(feeLimit ? { feeLimit } : {}),
    });
  }
  const transfer = (from: number, to: number, amount: bigint) =>
    build(b.transferContract({ owner: node.accounts[from]!.hex, to: node.accounts[to]!.hex, amount }));
  const key = (i: number) => hexToBytes(node.accounts[i]!.privateKey);

  it('applies steps in order on one copy, reports balance changes per step, and leaves the chain alone', async () => {
    const before = (await client.getAccount(node.accounts[1]!.hex))!.balance;
    const result = await nodeSequenceDryRun(node, [
      { transaction: signTransaction(await transfer(0, 1, 5_000_000n), key(0)), checkSignatures: true },
      { transaction: signTransaction(await transfer(1, 2, 2_000_000n), key(1)), checkSignatures: true },
    ]);
    expect(result.headBlock).toBe(node.head().number);
    expect(result.outcomes.map((o) => [o.accepted, o.stage, o.code])).toEqual([
      [true, 'apply', undefined],
      [true, 'apply', undefined],
    ]);
    expect(result.outcomes[0]!.balanceChanges).toEqual([
      { address: node.accounts[0]!.hex, deltaSun: -5_000_000n },
      { address: node.accounts[1]!.hex, deltaSun: 5_000_000n },
    ]);
    expect(result.outcomes[1]!.balanceChanges).toEqual([
      { address: node.accounts[1]!.hex, deltaSun: -2_000_000n },
      { address: node.accounts[2]!.hex, deltaSun: 2_000_000n },
    ]);
    expect((await client.getAccount(node.accounts[1]!.hex))!.balance).toBe(before);
    expect(node.pool.size).toBe(0);
  });

  it("stops at the first refusal, at the signature stage, with java-tron's code and message", async () => {
    const result = await nodeSequenceDryRun(node, [
      { transaction: signTransaction(await transfer(0, 1, 1_000_000n), key(3)), checkSignatures: true },
      { transaction: signTransaction(await transfer(0, 1, 1_000_000n), key(0)), checkSignatures: true },
    ]);
    expect(result.outcomes).toHaveLength(1);
    expect(result.outcomes[0]).toMatchObject({ accepted: false, stage: 'signature', code: 'SIGERROR' });
    expect(result.outcomes[0]!.message).toMatch(
      /^Validate signature error: .* is signed by .* but it is not contained of permission\.$/,
    );
  });

  it('applies an unsigned step when told not to check signatures, and still runs the contract rules', async () => {
    const [outcome] = (
      await nodeSequenceDryRun(node, [{ transaction: await transfer(0, 1, 10n ** 18n), checkSignatures: false }])
    ).outcomes;
    expect(outcome).toMatchObject({ accepted: false, stage: 'apply', code: 'CONTRACT_VALIDATE_ERROR' });
    expect(outcome!.message).toContain('balance is not sufficient');
  });

  it('counts placeholder signatures in the size and the multi-signature fee when told to', async () => {
    const unsigned = await transfer(0, 1, 1_000_000n);
    const [one] = (
      await nodeSequenceDryRun(node, [{ transaction: unsigned, checkSignatures: false, placeholderSignatures: 1 }])
    ).outcomes;
    const [two] = (
      await nodeSequenceDryRun(node, [{ transaction: unsigned, checkSignatures: false, placeholderSignatures: 2 }])
    ).outcomes;
    expect(one!.accepted && two!.accepted).toBe(true);
    // The multi-signature fee (1 TRX on the dev chain) applies from the second signature on.
    expect(two!.feeSun - one!.feeSun).toBeGreaterThanOrEqual(1_000_000n);
  });

  it('runs smart-contract steps', async () => {
    const token = loadArtifacts()['Token']!;
    const deploy = signTransaction(
      await build(
        b.createSmartContract({
          owner: node.accounts[0]!.hex,
          abi: token.abi as Record<string, unknown>[],
          bytecode: token.bytecode + 1_000n.toString(16).padStart(64, '0'),
        }),
        1_000_000_000n,
      ),
      key(0),
    );
    const [outcome] = (await nodeSequenceDryRun(node, [{ transaction: deploy, checkSignatures: true }])).outcomes;
    expect(outcome).toMatchObject({ accepted: true, stage: 'apply', txid: deploy.txID });
    expect(outcome!.feeSun).toBeGreaterThan(314_716n * 210n);
    expect(outcome!.balanceChanges).toEqual([{ address: node.accounts[0]!.hex, deltaSun: -outcome!.feeSun }]);
    expect(node.pool.size).toBe(0);
  });

  it("reports a call's contractRet, revert reason and energy, and runs the steps after a revert", async () => {
    const reverter = loadArtifacts()['Reverter']!;
    const deploy = signTransaction(
      await build(
        b.createSmartContract({
          owner: node.accounts[0]!.hex,
          abi: reverter.abi as Record<string, unknown>[],
          bytecode: reverter.bytecode,
        }),
        1_000_000_000n,
      ),
      key(0),
    );
    const call = signTransaction(
      await build(
        b.triggerSmartContract({
          owner: node.accounts[0]!.hex,
          contract: deploy.contract_address!,
          data: encodeFunctionData('fail(string)', ['vesting locked']),
        }),
        100_000_000n,
      ),
      key(0),
    );
    const after = signTransaction(await transfer(0, 1, 1_000_000n), key(0));
    const { outcomes } = await nodeSequenceDryRun(node, [
      { transaction: deploy, checkSignatures: true },
      { transaction: call, checkSignatures: true },
      { transaction: after, checkSignatures: true },
    ]);
    expect(outcomes.map((o) => [o.accepted, o.contractRet])).toEqual([
      [true, 'SUCCESS'],
      [true, 'REVERT'],
      [true, 'SUCCESS'],
    ]);
    expect(outcomes[1]!.revertReason).toBe('vesting locked');
    expect(outcomes[1]!.energyUsed).toBeGreaterThan(0n);
    expect(outcomes[0]!.energyUsed).toBeGreaterThan(outcomes[1]!.energyUsed!);
  });

  it('offers no sequence dry run for a node without one, rather than reaching into its internals', async () => {
    const { dryRunSequence: _sequence, dryRun: _single, ...bare } = node;
    const embedded = await embeddedNodeFactory(async () => ({
      ...bare,
      url: node.url,
      port: node.port,
      config: node.config,
      accounts: node.accounts,
      head: () => node.head(),
      stop: async () => undefined,
    }))({
      port: 0,
      datadir: '',
      blockTimeMs: 0,
      saveInternalTx: false,
      estimateEnergy: true,
      allowBrowserAccess: false,
      adminEndpoints: false,
      log: () => undefined,
    });
    expect(embedded.dryRunSequence).toBeUndefined();
    expect(embedded.dryRun).toBeUndefined();
    const full = await embeddedNodeFactory(async () => node)({
      port: 0,
      datadir: '',
      blockTimeMs: 0,
      saveInternalTx: false,
      estimateEnergy: true,
      allowBrowserAccess: false,
      adminEndpoints: false,
      log: () => undefined,
    });
    expect(typeof full.dryRunSequence).toBe('function');
  });
});

/** What the app's embedded node answers to web pages and on /admin/*, as the Node screen's settings say. */
describe('the embedded node: browser access and dev endpoints', () => {
  const started: EmbeddedNode[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const node of started) await node.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function start(settings: { allowBrowserAccess: boolean; adminEndpoints: boolean }): Promise<EmbeddedNode> {
    const datadir = await mkdtemp(join(tmpdir(), 'embedded-settings-'));
    dirs.push(datadir);
    const node = await embeddedNodeFactory((input) => createNode({ ...input, signatureWorkers: 0 }))({
      port: 0,
      datadir,
      blockTimeMs: 0,
      saveInternalTx: false,
      estimateEnergy: true,
      ...settings,
      log: () => undefined,
    });
    started.push(node);
    return node;
  }

  function get(node: EmbeddedNode, path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; origin: unknown; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: node.port, path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode!, origin: res.headers['access-control-allow-origin'], body }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('by default refuses requests from web pages with a 403 saying why, and serves no /admin/*', async () => {
    const node = await start({ allowBrowserAccess: false, adminEndpoints: false });
    const page = await get(node, '/wallet/getnowblock', { Origin: 'http://localhost:5173' });
    expect(page.status).toBe(403);
    expect(JSON.parse(page.body).Error).toBe(
      'class java.lang.IllegalAccessException : Origin header refused: this node does not answer requests from web pages (browser access is turned off)',
    );
    expect((await get(node, '/wallet/getnowblock')).status).toBe(200);
    expect((await get(node, '/admin/accounts')).status).toBe(404);
    // The wallet's own dry runs go through the node in process, not over /admin/dryrun.
    expect(typeof node.dryRun).toBe('function');
    expect(typeof node.dryRunSequence).toBe('function');
  });

  it('answers pages on this computer and serves /admin/* when the settings turn them on', async () => {
    const node = await start({ allowBrowserAccess: true, adminEndpoints: true });
    const page = await get(node, '/wallet/getnowblock', { Origin: 'http://localhost:5173' });
    expect([page.status, page.origin]).toEqual([200, 'http://localhost:5173']);
    expect((await get(node, '/wallet/getnowblock', { Origin: 'https://evil.example' })).status).toBe(403);
    const accounts = await get(node, '/admin/accounts');
    expect(accounts.status).toBe(200);
    expect(JSON.parse(accounts.body).accounts.length).toBeGreaterThan(0);
  });
});
