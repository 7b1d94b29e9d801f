import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { encodeBase58Check } from '@core/bytes/base58';
import { hexToBytes } from '@core/bytes/hex';
import {
  broadcast,
  call,
  fundedKey,
  makeTx,
  newKey,
  startNode,
  transfer,
  integerParseError,
  JSON_FORMAT_PARSE,
  type Key,
  type Reply,
} from '../../helpers';

/**
 * The query endpoints against java-tron 4.8.0 (commit 1e35f79a): GetNowBlockServlet and
 * SolidityNodeHttpApiService's GetNowBlockOnSolidityServlet, whose doPost calls doGet, and
 * Wallet.getAccount behind GetAccountServlet.
 */
const PARSE = JSON_FORMAT_PARSE;
const BIG = '99999999999999999999';

describe('the query endpoints, as java-tron answers them', () => {
  let node: TronNode;
  let alice: Key;

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
    expect(await broadcast(node, makeTx(node, transfer(alice, fundedKey(node, 1), 1n), alice.key))).toMatchObject({
      result: true,
    });
    // Enough blocks for the solidified block to move past genesis, which names no witness.
    await node.mine(30);
    expect(node.head().solidified).toBeGreaterThan(0);
  });
  afterAll(async () => node?.stop());

  describe('4. getnowblock: doPost calls doGet, so visible comes from the query string and the body is never read', () => {
    const witnessOf = (reply: Reply): string => reply.block_header.raw_data.witness_address;

    it.each(['/wallet/getnowblock', '/walletsolidity/getnowblock'])(
      '%s ignores visible in a POST body',
      async (path) => {
        const reply = (await call(node, path, { visible: true })).json;
        expect(witnessOf(reply)).toMatch(/^41[0-9a-f]{40}$/);
      },
    );

    it.each(['/wallet/getnowblock', '/walletsolidity/getnowblock'])(
      '%s takes visible=true from the query string of a POST and of a GET',
      async (path) => {
        const posted = (await call(node, `${path}?visible=true`, {})).json;
        const hex = witnessOf((await call(node, path)).json);
        expect(witnessOf(posted)).toBe(encodeBase58Check(hexToBytes(hex)));
        expect(witnessOf((await call(node, `${path}?visible=true`)).json)).toBe(encodeBase58Check(hexToBytes(hex)));
      },
    );

    it('answers the head block to a POST whose body is not JSON at all', async () => {
      const reply = await call(node, '/wallet/getnowblock', '{not json');
      expect(reply.status).toBe(200);
      expect(reply.json.blockID).toBe(node.head().id);
    });
  });

  describe('3 and 7. the reads whose doPost merges the body into a message builder (JsonFormat.merge)', () => {
    const bodies = (): [string, string][] => [
      ['getblockbynum', '{"num":%}'],
      ['gettransactioninfobyblocknum', '{"num":%}'],
      ['getblockbylimitnext', '{"startNum":%,"endNum":2}'],
      ['getaccount', `{"address":"${alice.hex}","balance":%}`],
      ['getaccountnet', `{"address":"${alice.hex}","net_usage":%}`],
    ];

    it('refuse an int64 past the long range: "Number out of range for 64-bit signed integer"', async () => {
      for (const [path, template] of bodies()) {
        const text = template.replace('%', BIG);
        expect([path, (await call(node, `/wallet/${path}`, text)).json]).toEqual([
          path,
          integerParseError(text, BIG, `Number out of range for 64-bit signed integer: ${BIG}`),
        ]);
      }
    });

    it('refuse an int64 sent as a string or in exponent form: "For input string: …"', async () => {
      for (const [path, template] of bodies()) {
        for (const value of ['"1"', '1e0']) {
          const text = template.replace('%', value);
          const shown = value.startsWith('"') ? `""1""` : `"1e0"`;
          expect([path, (await call(node, `/wallet/${path}`, text)).json]).toEqual([
            path,
            integerParseError(text, value, `For input string: ${shown}`),
          ]);
        }
      }
    });

    it('take the plain number, and a GET still reads its query string', async () => {
      expect((await call(node, '/wallet/getblockbynum', '{"num":1}')).json.block_header.raw_data.number).toBe(1);
      expect((await call(node, '/wallet/getblockbynum?num=1')).json.block_header.raw_data.number).toBe(1);
      const range = (await call(node, '/wallet/getblockbylimitnext', '{"startNum":1,"endNum":3}')).json;
      expect(range.block.map((b: Reply) => b.block_header.raw_data.number)).toEqual([1, 2]);
    });
  });

  describe('getblockbylimitnext and gettransactioninfobyblocknum (their servlets, with Util.printBlockList)', () => {
    const numberFormat = (message: string) => ({ Error: `class java.lang.NumberFormatException : ${message}` });

    it('getblockbylimitnext answers an empty block list for a range past the head or below block 0, {} for a refused range', async () => {
      const head = node.head().number;
      for (const [start, end] of [
        [head + 1, head + 3],
        [-5, 3],
      ]) {
        expect([
          start,
          (await call(node, '/wallet/getblockbylimitnext', { startNum: start, endNum: end })).json,
        ]).toEqual([start, { block: [] }]);
        expect([start, (await call(node, `/wallet/getblockbylimitnext?startNum=${start}&endNum=${end}`)).json]).toEqual(
          [start, { block: [] }],
        );
      }
      for (const [start, end] of [
        [3, 3],
        [0, 101],
        [0, 0],
      ]) {
        expect((await call(node, '/wallet/getblockbylimitnext', { startNum: start, endNum: end })).json).toEqual({});
      }
    });

    it('the GET forms parse their numbers with Long.parseLong: NumberFormatException "For input string" or "null"', async () => {
      const cases: [string, ReturnType<typeof numberFormat>][] = [
        ['/wallet/getblockbylimitnext?startNum=x&endNum=3', numberFormat('For input string: "x"')],
        ['/wallet/getblockbylimitnext?startNum=1&endNum=3.0', numberFormat('For input string: "3.0"')],
        ['/wallet/getblockbylimitnext?startNum=a&endNum=b', numberFormat('For input string: "a"')],
        ['/wallet/getblockbylimitnext?startNum=1', numberFormat('null')],
        [`/wallet/getblockbylimitnext?startNum=${BIG}&endNum=3`, numberFormat(`For input string: "${BIG}"`)],
        ['/wallet/gettransactioninfobyblocknum?num=x', numberFormat('For input string: "x"')],
        ['/wallet/gettransactioninfobyblocknum?num=', numberFormat('For input string: ""')],
        ['/wallet/gettransactioninfobyblocknum?num=0x1', numberFormat('For input string: "0x1"')],
        ['/wallet/gettransactioninfobyblocknum', numberFormat('null')],
        [`/walletsolidity/gettransactioninfobyblocknum?num=${BIG}`, numberFormat(`For input string: "${BIG}"`)],
      ];
      for (const [path, expected] of cases) expect([path, (await call(node, path)).json]).toEqual([path, expected]);
    });
  });

  describe('6. visible=true with a 41… hex address', () => {
    it('getaccount: JsonFormat\'s "INVALID base58 String" (GetAccountServlet merges an Account)', async () => {
      const text = `{"address":"${alice.hex}","visible":true}`;
      expect((await call(node, '/wallet/getaccount', text)).json).toEqual({
        Error: `${PARSE}1:12: INVALID base58 String, Illegal character 0 at ${alice.hex.indexOf('0')}`,
      });
    });

    it("getaccountresource: Util.getHexAddress's IllegalArgumentException; bad hex without visible is a DecoderException", async () => {
      expect((await call(node, '/wallet/getaccountresource', { address: alice.hex, visible: true })).json).toEqual({
        Error: `class java.lang.IllegalArgumentException : Illegal character 0 at ${alice.hex.indexOf('0')}`,
      });
      const base58 = encodeBase58Check(hexToBytes(alice.hex));
      const ok = (await call(node, '/wallet/getaccountresource', { address: base58, visible: true })).json;
      expect(ok.freeNetLimit).toBe(600);
      expect((await call(node, '/wallet/getaccountresource', { address: 'zz' })).json).toEqual({
        Error:
          'class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: invalid characters encountered in Hex string',
      });
    });
  });

  describe('getaccount: Wallet.getAccount prints the three consume times as genesis time + 3 s per slot', () => {
    it('an account that never used resources gets the genesis time in all three', async () => {
      const genesis = (await call(node, '/wallet/getblockbynum', { num: 0 })).json.block_header.raw_data.timestamp;
      expect(genesis).toBeGreaterThan(0);
      const fresh = newKey();
      expect(await broadcast(node, makeTx(node, transfer(alice, fresh, 1_000_000n), alice.key))).toMatchObject({
        result: true,
      });
      await node.mine(1);
      const account = (await call(node, '/wallet/getaccount', { address: fresh.hex })).json;
      expect(account.latest_consume_time).toBe(genesis);
      expect(account.latest_consume_free_time).toBe(genesis);
      expect(account.account_resource.latest_consume_time_for_energy).toBe(genesis);
    });

    it('an account that used free bandwidth gets the time of that slot', async () => {
      const genesis = (await call(node, '/wallet/getblockbynum', { num: 0 })).json.block_header.raw_data.timestamp;
      const account = (await call(node, '/wallet/getaccount', { address: alice.hex })).json;
      expect(account.latest_consume_free_time).toBeGreaterThan(genesis);
      expect((account.latest_consume_free_time - genesis) % 3000).toBe(0);
    });
  });
});
