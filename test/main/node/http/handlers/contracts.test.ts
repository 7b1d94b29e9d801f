import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TronNode } from '@main/node';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { encodeBase58Check } from '@core/bytes/base58';
import { utf8ToBytes } from '@core/bytes/utf8';
import { stringifyJson } from '@core/json/lossless';
import { call, fundedKey, startNode, type Key, type Reply } from '../../helpers';
import { artifacts, callData, deploy, word } from '../../vm-host/helpers';
import { fitsInt64, wideIntegers } from '../../../../fixtures/wide-integers';

/**
 * triggersmartcontract, triggerconstantcontract, estimateenergy and deploycontract against
 * java-tron 4.8.0 (commit 1e35f79a): TriggerSmartContractServlet, TriggerConstantContractServlet,
 * EstimateEnergyServlet and DeployContractServlet.doPost, Util.validateParameter,
 * Util.getJsonLongValue and JsonFormat.merge.
 */
const PARSE = 'class org.tron.core.services.http.JsonFormat$ParseException : ';
const hexText = (text: string): string => bytesToHex(utf8ToBytes(text));
const otherError = (text: string) => ({ result: { code: 'OTHER_ERROR', message: hexText(text) } });
const outOfRange = (column: number, n: bigint | string) =>
  `${PARSE}1:${column}: Couldn't parse integer: Number out of range for 64-bit signed integer: ${n}`;

describe('the contract endpoints, as java-tron reads their bodies', () => {
  let node: TronNode;
  let alice: Key;
  let bob: Key;
  let token: string;
  let fallback: string;

  beforeAll(async () => {
    node = await startNode();
    alice = fundedKey(node, 0);
    bob = fundedKey(node, 1);
    token = (await deploy(node, alice, 'Token', word(1_000_000n))).address;
    fallback = (await deploy(node, alice, 'Fallback')).address;
  });
  afterAll(async () => node?.stop());

  const post = async (path: string, body: unknown): Promise<Reply> => (await call(node, `/wallet/${path}`, body)).json;

  describe('1. data and function_selector both sent: function_selector with parameter replaces data (the three servlets, after JsonFormat.merge)', () => {
    it('triggerconstantcontract runs the function_selector', async () => {
      const reply = await post('triggerconstantcontract', {
        owner_address: alice.hex,
        contract_address: token,
        data: callData('totalSupply()'),
        function_selector: 'balanceOf(address)',
        parameter: word(bob.hex),
      });
      // bob holds none of the 1,000,000 supply: balanceOf ran, not totalSupply.
      expect(reply.constant_result).toEqual([word(0n)]);
      expect(reply.transaction.raw_data.contract[0].parameter.value.data).toBe(callData('balanceOf(address)', bob.hex));
    });

    it('triggersmartcontract builds the function_selector call (a transfer, not the view in data)', async () => {
      const reply = await post('triggersmartcontract', {
        owner_address: alice.hex,
        contract_address: token,
        data: callData('totalSupply()'),
        function_selector: 'transfer(address,uint256)',
        parameter: word(bob.hex) + word(5n),
        fee_limit: 100_000_000,
      });
      expect(reply.result).toEqual({ result: true });
      expect(reply.constant_result).toBeUndefined();
      expect(reply.transaction.raw_data.contract[0].parameter.value.data).toBe(
        callData('transfer(address,uint256)', bob.hex, 5n),
      );
    });

    it('estimateenergy estimates the function_selector call', async () => {
      const transfer = callData('transfer(address,uint256)', bob.hex, 5n);
      const alone = await post('estimateenergy', { owner_address: alice.hex, contract_address: token, data: transfer });
      const both = await post('estimateenergy', {
        owner_address: alice.hex,
        contract_address: token,
        data: callData('totalSupply()'),
        function_selector: 'transfer(address,uint256)',
        parameter: word(bob.hex) + word(5n),
      });
      expect(both).toEqual(alone);
    });
  });

  describe('2. contract_address without data or function_selector: a call with empty calldata (fallback or receive)', () => {
    it('triggersmartcontract answers result true and the transaction, call_value kept', async () => {
      const reply = await post('triggersmartcontract', {
        owner_address: alice.hex,
        contract_address: fallback,
        call_value: 1_000_000,
        fee_limit: 100_000_000,
      });
      expect(reply.result).toEqual({ result: true });
      expect(reply.transaction.raw_data.contract[0].parameter.value).toEqual({
        owner_address: alice.hex,
        contract_address: fallback,
        call_value: 1_000_000,
      });
    });

    it('triggerconstantcontract runs the fallback; a contract without one reverts', async () => {
      const ran = await post('triggerconstantcontract', { owner_address: alice.hex, contract_address: fallback });
      expect(ran.result).toEqual({ result: true });
      expect(ran.energy_used).toBeGreaterThan(0);
      expect(ran.transaction.ret).toEqual([{}]);
      const reverted = await post('triggerconstantcontract', { owner_address: alice.hex, contract_address: token });
      expect(reverted.result).toEqual({ result: true, message: hexText('REVERT opcode executed') });
      expect(reverted.transaction.ret).toEqual([{ ret: 'FAILED' }]);
    });

    it('estimateenergy estimates the fallback', async () => {
      const reply = await post('estimateenergy', { owner_address: alice.hex, contract_address: fallback });
      expect(reply.result).toEqual({ result: true });
      expect(reply.energy_required).toBeGreaterThan(0);
    });
  });

  describe('3. int64 values past the long range are refused, never wrapped', () => {
    it('triggersmartcontract: JsonFormat.merge refuses them, fee_limit (a key TriggerSmartContract lacks) included', async () => {
      const body = (extra: string) =>
        `{"owner_address":"${alice.hex}","contract_address":"${token}","function_selector":"totalSupply()",${extra}}`;
      const prefix = body('').length;
      expect(await post('triggersmartcontract', body('"fee_limit":99999999999999999999'))).toEqual(
        otherError(outOfRange(prefix + 12, '99999999999999999999')),
      );
      expect(await post('triggersmartcontract', body('"call_value":18446744073709551617'))).toEqual(
        otherError(outOfRange(prefix + 13, '18446744073709551617')),
      );
    });

    it('deploycontract: Util.getJsonLongValue answers {"Error":"class java.lang.ArithmeticException : Overflow"}', async () => {
      const base = { owner_address: alice.hex, bytecode: artifacts['Fallback']!.bytecode };
      for (const field of ['fee_limit', 'call_value', 'origin_energy_limit', 'call_token_value', 'token_id']) {
        expect(await post('deploycontract', { ...base, [field]: 99_999_999_999_999_999_999n })).toEqual({
          Error: 'class java.lang.ArithmeticException : Overflow',
        });
      }
      expect(await post('deploycontract', { ...base, fee_limit: 1.5 })).toEqual({
        Error: 'class java.lang.ArithmeticException : Rounding necessary',
      });
    });

    it('deploycontract and triggersmartcontract put every int64 on the wire exactly or refuse it (property, −2^70…2^70)', async () => {
      const deployFields = ['fee_limit', 'call_value', 'origin_energy_limit', 'call_token_value', 'token_id'];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...deployFields), wideIntegers, async (field, n) => {
          const reply = await post('deploycontract', {
            owner_address: alice.hex,
            bytecode: artifacts['Fallback']!.bytecode,
            [field]: n,
          });
          if (!fitsInt64(n)) {
            expect(reply).toEqual({ Error: 'class java.lang.ArithmeticException : Overflow' });
            return;
          }
          const raw = reply.raw_data;
          const value = raw.contract[0].parameter.value;
          const read: Record<string, unknown> = {
            fee_limit: raw.fee_limit,
            call_value: value.new_contract.call_value,
            origin_energy_limit: value.new_contract.origin_energy_limit,
            call_token_value: value.call_token_value,
            token_id: value.token_id,
          };
          expect(BigInt((read[field] as number | bigint | undefined) ?? 0)).toBe(n);
        }),
        { numRuns: 60 },
      );
      const triggerFields = ['fee_limit', 'call_value', 'call_token_value', 'token_id'];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...triggerFields), wideIntegers, async (field, n) => {
          const text = stringifyJson({
            owner_address: alice.hex,
            contract_address: token,
            function_selector: 'transfer(address,uint256)',
            parameter: word(bob.hex) + word(1n),
            [field]: n,
          });
          const reply = await post('triggersmartcontract', text);
          if (!fitsInt64(n)) {
            expect(reply).toEqual(otherError(outOfRange(text.indexOf(`:${n}`) + 2, n)));
            return;
          }
          const raw = reply.transaction.raw_data;
          const value = raw.contract[0].parameter.value;
          const read = field === 'fee_limit' ? raw.fee_limit : value[field];
          expect(BigInt(read ?? 0)).toBe(n);
        }),
        { numRuns: 60 },
      );
    });
  });

  describe('7. int64 as a string or in exponent form where JsonFormat reads it', () => {
    it('triggersmartcontract and triggerconstantcontract refuse "Couldn\'t parse integer: For input string: …"', async () => {
      const body = (value: string) =>
        `{"owner_address":"${alice.hex}","contract_address":"${fallback}","call_value":${value}}`;
      const column = body('').length;
      // The servlets' catch turns every '"' of the message into "'".
      expect(await post('triggersmartcontract', body('"1000000"'))).toEqual(
        otherError(`${PARSE}1:${column}: Couldn't parse integer: For input string: ''1000000''`),
      );
      expect(await post('triggerconstantcontract', body('1e6'))).toEqual(
        otherError(`${PARSE}1:${column}: Couldn't parse integer: For input string: '1e6'`),
      );
    });

    it('but keys read only through Util.getJsonLongValue take both: deploycontract call_value, triggersmartcontract fee_limit', async () => {
      const deployed = await post('deploycontract', {
        owner_address: alice.hex,
        bytecode: artifacts['Fallback']!.bytecode,
        call_value: '5',
        fee_limit: '1000000000',
      });
      expect(deployed.raw_data.contract[0].parameter.value.new_contract.call_value).toBe(5);
      expect(deployed.raw_data.fee_limit).toBe(1_000_000_000);
      const exponent = await post(
        'deploycontract',
        `{"owner_address":"${alice.hex}","bytecode":"${artifacts['Fallback']!.bytecode}","fee_limit":1e9}`,
      );
      expect(exponent.raw_data.fee_limit).toBe(1_000_000_000);
      const trigger = await post('triggersmartcontract', {
        owner_address: alice.hex,
        contract_address: fallback,
        fee_limit: '100000000',
      });
      expect(trigger.transaction.raw_data.fee_limit).toBe(100_000_000);
    });
  });

  describe('8. a form body is not converted by these servlets (no PostParams)', () => {
    it('triggersmartcontract answers the JSON parse failure', async () => {
      const form = new URLSearchParams({ owner_address: alice.hex, contract_address: fallback }).toString();
      const reply = (
        await call(node, '/wallet/triggersmartcontract', form, {
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        })
      ).json;
      expect(reply.result.code).toBe('OTHER_ERROR');
      expect(Buffer.from(reply.result.message, 'hex').toString()).toMatch(
        /^class com\.alibaba\.fastjson\.JSONException : /,
      );
    });
  });

  describe('9. an empty owner_address is not set (Util.validateParameter)', () => {
    it('triggerconstantcontract and estimateenergy answer OTHER_ERROR "owner_address isn\'t set."', async () => {
      for (const path of ['triggerconstantcontract', 'estimateenergy']) {
        expect(
          await post(path, { owner_address: '', contract_address: token, data: callData('totalSupply()') }),
        ).toEqual(otherError("class java.security.InvalidParameterException : owner_address isn't set."));
      }
    });
  });

  describe('6. visible=true with a 41… hex address', () => {
    it("getcontract and getcontractinfo: Util.getHexAddress's IllegalArgumentException; the Base58Check form answers", async () => {
      // The first character outside the Base58 alphabet is a '0'; without one, the Base58Check checksum fails and the value is empty.
      const at = token.indexOf('0');
      const expected =
        at >= 0 ? { Error: `class java.lang.IllegalArgumentException : Illegal character 0 at ${at}` } : {};
      for (const path of ['getcontract', 'getcontractinfo'])
        expect(await post(path, { value: token, visible: true })).toEqual(expected);
      const base58 = encodeBase58Check(hexToBytes(token));
      expect((await post('getcontract', { value: base58, visible: true })).contract_address).toBe(base58);
    });
  });

  it('deploycontract without owner_address still prints contract_address (Util.printTransactionToJSON, generateContractAddress over no owner bytes)', async () => {
    const reply = await post('deploycontract', { bytecode: artifacts['Fallback']!.bytecode });
    expect(reply.contract_address).toMatch(/^41[0-9a-f]{40}$/);
    expect(reply.raw_data.contract[0].parameter.value.owner_address).toBeUndefined();
  });
});
