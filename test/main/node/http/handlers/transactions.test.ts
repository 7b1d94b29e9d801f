import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TronNode } from '../../../../../src-main/node';
import type { TransactionJson } from '../../../../../src-core/tx/types';
import { call, fundedKey, makeTx, newKey, startNode, transfer, type Key } from '../../helpers';

/**
 * getsignweight / getapprovedlist with more signatures than any key could have made: refused
 * before a single signature is recovered (TransactionCapsule.checkWeight's first check).
 */
describe('signature counts on getsignweight and getapprovedlist', () => {
  let node: TronNode;
  let alice: Key;

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
  });
  afterAll(async () => node?.stop());
  afterEach(() => vi.restoreAllMocks());

  /** A transfer from alice (one owner key) carrying `count` signatures of fresh keys. */
  function signedBy(count: number, permissionId?: number): TransactionJson {
    const keys = Array.from({ length: count }, () => newKey().key);
    return makeTx(node, transfer(alice, newKey(), 1n), alice.key, { signers: keys, permissionId });
  }

  it("refuses more signatures than the permission has keys with java-tron's PERMISSION_ERROR, recovering none", async () => {
    const recover = vi.spyOn(node.recovery, 'recover');
    for (const count of [2, 200]) {
      const reply = (await call(node, '/wallet/getsignweight', signedBy(count))).json;
      expect(reply.result).toEqual({
        code: 'PERMISSION_ERROR',
        message: `Signature count is ${count} more than key counts of permission : 1`,
      });
      expect(reply.permission.keys).toHaveLength(1);
      expect(reply.approved_list).toBeUndefined();
    }
    expect(recover).not.toHaveBeenCalled();
  });

  it('still recovers as many signatures as the permission has keys', async () => {
    const recover = vi.spyOn(node.recovery, 'recover');
    const reply = (await call(node, '/wallet/getsignweight', makeTx(node, transfer(alice, newKey(), 1n), alice.key)))
      .json;
    expect(reply.result).toEqual({});
    expect(reply.approved_list).toEqual([alice.hex]);
    expect(recover).toHaveBeenCalledTimes(1);
  });

  it('getapprovedlist refuses a list longer than the named permission has keys, recovering none', async () => {
    const recover = vi.spyOn(node.recovery, 'recover');
    const reply = (await call(node, '/wallet/getapprovedlist', signedBy(3))).json;
    expect(reply.result).toEqual({
      code: 'OTHER_ERROR',
      message:
        'class org.tron.core.exception.PermissionException : Signature count is 3 more than key counts of permission : 1',
    });
    expect(reply.approved_list).toBeUndefined();
    expect(recover).not.toHaveBeenCalled();
  });

  it('getapprovedlist bounds a permission the account lacks by getTotalSignNum, and lists up to that', async () => {
    const recover = vi.spyOn(node.recovery, 'recover');
    const over = (await call(node, '/wallet/getapprovedlist', signedBy(6, 9))).json;
    expect(over.result).toEqual({
      code: 'OTHER_ERROR',
      message:
        'class org.tron.core.exception.PermissionException : Signature count is 6 more than key counts of permission : 5',
    });
    expect(recover).not.toHaveBeenCalled();
    const within = (await call(node, '/wallet/getapprovedlist', signedBy(2, 9))).json;
    expect(within.result).toEqual({});
    expect(within.approved_list).toHaveLength(2);
    expect(recover).toHaveBeenCalledTimes(1);
  });
});
