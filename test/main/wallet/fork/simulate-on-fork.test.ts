import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronNodeClient } from '@core/client/client';
import type { FetchLike } from '@core/client/fetch';
import type { Envelope } from '@core/envelope';
import { triggerSmartContract } from '@core/tx/builders';
import { createNode, type TronNode } from '@main/node';
import { simulateEnvelopeOnFork } from '@main/wallet/fork/simulate-on-fork';
import { loadArtifacts } from '../../../fixtures/contracts/compile';
import {
  buildUpstreamState,
  envelopeOn,
  multisigPayment,
  simulateOnNode,
  spawnHeadlessNode,
  transferData,
  type ChildNode,
  type UpstreamScenario,
} from '../../../fixtures/fork-upstream';

/**
 * A co-signer simulates an envelope built against node A on a throw-away fork of A
 * (src-main/wallet/fork/simulate-on-fork.ts); the result must be the one a dry run on A's own
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

  const envelopeOf = (
    spec: Parameters<typeof envelopeOn>[1],
    key: Uint8Array,
    options?: Parameters<typeof envelopeOn>[3],
  ): Promise<Envelope> => envelopeOn(upstream, spec, key, options);
  const onCopyOfA = (envelope: Envelope) => simulateOnNode(copy, envelope);

  const onFork = (envelope: Envelope) =>
    simulateEnvelopeOnFork({ envelope, upstream: { url: a.url }, createNode: (input) => createNode(input) });

  it("gives the multisig's payment, signed by one of its 2-of-3 keys, the result of a dry run on A", async () => {
    const envelope = await multisigPayment(upstream, scenario);
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
