import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TronNode } from '@main/node';
import { hexToBytes } from '@core/bytes/hex';
import { stringifyJson } from '@core/json/lossless';
import type { TransactionJson } from '@core/tx/types';
import type { RecoveredSignature } from '@main/node/permission-check/permission-check';
import { applyTransaction } from '@main/node/chain/apply';
import { AdmissionError, RESPONSE_CODE } from '@main/node/errors';
import { transactionFromJson } from '@main/node/java-json/tx-input';
import type { StateView } from '@main/node/state/view';
import { fundedKey, makeTx, newKey, startNode, transfer, type Key } from '../helpers';

/** Validate the signatures, then apply: the one path admission, the pool, blocks and the dry run share. */
describe('applyTransaction', () => {
  let node: TronNode;
  let alice: Key;
  let bob: Key;
  const carol = newKey();
  beforeAll(async () => {
    node = await startNode({ witnessCount: 1 });
    alice = fundedKey(node, 0);
    bob = fundedKey(node, 1);
  });
  afterAll(async () => node?.stop());

  const signer = (key: Key): RecoveredSignature => ({ ok: true, address: hexToBytes(key.hex), addressHex: key.hex });
  const parsed = (json: TransactionJson) => transactionFromJson(stringifyJson(json), false);
  const run = (view: StateView, json: TransactionJson, signers: RecoveredSignature[] | null, after?: () => void) =>
    applyTransaction(parsed(json), {
      ...node.chain.processContext(view, node.pool.nextBlock()),
      signers,
      afterSignatureCheck: after,
    });

  it('applies a transfer the owner signed to the view, and only to the view', () => {
    const view = node.chain.newView();
    const outcome = run(view, makeTx(node, transfer(alice, carol, 5n), alice.key), [signer(alice)]);
    expect(outcome).toMatchObject({ actuatorFee: 1_000_000n });
    expect(view.getAccount(carol.hex)!.balance).toBe(5n);
    expect(node.chain.state.getAccount(carol.hex)).toBeUndefined();
  });

  it('refuses another signer with SIGERROR before the checks that follow, leaving the view as it was', () => {
    const view = node.chain.newView();
    const after = vi.fn();
    let refusal: unknown;
    try {
      run(view, makeTx(node, transfer(alice, carol, 5n), bob.key), [signer(bob)], after);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AdmissionError);
    expect(refusal).toMatchObject({
      code: RESPONSE_CODE.SIGERROR,
      message: expect.stringMatching(/^Validate signature error: /),
    });
    expect(after).not.toHaveBeenCalled();
    expect(view.changes.size).toBe(0);
  });

  it('runs the checks that follow the signatures before the contract; their refusal changes nothing', () => {
    const view = node.chain.newView();
    const tapos = () => {
      throw new AdmissionError(RESPONSE_CODE.TAPOS_ERROR, 'Tapos check error.');
    };
    expect(() => run(view, makeTx(node, transfer(alice, carol, 5n), alice.key), [signer(alice)], tapos)).toThrow(
      'Tapos check error.',
    );
    expect(view.changes.size).toBe(0);
  });

  it('skips the signature check when no signers are given (a dry run "as if signed")', () => {
    const view = node.chain.newView();
    run(view, makeTx(node, transfer(alice, carol, 7n), bob.key), null);
    expect(view.getAccount(carol.hex)!.balance).toBe(7n);
  });
});
