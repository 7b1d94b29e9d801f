import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TronNode } from '@main/node';
import * as signatureScan from '@main/node/http/signature-scan';
import { call, fundedKey, makeTx, newKey, startNode, transfer, type Key } from '../../helpers';

vi.mock('@main/node/http/signature-scan', async (importOriginal) => {
  const actual = await importOriginal<typeof signatureScan>();
  return { ...actual, scanSignatures: vi.fn(actual.scanSignatures) };
});

/**
 * broadcasttransaction reads a body's signatures apart from the rest only when the body is large
 * enough for that to pay: a wallet's transfer is merged whole, and a small body with too many
 * signatures gets the same "too many signatures" as a large one.
 */
describe('broadcasttransaction: the signature scan is kept for large bodies', () => {
  let node: TronNode;
  let alice: Key;
  const scanned = vi.mocked(signatureScan.scanSignatures);
  const tooMany = Buffer.from('Validate signature error: too many signatures').toString('hex');

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
  });
  afterAll(async () => node?.stop());
  beforeEach(() => {
    scanned.mockClear();
  });

  /** A transfer from alice signed by her, then `extra` random 65-byte signatures. */
  function signedBody(extra: number): { txID: string; body: string } {
    const tx = makeTx(node, transfer(alice, newKey(), 1n), alice.key);
    const signature = [...tx.signature!, ...Array.from({ length: extra }, () => randomBytes(65).toString('hex'))];
    return { txID: tx.txID, body: JSON.stringify({ ...tx, signature }) };
  }

  it('accepts a transfer with its one signature without scanning its text', async () => {
    const { txID, body } = signedBody(0);
    const reply = (await call(node, '/wallet/broadcasttransaction', body)).json;
    expect(reply).toEqual({ result: true, txid: txID });
    expect(scanned).not.toHaveBeenCalled();
  });

  it('refuses six signatures in a small body with "too many signatures", merged whole', async () => {
    const { txID, body } = signedBody(5);
    const reply = (await call(node, '/wallet/broadcasttransaction', body)).json;
    expect(reply).toEqual({ code: 'SIGERROR', txid: txID, message: tooMany });
    expect(scanned).not.toHaveBeenCalled();
  });

  it('scans a body of 1,000 signatures and refuses it the same way', async () => {
    const { txID, body } = signedBody(999);
    const reply = (await call(node, '/wallet/broadcasttransaction', body)).json;
    expect(reply).toEqual({ code: 'SIGERROR', txid: txID, message: tooMany });
    expect(scanned).toHaveBeenCalledTimes(1);
  });
});
