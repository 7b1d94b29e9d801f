import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronNodeClient } from '../../../../src-core/client';
import { hexToBytes } from '../../../../src-core/bytes/hex';
import * as b from '../../../../src-core/tx/builders';
import { transactionHeader } from '../../../../src-core/tx/header';
import { signTransaction } from '../../../../src-core/tx/sign';
import { createNode, type TronNode } from '../../../../src-main/node';
import { hasNodeInternals, throwawayDryRun } from '../../../../src-main/wallet/node-host/throwaway-dry-run';

/** The stopgap dry run (until node.dryRun lands): the node's own checks on a copy that is thrown away. */
describe('throwaway dry run over the real node', () => {
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

  async function transfer(from: number, to: number, amount: bigint, permissionId?: number) {
    const ref = await client.getRefBlock();
    const spec = b.transferContract({ owner: node.accounts[from]!.hex, to: node.accounts[to]!.hex, amount });
    return b.buildTransaction(spec, { header: transactionHeader({ refBlock: ref, headTimestamp: ref.timestamp }), ...(permissionId !== undefined ? { permissionId } : {}) });
  }
  const key = (i: number) => hexToBytes(node.accounts[i]!.privateKey);

  it('reaches the node internals it needs', () => {
    expect(hasNodeInternals(node)).toBe(true);
    expect(hasNodeInternals({ head: () => 0 })).toBe(false);
  });

  it('applies steps in order on one copy, reports balance changes per step, and leaves the chain alone', async () => {
    const before = (await client.getAccount(node.accounts[1]!.hex))!.balance;
    const first = signTransaction(await transfer(0, 1, 5_000_000n), key(0));
    const second = signTransaction(await transfer(1, 2, 2_000_000n), key(1));
    const result = throwawayDryRun(node, [
      { transaction: first, checkSignatures: true },
      { transaction: second, checkSignatures: true },
    ]);
    expect(result.headBlock).toBe(node.head().number);
    expect(result.outcomes.map((o) => o.accepted)).toEqual([true, true]);
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

  it("stops at the first refusal with java-tron's code and message", async () => {
    const wrongKey = signTransaction(await transfer(0, 1, 1_000_000n), key(3));
    const later = signTransaction(await transfer(0, 1, 1_000_000n), key(0));
    const result = throwawayDryRun(node, [
      { transaction: wrongKey, checkSignatures: true },
      { transaction: later, checkSignatures: true },
    ]);
    expect(result.outcomes).toHaveLength(1);
    expect(result.outcomes[0]).toMatchObject({ accepted: false, stage: 'signature', code: 'SIGERROR' });
    expect(result.outcomes[0]!.message).toMatch(/^Validate signature error: .* is signed by .* but it is not contained of permission\.$/);
  });

  it('applies an unsigned step when told not to check signatures, and still runs the contract rules', async () => {
    const tooMuch = await transfer(0, 1, 10n ** 18n);
    const [outcome] = throwawayDryRun(node, [{ transaction: tooMuch, checkSignatures: false }]).outcomes;
    expect(outcome).toMatchObject({ accepted: false, stage: 'apply', code: 'CONTRACT_VALIDATE_ERROR' });
    expect(outcome!.message).toContain('balance is not sufficient');
  });

  it('counts placeholder signatures in the size and the multi-signature fee when told to', async () => {
    const unsigned = await transfer(0, 1, 1_000_000n);
    const [one] = throwawayDryRun(node, [{ transaction: unsigned, checkSignatures: false, placeholderSignatures: 1 }]).outcomes;
    const [two] = throwawayDryRun(node, [{ transaction: unsigned, checkSignatures: false, placeholderSignatures: 2 }]).outcomes;
    expect(one!.accepted && two!.accepted).toBe(true);
    // The multi-signature fee (1 TRX on the dev chain) applies from the second signature on.
    expect(two!.feeSun - one!.feeSun).toBeGreaterThanOrEqual(1_000_000n);
  });
});
