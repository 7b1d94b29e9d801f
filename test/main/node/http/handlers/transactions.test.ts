import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TronNode } from '@main/node';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { utf8ToBytes } from '@core/bytes/utf8';
import { encodeBase58Check } from '@core/bytes/base58';
import type { TransactionJson } from '@core/tx/types';
import {
  call,
  fundedKey,
  JSON_FORMAT_PARSE,
  makeTx,
  newKey,
  startNode,
  transfer,
  type Key,
  type Reply,
} from '../../helpers';

/**
 * The transaction endpoints against java-tron 4.8.0 (commit 1e35f79a): BroadcastServlet with
 * Util.packTransaction and Wallet.broadcastTransaction, GetTransactionSignWeightServlet and
 * GetTransactionApprovedListServlet with Wallet.getTransactionSignWeight / getTransactionApprovedList,
 * CreateTransactionServlet with JsonFormat.merge and Util.processError.
 */
const PARSE = JSON_FORMAT_PARSE;
const hexText = (text: string): string => bytesToHex(utf8ToBytes(text));

describe('the transaction endpoints, as java-tron answers them', () => {
  let node: TronNode;
  let alice: Key;
  let bob: Key;

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
    bob = fundedKey(node, 1);
  });
  afterAll(async () => node?.stop());

  const post = async (path: string, body: unknown, init: RequestInit = {}): Promise<Reply> =>
    (await call(node, `/wallet/${path}`, body, init)).json;
  const withSignature = (tx: TransactionJson, signature: string): TransactionJson => ({
    ...tx,
    signature: [signature],
  });

  describe('5. a signature whose r is no x coordinate on the curve: Bouncy Castle\'s uncaught "Invalid point compression"', () => {
    const ZERO = '00'.repeat(65);

    it('broadcasttransaction answers OTHER_ERROR "Error: Invalid point compression" (Wallet.broadcastTransaction\'s last catch)', async () => {
      const tx = withSignature(makeTx(node, transfer(alice, bob, 1n), alice.key), ZERO);
      expect(await post('broadcasttransaction', tx)).toEqual({
        code: 'OTHER_ERROR',
        txid: tx.txID,
        message: hexText('Error: Invalid point compression'),
      });
    });

    it('a signature that decompresses but recovers no key stays SIGERROR', async () => {
      // r = 1: x³ + 7 = 8 = 2³ has a square root, so the recovery runs and fails on s = 0 instead.
      const tx = withSignature(
        makeTx(node, transfer(alice, bob, 2n), alice.key),
        `${'00'.repeat(31)}01${'00'.repeat(33)}`,
      );
      const reply = await post('broadcasttransaction', tx);
      expect(reply.code).toBe('SIGERROR');
    });

    it('getsignweight and getapprovedlist answer OTHER_ERROR with the exception class', async () => {
      const tx = withSignature(makeTx(node, transfer(alice, bob, 3n), alice.key), ZERO);
      const expected = {
        code: 'OTHER_ERROR',
        message: 'class java.lang.IllegalArgumentException : Invalid point compression',
      };
      expect((await post('getsignweight', tx)).result).toEqual(expected);
      expect((await post('getapprovedlist', tx)).result).toEqual(expected);
    });
  });

  describe('6. visible=true with 41… hex addresses: the Base58Check decode fails', () => {
    it('broadcasttransaction drops the contract it cannot read (Util.packTransaction) and answers "No contract!"', async () => {
      const tx = makeTx(node, transfer(alice, bob, 4n), alice.key);
      const reply = await post('broadcasttransaction', { ...tx, visible: true });
      expect(reply).toEqual({
        code: 'CONTRACT_VALIDATE_ERROR',
        txid: expect.stringMatching(/^[0-9a-f]{64}$/),
        message: 'Contract validate error : No contract!',
      });
      expect(reply.txid).not.toBe(tx.txID);
    });

    it('createtransaction answers JsonFormat\'s "INVALID base58 String" (Util.processError)', async () => {
      const text = `{"owner_address":"${alice.hex}","to_address":"${bob.hex}","amount":1,"visible":true}`;
      const column = '{"owner_address":'.length + 1;
      expect(await post('createtransaction', text)).toEqual({
        Error: `${PARSE}1:${column}: INVALID base58 String, Illegal character 0 at ${alice.hex.indexOf('0')}`,
      });
      const base58 = encodeBase58Check(hexToBytes(alice.hex));
      const ok = await post('createtransaction', {
        owner_address: base58,
        to_address: encodeBase58Check(hexToBytes(bob.hex)),
        amount: 1,
        visible: true,
      });
      expect(ok.raw_data.contract[0].parameter.value.owner_address).toBe(base58);
    });
  });

  describe('7. an int64 as a string or in exponent form (JsonFormat.merge, Tokenizer.consumeInt64)', () => {
    it('createtransaction refuses "Couldn\'t parse integer: For input string: …", quotes kept (Util.printErrorMsg)', async () => {
      const body = (amount: string) => `{"owner_address":"${alice.hex}","to_address":"${bob.hex}","amount":${amount}}`;
      const column = body('').length;
      expect(await post('createtransaction', body('"1000000"'))).toEqual({
        // Long.parseLong's text around the token, whose quotes are part of it.
        Error: `${PARSE}1:${column}: Couldn't parse integer: For input string: ""1000000""`,
      });
      expect(await post('createtransaction', body('1e6'))).toEqual({
        Error: `${PARSE}1:${column}: Couldn't parse integer: For input string: "1e6"`,
      });
      expect((await post('createtransaction', body('1000000'))).raw_data.contract[0].parameter.value.amount).toBe(
        1_000_000,
      );
    });
  });

  describe('8. a form body: converted only by PostParams servlets, only for exactly application/x-www-form-urlencoded', () => {
    const FORM = 'application/x-www-form-urlencoded';

    it('createtransaction reads the raw body (no PostParams): a form is a fastjson parse failure', async () => {
      const form = new URLSearchParams({ owner_address: alice.hex, to_address: bob.hex, amount: '1' }).toString();
      const reply = await post('createtransaction', form, { headers: { 'Content-Type': FORM } });
      expect(Object.keys(reply)).toEqual(['Error']);
      expect(reply.Error).toMatch(/^class com\.alibaba\.fastjson\.JSONException : /);
    });

    it('getaccount converts a form sent as exactly application/x-www-form-urlencoded, not one with "; charset=UTF-8"', async () => {
      const form = `address=${alice.hex}`;
      const converted = await post('getaccount', form, { headers: { 'Content-Type': FORM } });
      expect(converted.address).toBe(alice.hex);
      const withCharset = await post('getaccount', form, { headers: { 'Content-Type': `${FORM}; charset=UTF-8` } });
      expect(Object.keys(withCharset)).toEqual(['Error']);
      expect(withCharset.Error).toMatch(/^class com\.alibaba\.fastjson\.JSONException : /);
    });
  });

  it('gettransactionbyid and gettransactioninfobyid merge a BytesMessage: a number or bad hex is a ParseException', async () => {
    for (const path of ['gettransactionbyid', 'gettransactioninfobyid']) {
      expect(await post(path, '{"value":12}')).toEqual({ Error: `${PARSE}1:10: Expected string.` });
      expect(await post(path, '{"value":"zz"}')).toEqual({ Error: `${PARSE}1:10: INVALID hex String` });
    }
  });

  it('a stranger as signer of getapprovedlist is still listed (no permission check there)', async () => {
    const stranger = newKey();
    const tx = makeTx(node, transfer(alice, bob, 5n), stranger.key);
    expect((await post('getapprovedlist', tx)).approved_list).toEqual([stranger.hex]);
  });
});

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
