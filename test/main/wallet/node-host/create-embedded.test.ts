import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronNodeClient } from '../../../../src-core/client';
import { hexToBytes } from '../../../../src-core/bytes/hex';
import * as b from '../../../../src-core/tx/builders';
import { transactionHeader } from '../../../../src-core/tx/header';
import { signTransaction } from '../../../../src-core/tx/sign';
import { createNode, type TronNode } from '../../../../src-main/node';
import { nodeSequenceDryRun } from '../../../../src-main/wallet/node-host/create-embedded';
import { throwawayDryRun } from '../../../../src-main/wallet/node-host/throwaway-dry-run';
import { loadArtifacts } from '../../../fixtures/contracts/compile';

/**
 * The host's sequence dry run over the node's own `dryRunSequence`: the same answers as the
 * stopgap for system contracts, and smart-contract steps as well.
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
    return b.buildTransaction(spec, { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }), ...(feeLimit ? { feeLimit } : {}) });
  }
  const transfer = (from: number, to: number, amount: bigint) => build(b.transferContract({ owner: node.accounts[from]!.hex, to: node.accounts[to]!.hex, amount }));
  const key = (i: number) => hexToBytes(node.accounts[i]!.privateKey);

  it('answers as the stopgap does for a chain of transfers, a refusal and placeholder signatures', async () => {
    const steps = [
      { transaction: signTransaction(await transfer(0, 1, 5_000_000n), key(0)), checkSignatures: true },
      { transaction: signTransaction(await transfer(1, 2, 2_000_000n), key(1)), checkSignatures: true },
      { transaction: signTransaction(await transfer(0, 1, 1_000_000n), key(3)), checkSignatures: true },
    ];
    const ours = await nodeSequenceDryRun(node, steps);
    expect(ours).toEqual(throwawayDryRun(node, steps));
    expect(ours.outcomes.map((o) => [o.accepted, o.stage, o.code])).toEqual([[true, 'apply', undefined], [true, 'apply', undefined], [false, 'signature', 'SIGERROR']]);
    const unsigned = await transfer(0, 1, 1_000_000n);
    for (const count of [1, 2]) {
      const placeholder = [{ transaction: unsigned, checkSignatures: false, placeholderSignatures: count }];
      expect(await nodeSequenceDryRun(node, placeholder)).toEqual(throwawayDryRun(node, placeholder));
    }
  });

  it('runs smart-contract steps, which the stopgap cannot', async () => {
    const token = loadArtifacts()['Token']!;
    const deploy = signTransaction(await build(b.createSmartContract({ owner: node.accounts[0]!.hex, abi: token.abi as Record<string, unknown>[], bytecode: token.bytecode + (1_000n).toString(16).padStart(64, '0') }), 1_000_000_000n), key(0));
    const [outcome] = (await nodeSequenceDryRun(node, [{ transaction: deploy, checkSignatures: true }])).outcomes;
    expect(outcome).toMatchObject({ accepted: true, stage: 'apply', txid: deploy.txID });
    expect(outcome!.feeSun).toBeGreaterThan(314_716n * 210n);
    expect(outcome!.balanceChanges).toEqual([{ address: node.accounts[0]!.hex, deltaSun: -outcome!.feeSun }]);
    expect(throwawayDryRun(node, [{ transaction: deploy, checkSignatures: true }]).outcomes[0]).toMatchObject({ accepted: false, code: 'OTHER_ERROR' });
    expect(node.pool.size).toBe(0);
  });
});
