import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainParametersFromNode } from '@core/chain/parameters';
import { TronNodeClient } from '@core/client/client';
import type { FetchLike } from '@core/client/fetch';
import { createEnvelope, type Envelope } from '@core/envelope';
import { buildTransaction, transferContract, triggerSmartContract } from '@core/tx/builders';
import { transactionHeader } from '@core/tx/header';
import { signTransaction } from '@core/tx/sign';
import { createNode, type TronNode } from '@main/node';
import { simulateEnvelope } from '@main/wallet/cosign/simulate-envelope';
import { simulateEnvelopeOnFork } from '@main/wallet/cosign/simulate-on-fork';
import { ChainReads } from '@main/wallet/transactions/chain-reads';
import { loadArtifacts } from '../../../fixtures/contracts/compile';
import {
  buildUpstreamState,
  spawnHeadlessNode,
  transferData,
  type ChildNode,
  type UpstreamScenario,
} from '../../../fixtures/fork-upstream';

/**
 * A co-signer simulates an envelope built against node A on a throw-away fork of A
 * (src-main/wallet/cosign/simulate-on-fork.ts); the result must be the one a dry run on A's own
 * state gives (a copy of A's data directory, so A itself is never touched).
 */
const fetchLike = globalThis.fetch as unknown as FetchLike;

describe('simulateEnvelopeOnFork', () => {
  const dirs: string[] = [];
  let scenario: UpstreamScenario;
  let a: ChildNode;
  let copy: TronNode;
  let upstream: TronNodeClient;

  beforeAll(async () => {
    const upstreamDir = await mkdtemp(join(tmpdir(), 'fork-sim-a-'));
    const copyDir = await mkdtemp(join(tmpdir(), 'fork-sim-copy-'));
    dirs.push(upstreamDir, copyDir);
    scenario = await buildUpstreamState(upstreamDir);
    await cp(upstreamDir, copyDir, { recursive: true });
    a = await spawnHeadlessNode(['--port', '0', '--block-time-ms', '0', '--datadir', upstreamDir]);
    copy = await createNode({ port: 0, blockTimeMs: 0, signatureWorkers: 0, datadir: copyDir });
    upstream = new TronNodeClient({ fullNodeUrl: a.url, fetch: fetchLike });
  });
  afterAll(async () => {
    await copy?.stop();
    await a?.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function envelopeOf(
    spec: Parameters<typeof buildTransaction>[0],
    key: Uint8Array,
    options: { permissionId?: number; feeLimit?: bigint; abi?: readonly unknown[] } = {},
  ): Promise<Envelope> {
    const ref = await upstream.getRefBlock();
    const tx = buildTransaction(spec, {
      header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp, expirationMs: 3_600_000 }),
      ...(options.permissionId !== undefined ? { permissionId: options.permissionId } : {}),
      ...(options.feeLimit !== undefined ? { feeLimit: options.feeLimit } : {}),
    });
    return createEnvelope({
      transaction: signTransaction(tx, key),
      network: { name: 'Node A', genesisBlockId: (await upstream.getGenesisBlockId()).toLowerCase() },
      ...(options.abi ? { abi: options.abi as never } : {}),
      createdAt: ref.timestamp,
    });
  }

  async function onCopyOfA(envelope: Envelope) {
    const client = new TronNodeClient({ fullNodeUrl: copy.url, fetch: fetchLike });
    return simulateEnvelope({
      envelope,
      client,
      reads: new ChainReads(),
      parameters: chainParametersFromNode(await client.getChainParameters()),
      dryRun: copy.dryRun.bind(copy),
      headTime: copy.head().timestamp,
    });
  }

  const onFork = (envelope: Envelope) =>
    simulateEnvelopeOnFork({ envelope, upstream: { url: a.url }, createNode: (input) => createNode(input) });

  it("gives the multisig's payment, signed by one of its 2-of-3 keys, the result of a dry run on A", async () => {
    const envelope = await envelopeOf(
      transferContract({ owner: scenario.multisig.hex, to: scenario.carol.hex, amount: 7_000_000n }),
      scenario.cosigners[0]!.key,
      { permissionId: 2 },
    );
    const forked = await onFork(envelope);
    const reference = await onCopyOfA(envelope);
    expect(forked.simulation).toMatchObject({ method: 'dry-run', success: true });
    expect(forked.simulation).toEqual(reference.simulation);
    expect(forked.cost).toEqual(reference.cost);
    expect(forked.forkPoint.id).toBe((await upstream.getNowBlockHeader()).blockID);
  });

  it("gives a TRC-20 transfer the energy and result of a dry run on A, and A's state is untouched", async () => {
    const before = await upstream.getAccount(scenario.bob.hex);
    const envelope = await envelopeOf(
      triggerSmartContract({
        owner: scenario.bob.hex,
        contract: scenario.token,
        data: transferData(scenario.carol.hex, 777n),
      }),
      scenario.bob.key,
      { feeLimit: 100_000_000n, abi: loadArtifacts()['Token']!.abi },
    );
    const forked = await onFork(envelope);
    const reference = await onCopyOfA(envelope);
    expect(forked.simulation).toMatchObject({ method: 'dry-run', success: true });
    expect(forked.simulation.energyUsed).toBeGreaterThan(0n);
    expect(forked.simulation).toEqual(reference.simulation);
    expect(forked.cost).toEqual(reference.cost);
    expect(await upstream.getAccount(scenario.bob.hex)).toEqual(before);
    expect(await upstream.getTransactionInfoById(envelope.transaction.txID)).toBeNull();
  });
});
