import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TronNode } from '@main/node';
import * as txInput from '@main/node/java-json/tx-input';
import { call, fundedKey, makeTx, newKey, startNode, transfer, type Key, type Reply } from '../../helpers';

vi.mock('@main/node/java-json/tx-input', async (importOriginal) => {
  const actual = await importOriginal<typeof txInput>();
  return { ...actual, transactionFromJson: vi.fn(actual.transactionFromJson) };
});

/**
 * getsignweight and getapprovedlist count a body's signatures from its text, and refuse too many
 * with TransactionCapsule.checkWeight's message before the transaction is built from the text: the
 * signatures never reach JsonFormat.merge. The reply still echoes the whole transaction as
 * Wallet.getTransactionSignWeight does.
 */
describe('signature counts read from the request text', () => {
  let node: TronNode;
  let alice: Key;
  const built = vi.mocked(txInput.transactionFromJson);

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
  });
  afterAll(async () => node?.stop());
  beforeEach(() => {
    built.mockClear();
  });

  /** A transfer from alice (one owner key) signed by her, then `extra` random 65-byte signatures. */
  function heavy(extra: number): { tx: Reply; body: string } {
    const tx = makeTx(node, transfer(alice, newKey(), 1n), alice.key);
    const signature = [...tx.signature!, ...Array.from({ length: extra }, () => randomBytes(65).toString('hex'))];
    return { tx: { ...tx, signature }, body: JSON.stringify({ ...tx, signature }) };
  }

  it('refuses 2,000 signatures on getsignweight with PERMISSION_ERROR before any text holding them is built', async () => {
    const { tx, body } = heavy(1_999);
    const reply = (await call(node, '/wallet/getsignweight', body)).json;
    expect(reply.result).toEqual({
      code: 'PERMISSION_ERROR',
      message: 'Signature count is 2000 more than key counts of permission : 1',
    });
    expect(reply.permission.keys).toHaveLength(1);
    expect(reply.transaction.txid).toBe(tx.txID);
    expect(reply.transaction.transaction.signature).toEqual(tx.signature);
    expect(reply.transaction.transaction.raw_data_hex).toBe(tx.raw_data_hex);
    expect(built).toHaveBeenCalled();
    for (const [text] of built.mock.calls) expect(text).not.toContain(tx.signature[1]);
  });

  it('refuses them on getapprovedlist the same way, with its OTHER_ERROR and the PermissionException class', async () => {
    const { tx, body } = heavy(1_999);
    const reply = (await call(node, '/wallet/getapprovedlist', body)).json;
    expect(reply.result).toEqual({
      code: 'OTHER_ERROR',
      message:
        'class org.tron.core.exception.PermissionException : Signature count is 2000 more than key counts of permission : 1',
    });
    expect(reply.transaction.transaction.signature).toEqual(tx.signature);
    for (const [text] of built.mock.calls) expect(text).not.toContain(tx.signature[1]);
  });

  it('prints upper-case and spaced signatures back as JsonFormat does, lower-case hex, and still weighs a good one', async () => {
    const { tx } = heavy(1);
    const body = JSON.stringify({ ...tx, signature: [] }).replace(
      '"signature":[]',
      `"signature":[ "${tx.signature[0].toUpperCase()}" ,\n"${tx.signature[1].toUpperCase()}" ]`,
    );
    const reply = (await call(node, '/wallet/getsignweight', body)).json;
    expect(reply.result.message).toBe('Signature count is 2 more than key counts of permission : 1');
    expect(reply.transaction.transaction.signature).toEqual(tx.signature);
    const one = (await call(node, '/wallet/getsignweight', { ...tx, signature: [tx.signature[0]] })).json;
    expect(one.result).toEqual({});
    expect(one.approved_list).toEqual([alice.hex]);
  });

  it('refuses 2,000 signatures on broadcasttransaction with "too many signatures", merging the text without them', async () => {
    const { tx, body } = heavy(1_999);
    const reply = (await call(node, '/wallet/broadcasttransaction', body)).json;
    expect(reply).toEqual({
      code: 'SIGERROR',
      txid: tx.txID,
      message: Buffer.from('Validate signature error: too many signatures').toString('hex'),
    });
    expect(built).toHaveBeenCalled();
    for (const [text] of built.mock.calls) expect(text).not.toContain(tx.signature[1]);
  });
});
