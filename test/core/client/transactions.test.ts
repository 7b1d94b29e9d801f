import { describe, expect, it } from 'vitest';
import type { TransactionJson } from '../../../src-core/tx/types';
import { BroadcastError, NodeApiError, SignatureCheckError, ValidationError } from '../../../src-core/errors';
import { NODE_URL, clientFor, hexOf, ok } from './fake-node';
import {
  K1,
  K2,
  K3,
  NILE_DEPLOY_INFO,
  NILE_TO,
  NILE_TRANSFER,
  TRANSFER_INFO,
  signedFromVector,
  unsignedFromVector,
} from '../../fixtures/java-tron/nile-responses';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

const SIGNED = signedFromVector('transfer_multisig_pid2') as unknown as TransactionJson;

describe('broadcasttransaction', () => {
  it('posts the signed transaction as is and returns the txid of {result: true, txid}', async () => {
    const { client, node } = clientFor({ '/wallet/broadcasttransaction': ok({ result: true, txid: SIGNED.txID }) });
    const result = await client.broadcastTransaction(SIGNED);
    expect(node.only().url).toBe(`${NODE_URL}/wallet/broadcasttransaction`);
    expect(node.only().json).toEqual(SIGNED);
    // TronWeb writes v in uppercase hex; the node must see the signature exactly as signed.
    expect(node.only().body).toContain(`"signature":${JSON.stringify(SIGNED.signature)}`);
    expect(result).toEqual({ txid: SIGNED.txID });
  });

  it('also accepts a success that prints code SUCCESS', async () => {
    const { client } = clientFor({
      '/wallet/broadcasttransaction': ok({ result: true, code: 'SUCCESS', txid: SIGNED.txID }),
    });
    expect(await client.broadcastTransaction(SIGNED)).toEqual({ txid: SIGNED.txID });
  });

  it.each([
    ['SIGERROR', 'Validate signature error: sig error', 'signatures'],
    ['SIGERROR', 'Validate signature error: miss sig or contract', 'signatures'],
    ['TAPOS_ERROR', 'Tapos check error.', 'reference block'],
    ['TRANSACTION_EXPIRATION_ERROR', 'Transaction expired', 'expired'],
    ['BANDWITH_ERROR', 'Account resource insufficient error.', 'bandwidth'],
    ['DUP_TRANSACTION_ERROR', 'Dup transaction.', 'already has'],
    [
      'CONTRACT_VALIDATE_ERROR',
      'Contract validate error : Validate TransferContract error, balance is not sufficient.',
      'refused',
    ],
    ['CONTRACT_EXE_ERROR', 'Contract execute error : balance is not sufficient.', 'failed'],
    ['NO_CONNECTION', 'No connection.', 'peers'],
    ['SERVER_BUSY', 'Server busy.', 'busy'],
  ])('throws BroadcastError for %s with the hex message decoded', async (code, text, advice) => {
    const { client } = clientFor({
      '/wallet/broadcasttransaction': ok({ code, txid: SIGNED.txID, message: hexOf(text) }),
    });
    const error = (await caught(client.broadcastTransaction(SIGNED))) as BroadcastError;
    expect(error).toBeInstanceOf(BroadcastError);
    expect(error).toBeInstanceOf(NodeApiError);
    expect(error.code).toBe('BROADCAST_FAILED');
    expect(error.nodeCode).toBe(code);
    expect(error.nodeMessage).toBe(text);
    expect(error.txid).toBe(SIGNED.txID);
    expect(error.message).toContain(code);
    expect(error.message).toContain(advice);
  });

  it('keeps the message as text when the transaction was posted with visible=true', async () => {
    const visible = { ...SIGNED, visible: true };
    const { client } = clientFor({
      '/wallet/broadcasttransaction': ok({
        code: 'SIGERROR',
        txid: SIGNED.txID,
        message: 'Validate signature error: sig error',
      }),
    });
    const error = (await caught(client.broadcastTransaction(visible))) as BroadcastError;
    expect(error.nodeMessage).toBe('Validate signature error: sig error');
  });

  it('treats an answer without result or code as NODE_BAD_RESPONSE', async () => {
    const { client } = clientFor({ '/wallet/broadcasttransaction': ok({}) });
    expect(((await caught(client.broadcastTransaction(SIGNED))) as NodeApiError).code).toBe('NODE_BAD_RESPONSE');
  });

  it('reports a malformed transaction error body as NODE_ERROR', async () => {
    const { client } = clientFor({
      '/wallet/broadcasttransaction': ok({ Error: 'class java.lang.NullPointerException : null' }),
    });
    const error = (await caught(client.broadcastTransaction(SIGNED))) as NodeApiError;
    expect(error.code).toBe('NODE_ERROR');
    expect(error.javaClass).toBe('java.lang.NullPointerException');
  });

  it('refuses something that is not a transaction object before sending', async () => {
    const { client, node } = clientFor({});
    expect(await caught(client.broadcastTransaction('0a02' as never))).toBeInstanceOf(ValidationError);
    expect(node.calls).toHaveLength(0);
  });
});

describe('broadcasthex', () => {
  const hex = SIGNED.raw_data_hex;

  it('posts {"transaction": hex} and reads the stringified echo', async () => {
    const echo = JSON.stringify({ visible: true, txID: SIGNED.txID, raw_data: {} });
    const { client, node } = clientFor({
      '/wallet/broadcasthex': ok({ result: true, code: 'SUCCESS', message: '', transaction: echo, txid: SIGNED.txID }),
    });
    const result = await client.broadcastHex(`0x${hex.toUpperCase()}`);
    expect(node.only().json).toEqual({ transaction: hex });
    expect(result.txid).toBe(SIGNED.txID);
    expect(result.transaction).toEqual({ visible: true, txID: SIGNED.txID, raw_data: {} });
  });

  it('throws BroadcastError with the plain-text message on failure', async () => {
    const { client } = clientFor({
      '/wallet/broadcasthex': ok({
        result: false,
        code: 'SIGERROR',
        message: 'Validate signature error: sig error',
        transaction: '{}',
        txid: SIGNED.txID,
      }),
    });
    const error = (await caught(client.broadcastHex(hex))) as BroadcastError;
    expect(error.nodeCode).toBe('SIGERROR');
    expect(error.nodeMessage).toBe('Validate signature error: sig error');
  });
});

describe('gettransactionbyid / gettransactioninfobyid', () => {
  it('posts {"value": txid} and returns null for {}', async () => {
    const { client, node } = clientFor({ '/wallet/gettransactionbyid': ok({}) });
    expect(await client.getTransactionById(NILE_TRANSFER.txID.toUpperCase())).toBeNull();
    expect(node.only().json).toEqual({ value: NILE_TRANSFER.txID });
  });

  it('returns the stored transaction with ret, from /walletsolidity when asked', async () => {
    const stored = {
      ...NILE_TRANSFER,
      visible: undefined,
      signature: ['ab'.repeat(65)],
      ret: [{ contractRet: 'SUCCESS' }],
    };
    const { client, node } = clientFor({ '/walletsolidity/gettransactionbyid': ok(stored) });
    const tx = await client.getTransactionById(NILE_TRANSFER.txID, { solidity: true });
    expect(node.only().url).toBe(`${NODE_URL}/walletsolidity/gettransactionbyid`);
    expect(tx?.ret?.[0]?.contractRet).toBe('SUCCESS');
    expect(tx?.txID).toBe(NILE_TRANSFER.txID);
  });

  it('reads the Nile deployment info with defaults filled in', async () => {
    const { client, node } = clientFor({ '/walletsolidity/gettransactioninfobyid': ok(NILE_DEPLOY_INFO) });
    const info = await client.getTransactionInfoById(NILE_DEPLOY_INFO.id, { solidity: true });
    expect(node.only().json).toEqual({ value: NILE_DEPLOY_INFO.id });
    expect(info).not.toBeNull();
    expect(info!.fee).toBe(5_254_500n);
    expect(info!.blockNumber).toBe(66985120);
    expect(info!.result).toBe('SUCESS');
    expect(info!.contract_address).toBe(NILE_DEPLOY_INFO.contract_address);
    expect(info!.receipt).toEqual({
      energy_usage: 0,
      energy_fee: 4_458_500n,
      origin_energy_usage: 0,
      energy_usage_total: 44585,
      net_usage: 0,
      net_fee: 796_000n,
      energy_penalty_total: 0,
      result: 'SUCCESS',
    });
    expect(info!.log[0]!.address).toBe('584587b353166787b37d1b05a4a91e59c5370bcf');
    expect(info!.internal_transactions).toEqual([
      {
        hash: NILE_DEPLOY_INFO.internal_transactions[0]!.hash,
        caller_address: NILE_DEPLOY_INFO.contract_address,
        transferTo_address: NILE_TO,
        callValueInfo: [{ callValue: 0n, tokenId: '' }],
        note: 'call',
        rejected: false,
        extra: '',
      },
    ]);
  });

  it('reads a plain transfer whose receipt has only net_usage', async () => {
    const { client } = clientFor({ '/wallet/gettransactioninfobyid': ok(TRANSFER_INFO) });
    const info = await client.getTransactionInfoById(TRANSFER_INFO.id);
    expect(info!.fee).toBe(0n);
    expect(info!.receipt.net_usage).toBe(267);
    expect(info!.receipt.result).toBe('DEFAULT');
    expect(info!.internal_transactions).toEqual([]);
  });

  it('decodes resMessage of a failed contract call', async () => {
    const failed = {
      ...NILE_DEPLOY_INFO,
      result: 'FAILED',
      resMessage: hexOf('REVERT opcode executed'),
      receipt: { ...NILE_DEPLOY_INFO.receipt, result: 'REVERT' },
    };
    const { client } = clientFor({ '/wallet/gettransactioninfobyid': ok(failed) });
    const info = await client.getTransactionInfoById(NILE_DEPLOY_INFO.id);
    expect(info!.result).toBe('FAILED');
    expect(info!.resMessage).toBe('REVERT opcode executed');
    expect(info!.receipt.result).toBe('REVERT');
  });

  it('reads the infos of a block as a list in block order (gettransactioninfobyblocknum)', async () => {
    const { client, node } = clientFor({
      '/walletsolidity/gettransactioninfobyblocknum': ok([TRANSFER_INFO, NILE_DEPLOY_INFO]),
    });
    const infos = await client.getTransactionInfoByBlockNum(66985120, { solidity: true });
    expect(node.only().json).toEqual({ num: 66985120 });
    expect(infos.map((i) => i.id)).toEqual([TRANSFER_INFO.id, NILE_DEPLOY_INFO.id]);
    expect(infos[1]!.log[0]!.address).toBe('584587b353166787b37d1b05a4a91e59c5370bcf');
  });

  it('reads [] as a block without transactions and refuses an answer that is no list', async () => {
    const { client } = clientFor({ '/wallet/gettransactioninfobyblocknum': [ok([]), ok({})] });
    expect(await client.getTransactionInfoByBlockNum(5)).toEqual([]);
    expect(((await caught(client.getTransactionInfoByBlockNum(5))) as NodeApiError).code).toBe('NODE_BAD_RESPONSE');
  });

  it('refuses block number 0 before asking (java-tron answers {} for it)', async () => {
    const { client, node } = clientFor({});
    expect(((await caught(client.getTransactionInfoByBlockNum(0))) as ValidationError).code).toBe(
      'CLIENT_BAD_ARGUMENT',
    );
    expect(node.calls).toHaveLength(0);
  });

  it('returns null for {} (not yet in a block)', async () => {
    const { client } = clientFor({ '/walletsolidity/gettransactioninfobyid': ok({}) });
    expect(await client.getTransactionInfoById(TRANSFER_INFO.id, { solidity: true })).toBeNull();
  });

  it.each([
    ['too short', 'abc'],
    ['not hex', 'zz'.repeat(32)],
    ['a number', 42],
  ])('refuses a txid that is %s', async (_what, id) => {
    const { client, node } = clientFor({});
    const error = (await caught(client.getTransactionById(id as string))) as ValidationError;
    expect(error.code).toBe('CLIENT_BAD_ARGUMENT');
    expect(node.calls).toHaveLength(0);
  });

  it('refuses info whose fee is not an integer', async () => {
    const { client } = clientFor({ '/wallet/gettransactioninfobyid': ok({ ...TRANSFER_INFO, fee: 'lots' }) });
    expect(((await caught(client.getTransactionInfoById(TRANSFER_INFO.id))) as NodeApiError).code).toBe(
      'NODE_BAD_RESPONSE',
    );
  });
});

describe('getsignweight / getapprovedlist', () => {
  const tx = unsignedFromVector('transfer_multisig_pid2') as unknown as TransactionJson;
  const activePermission = {
    type: 'Active',
    id: 2,
    permission_name: 'active',
    threshold: 2,
    operations: '7fff1fc0033efb0f000000000000000000000000000000000000000000000000',
    keys: [
      { address: K1.hex, weight: 1 },
      { address: K2.hex, weight: 1 },
    ],
  };
  const extensionOf = {
    result: { result: true },
    txid: tx.txID,
    transaction: { txID: tx.txID, raw_data: tx.raw_data, raw_data_hex: tx.raw_data_hex, signature: ['cd'.repeat(65)] },
  };

  it('reads NOT_ENOUGH_PERMISSION with the approvals so far', async () => {
    const answer = {
      permission: activePermission,
      approved_list: [K1.hex],
      current_weight: 1,
      result: { code: 'NOT_ENOUGH_PERMISSION' },
      transaction: extensionOf,
    };
    const { client, node } = clientFor({ '/wallet/getsignweight': ok(answer) });
    const weight = await client.getSignWeight(tx);
    expect(node.only().url).toBe(`${NODE_URL}/wallet/getsignweight`);
    expect(node.only().json).toEqual(tx);
    expect(weight.result).toEqual({ code: 'NOT_ENOUGH_PERMISSION', message: '' });
    expect(weight.approved_list).toEqual([K1.hex]);
    expect(weight.current_weight).toBe(1n);
    expect(weight.permission).toEqual({
      ...activePermission,
      threshold: 2n,
      parent_id: 0,
      keys: [
        { address: K1.hex, weight: 1n },
        { address: K2.hex, weight: 1n },
      ],
    });
    expect(weight.transaction.txid).toBe(tx.txID);
    expect(weight.transaction.transaction?.txID).toBe(tx.txID);
  });

  it('reads "result":{} as ENOUGH_PERMISSION and a type-less owner permission as Owner/id 0', async () => {
    const owner = { permission_name: 'owner', threshold: 1, keys: [{ address: K3.base58, weight: 1 }] };
    const answer = {
      permission: owner,
      approved_list: [K3.hex],
      current_weight: 1,
      result: {},
      transaction: extensionOf,
    };
    const { client } = clientFor({ '/wallet/getsignweight': ok(answer) });
    const weight = await client.getSignWeight(tx);
    expect(weight.result.code).toBe('ENOUGH_PERMISSION');
    expect(weight.permission?.type).toBe('Owner');
    expect(weight.permission?.id).toBe(0);
    expect(weight.permission?.keys[0]!.address).toBe(K3.hex);
  });

  it('reads an unsigned transaction: no current_weight and no approved_list', async () => {
    const answer = {
      permission: activePermission,
      result: { code: 'NOT_ENOUGH_PERMISSION' },
      transaction: extensionOf,
    };
    const { client } = clientFor({ '/wallet/getsignweight': ok(answer) });
    const weight = await client.getSignWeight(tx);
    expect(weight.current_weight).toBe(0n);
    expect(weight.approved_list).toEqual([]);
  });

  it.each([
    ['PERMISSION_ERROR', 'Permission denied!'],
    ['PERMISSION_ERROR', 'Account does not exist!'],
    ['SIGNATURE_FORMAT_ERROR', 'Signature size is 64'],
    ['OTHER_ERROR', 'Invalid transaction: no valid contract'],
  ])('throws SignatureCheckError for %s with its plain-string message', async (code, message) => {
    const { client } = clientFor({
      '/wallet/getsignweight': ok({ result: { code, message }, transaction: extensionOf }),
    });
    const error = (await caught(client.getSignWeight(tx))) as SignatureCheckError;
    expect(error).toBeInstanceOf(SignatureCheckError);
    expect(error.code).toBe('SIGN_WEIGHT_FAILED');
    expect(error.nodeCode).toBe(code);
    expect(error.nodeMessage).toBe(message);
  });

  it('reports malformed transaction JSON (NullPointerException) as NODE_ERROR', async () => {
    const { client } = clientFor({
      '/wallet/getsignweight': ok({ Error: 'class java.lang.NullPointerException : null' }),
    });
    expect(((await caught(client.getSignWeight(tx))) as NodeApiError).code).toBe('NODE_ERROR');
  });

  it('reads the approved list ("result":{} is SUCCESS)', async () => {
    const { client, node } = clientFor({
      '/wallet/getapprovedlist': ok({ approved_list: [K1.hex, K2.hex], result: {}, transaction: extensionOf }),
    });
    const approved = await client.getApprovedList(tx);
    expect(node.only().url).toBe(`${NODE_URL}/wallet/getapprovedlist`);
    expect(approved.approved_list).toEqual([K1.hex, K2.hex]);
  });

  it('throws SignatureCheckError APPROVED_LIST_FAILED for a missing account', async () => {
    const message = 'class org.tron.core.exception.PermissionException : Account does not exist!';
    const { client } = clientFor({
      '/wallet/getapprovedlist': ok({ result: { code: 'OTHER_ERROR', message }, transaction: extensionOf }),
    });
    const error = (await caught(client.getApprovedList(tx))) as SignatureCheckError;
    expect(error.code).toBe('APPROVED_LIST_FAILED');
    expect(error.nodeCode).toBe('OTHER_ERROR');
    expect(error.nodeMessage).toBe(message);
  });
});
