import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '../../../src-main/node';
import { encodeBase58Check } from '../../../src-core/bytes/base58';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { encodeTransaction, verifyTransactionIntegrity } from '../../../src-core/tx/codec';
import { broadcast, call, fundedKey, makeTx, newKey, startNode, transfer, type Key } from './helpers';

/**
 * The HTTP API's java-tron shapes and the behaviour common to every endpoint (java-tron's servlets,
 * Util.printErrorMsg).
 */
describe('HTTP API shapes', () => {
  let node: TronNode;
  let alice: Key;
  let bob: Key;

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
    bob = fundedKey(node, 1);
  });
  afterAll(async () => node?.stop());

  it('answers with status 200, application/json and a trailing newline', async () => {
    const response = await fetch(`${node.url}/wallet/getnowblock`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await response.text()).endsWith('}\n')).toBe(true);
  });

  it('getaccount: {} when absent, defaults omitted, both address forms with visible', async () => {
    expect((await call(node, '/wallet/getaccount', { address: newKey().hex })).json).toEqual({});
    expect((await call(node, '/wallet/getaccount', {})).json).toEqual({});
    const hex = (await call(node, '/wallet/getaccount', { address: alice.hex })).json;
    expect(hex.address).toBe(alice.hex);
    expect(hex.type).toBeUndefined();
    expect(hex.frozenV2).toEqual([{}, { type: 'ENERGY' }, { type: 'TRON_POWER' }]);
    const base58 = encodeBase58Check(hexToBytes(alice.hex));
    const visible = (await call(node, '/wallet/getaccount', { address: base58, visible: true })).json;
    expect(visible.address).toBe(base58);
    expect(visible.owner_permission.keys[0].address).toBe(base58);
    const get = (await call(node, `/wallet/getaccount?address=${base58}&visible=true`)).json;
    expect(get.balance).toBe(visible.balance);
    expect((await call(node, '/wallet/getaccount', { address: 'zz' })).json.Error).toMatch(
      /^class org\.tron\.core\.services\.http\.JsonFormat\$ParseException : /,
    );
  });

  it('createtransaction: solidified reference block, head time + 60 s, Permission_id and extra_data, visible output', async () => {
    const tx = (
      await call(node, '/wallet/createtransaction', {
        owner_address: alice.hex,
        to_address: bob.hex,
        amount: 5,
        Permission_id: 2,
        extra_data: '6869',
      })
    ).json;
    const head = node.head();
    const solidId = await node.chain.blockIdHex(head.solidified);
    expect(tx.raw_data.ref_block_hash).toBe(solidId.slice(16, 32));
    expect(tx.raw_data.ref_block_bytes).toBe(head.solidified.toString(16).padStart(4, '0'));
    expect(tx.raw_data.expiration).toBe(head.timestamp + 60_000);
    expect(tx.raw_data.contract[0].Permission_id).toBe(2);
    expect(tx.raw_data.data).toBe('6869');
    expect(verifyTransactionIntegrity(tx as never)).toBe(tx.txID);
    const visible = (
      await call(node, '/wallet/createtransaction', {
        owner_address: encodeBase58Check(hexToBytes(alice.hex)),
        to_address: encodeBase58Check(hexToBytes(bob.hex)),
        amount: 5,
        visible: true,
      })
    ).json;
    expect(visible.visible).toBe(true);
    expect(visible.raw_data.contract[0].parameter.value.owner_address).toBe(encodeBase58Check(hexToBytes(alice.hex)));
    expect(
      (await call(node, '/wallet/createtransaction', { owner_address: alice.hex, to_address: alice.hex, amount: 5 }))
        .json,
    ).toEqual({
      Error: 'class org.tron.core.exception.ContractValidateException : Cannot transfer TRX to yourself.',
    });
    const emptyGet = await call(node, '/wallet/createtransaction');
    expect([emptyGet.status, emptyGet.text]).toEqual([200, '']);
  });

  it('broadcast: exactly {"result":true,"txid"} on success; broadcasthex prints result, code, message and the transaction', async () => {
    const tx = makeTx(node, transfer(alice, bob, 11n), alice.key);
    const ok = await call(node, '/wallet/broadcasttransaction', tx);
    expect(ok.text).toBe(`{"result":true,"txid":"${tx.txID}"}\n`);
    const again = makeTx(node, transfer(alice, bob, 12n), alice.key);
    const hex = bytesToHex(hexToBytes(encodeSigned(again)));
    const reply = (await call(node, '/wallet/broadcasthex', { transaction: hex })).json;
    expect(reply).toMatchObject({ result: true, code: 'SUCCESS', message: '', txid: again.txID });
    expect(JSON.parse(reply.transaction as string).raw_data.contract[0].parameter.value.owner_address).toBe(
      encodeBase58Check(hexToBytes(alice.hex)),
    );
    const dup = (await call(node, '/wallet/broadcasthex', { transaction: hex })).json;
    expect(dup).toMatchObject({ result: false, code: 'DUP_TRANSACTION_ERROR', message: 'Dup transaction.' });
    expect((await call(node, '/wallet/broadcasttransaction')).status).toBe(405);
  });

  it('gettransactionbyid / infobyid: pending, packed, solidified; {} when unknown', async () => {
    const tx = makeTx(node, transfer(alice, bob, 21n), alice.key);
    expect(await broadcast(node, tx)).toMatchObject({ result: true });
    const pending = (await call(node, '/wallet/gettransactionbyid', { value: tx.txID })).json;
    expect(pending.ret).toEqual([{ contractRet: 'SUCCESS' }]);
    expect((await call(node, '/wallet/gettransactioninfobyid', { value: tx.txID })).json).toEqual({});
    const packed = await node.mine(1);
    const info = (await call(node, `/wallet/gettransactioninfobyid?value=${tx.txID}`)).json;
    expect(info).toMatchObject({ id: tx.txID, blockNumber: packed.number, contractResult: [''] });
    expect((await call(node, '/walletsolidity/gettransactioninfobyid', { value: tx.txID })).json).toEqual({});
    expect((await call(node, '/walletsolidity/gettransactionbyid', { value: tx.txID })).json).toEqual({});
    await node.mine(19);
    expect((await call(node, '/walletsolidity/gettransactionbyid', { value: tx.txID })).json.txID).toBe(tx.txID);
    expect((await call(node, '/walletsolidity/gettransactioninfobyid', { value: tx.txID })).json).toEqual(info);
    expect((await call(node, '/wallet/gettransactionbyid', { value: '00'.repeat(32) })).json).toEqual({});
  });

  it('blocks: blockID carries the number, getblock defaults to the head without transactions, java-tron errors', async () => {
    const tx = makeTx(node, transfer(alice, bob, 31n), alice.key);
    await broadcast(node, tx);
    const head = await node.mine(1);
    const byNum = (await call(node, '/wallet/getblockbynum', { num: head.number })).json;
    expect(byNum.blockID.slice(0, 16)).toBe(head.number.toString(16).padStart(16, '0'));
    expect(byNum.transactions.map((t: { txID: string }) => t.txID)).toEqual([tx.txID]);
    expect((await call(node, '/wallet/getblockbyid', { value: byNum.blockID })).json).toEqual(byNum);
    const getblock = (await call(node, '/wallet/getblock', { detail: false })).json;
    expect(getblock.blockID).toBe(byNum.blockID);
    expect(getblock.transactions).toBeUndefined();
    expect((await call(node, '/wallet/getblock', { id_or_num: String(head.number), detail: true })).json).toEqual(
      byNum,
    );
    expect((await call(node, '/wallet/getblock', { id_or_num: 'x'.repeat(64) })).json).toEqual({
      Error: 'id must be legal block hash.',
    });
    expect((await call(node, '/wallet/getblock', { id_or_num: '-1' })).json).toEqual({
      Error: 'num must be non-positive number.',
    });
    expect((await call(node, '/wallet/getblockbynum', { num: head.number + 5 })).json).toEqual({});
    const genesis = (await call(node, '/wallet/getblockbynum', { num: 0 })).json;
    expect(genesis.block_header.raw_data.number).toBeUndefined();
    expect(genesis.block_header.witness_signature).toBeUndefined();
    const range = (await call(node, '/wallet/getblockbylimitnext', { startNum: 1, endNum: 4 })).json;
    expect(
      range.block.map((b: { block_header: { raw_data: { number: number } } }) => b.block_header.raw_data.number),
    ).toEqual([1, 2, 3]);
    const solid = (await call(node, '/walletsolidity/getnowblock')).json;
    expect(solid.block_header.raw_data.number).toBe(node.head().solidified);
  });

  it('gettransactioninfobyblocknum: the infos of a block in block order, [] without any, {} for num 0', async () => {
    const first = makeTx(node, transfer(alice, bob, 11n), alice.key);
    const second = makeTx(node, transfer(bob, alice, 22n), bob.key);
    expect((await broadcast(node, first)).result).toBe(true);
    expect((await broadcast(node, second)).result).toBe(true);
    const head = await node.mine(1);
    const infos = (await call(node, '/wallet/gettransactioninfobyblocknum', { num: head.number })).json;
    expect(Array.isArray(infos)).toBe(true);
    const ids = (infos as unknown as { id: string; blockNumber: number }[]).map((i) => i.id);
    const block = (await call(node, '/wallet/getblockbynum', { num: head.number })).json;
    expect(ids).toEqual(block.transactions.map((t: { txID: string }) => t.txID));
    expect(ids.sort()).toEqual([first.txID, second.txID].sort());
    expect((infos as unknown as { blockNumber: number }[])[0]!.blockNumber).toBe(head.number);
    expect((await call(node, `/wallet/gettransactioninfobyblocknum?num=${head.number}`)).json).toEqual(infos);
    // Not solidified yet: the solidity API has nothing for it.
    expect((await call(node, '/walletsolidity/gettransactioninfobyblocknum', { num: head.number })).json).toEqual([]);
    const empty = await node.mine(1);
    expect((await call(node, '/wallet/gettransactioninfobyblocknum', { num: empty.number })).json).toEqual([]);
    expect((await call(node, '/wallet/gettransactioninfobyblocknum', { num: 0 })).json).toEqual({});
    await node.mine(20);
    const solid = (await call(node, '/walletsolidity/gettransactioninfobyblocknum', { num: head.number })).json;
    expect(solid).toEqual(infos);
  });

  it('getchainparameters omits zero values; listwitnesses, getnodeinfo and getaccountresource answer', async () => {
    const params = (await call(node, '/wallet/getchainparameters', '')).json.chainParameter as {
      key: string;
      value?: number;
    }[];
    expect(params[0]).toEqual({ key: 'getMaintenanceTimeInterval', value: 21_600_000 });
    expect(params).toContainEqual({ key: 'getEnergyFee', value: 210 });
    expect(params).toContainEqual({ key: 'getTransactionFee', value: 1000 });
    expect(params).toContainEqual({ key: 'getAllowUpdateAccountName' });
    const witnesses = (await call(node, '/wallet/listwitnesses')).json.witnesses as Record<string, unknown>[];
    expect(witnesses).toHaveLength(27);
    const info = (
      await call(node, '/wallet/getnodeinfo', '', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
    ).json;
    expect(info.block).toBe(`Num:${node.head().number},ID:${node.head().id}`);
    expect(info.configNodeInfo.codeVersion).toBe('4.8.0');
    const resource = (await call(node, '/wallet/getaccountresource', { address: alice.hex })).json;
    expect(resource).toMatchObject({
      freeNetLimit: 600,
      TotalNetLimit: 43_200_000_000,
      TotalEnergyLimit: 180_000_000_000,
    });
  });

  it('validateaddress: the form is told by the length', async () => {
    const base58 = encodeBase58Check(hexToBytes(alice.hex));
    expect((await call(node, '/wallet/validateaddress', { address: alice.hex })).text).toBe(
      '{"result":true,"message":"Hex string format"}\n',
    );
    expect((await call(node, `/wallet/validateaddress?address=${base58}`)).json).toEqual({
      result: true,
      message: 'Base58check format',
    });
    expect(
      (await call(node, '/wallet/validateaddress', { address: Buffer.from(hexToBytes(alice.hex)).toString('base64') }))
        .json,
    ).toEqual({ result: true, message: 'Base64 format' });
    expect((await call(node, '/wallet/validateaddress', { address: 'abc' })).json).toEqual({
      result: false,
      message: 'Length error',
    });
    expect((await call(node, '/wallet/validateaddress', { address: base58.slice(0, -1) + 'x' })).json).toEqual({
      result: false,
      message: 'Invalid address',
    });
    expect((await call(node, '/wallet/validateaddress', '{bad')).text).toBe('');
  });

  it('getsignweight reports the permission; malformed transaction JSON is a NullPointerException', async () => {
    const tx = makeTx(node, transfer(alice, bob, 41n), alice.key);
    const weight = (await call(node, '/wallet/getsignweight', tx)).json;
    expect(weight.result).toEqual({});
    expect(weight.permission).toEqual({
      permission_name: 'owner',
      threshold: 1,
      keys: [{ address: alice.hex, weight: 1 }],
    });
    expect(weight.transaction.result).toEqual({ result: true });
    expect((await call(node, '/wallet/getsignweight', { foo: 1 })).json).toEqual({
      Error: 'class java.lang.NullPointerException : null',
    });
    const stranger = makeTx(node, transfer(newKey(), bob, 1n), alice.key);
    expect((await call(node, '/wallet/getsignweight', stranger)).json.result).toEqual({
      code: 'PERMISSION_ERROR',
      message: 'Account does not exist!',
    });
    expect((await call(node, '/wallet/getapprovedlist', stranger)).json.result).toEqual({
      code: 'OTHER_ERROR',
      message: 'class org.tron.core.exception.PermissionException : Account does not exist!',
    });
  });

  it('checks the Host header, answers loopback CORS preflights, limits the body size', async () => {
    const raw = (headers: Record<string, string>, method = 'GET', body?: string) =>
      new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port: node.port, path: '/wallet/getnowblock', method, headers },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const evil = await raw({ Host: 'evil.example' });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.text).Error).toMatch(/Host header/);
    expect((await raw({ Host: `localhost:${node.port}` })).status).toBe(200);
    const preflight = await raw(
      { Host: `127.0.0.1:${node.port}`, Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect((await raw({ Host: `127.0.0.1:${node.port}`, Origin: 'https://evil.example' }, 'OPTIONS')).status).toBe(403);
    const big = await call(node, '/wallet/getaccount', JSON.stringify({ address: 'a'.repeat(4_194_400) }));
    expect(big.json).toEqual({ Error: 'class java.lang.Exception : body size is too big, the limit is 4194304' });
    expect((await call(node, '/wallet/nosuchapi')).status).toBe(404);
  });

  it('dev mode: /admin/accounts, /admin/mine and /admin/time; --no-dev removes them', async () => {
    const accounts = (await call(node, '/admin/accounts')).json.accounts;
    expect(accounts).toHaveLength(10);
    expect(accounts[0]).toMatchObject({ index: 0, hex: alice.hex, privateKey: node.accounts[0]!.privateKey });
    const before = node.head();
    const mined = (await call(node, '/admin/mine', { blocks: 3 })).json;
    expect(mined).toMatchObject({ head: before.number + 3, solidified: node.head().solidified });
    const time = (await call(node, '/admin/time', { seconds: 600 })).json;
    expect(time.nextBlockTimestamp).toBe(node.head().timestamp + 3000 + 600_000);
    const jumped = await node.mine(1);
    expect(jumped.timestamp).toBe(time.nextBlockTimestamp);
    expect((await call(node, '/admin/mine', { blocks: 0 })).json.Error).toMatch(/blocks must be a whole number/);
    const prod = await startNode({ dev: false });
    try {
      expect((await call(prod, '/admin/accounts')).status).toBe(404);
      expect((await call(prod, '/admin/mine', { blocks: 1 })).status).toBe(404);
    } finally {
      await prod.stop();
    }
  });
});

function encodeSigned(tx: Parameters<typeof encodeTransaction>[0]): string {
  return bytesToHex(encodeTransaction(tx));
}
