import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { signDigest } from '@core/keys/keys';
import type { TronNode } from '@main/node';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { encodeBase58Check } from '@core/bytes/base58';
import { utf8ToBytes } from '@core/bytes/utf8';
import * as b from '@core/tx/builders';
import type { TransactionJson } from '@core/tx/types';
import { contractAddressOf } from '@core/tx/contract-address';
import { decodeRevertReason } from '@main/node/vm/revert-reason';
import { broadcast, call, fundedKey, makeTx, newKey, startNode, storedState, type Key } from '../helpers';
import { artifacts, callData, constant, contractTx, deploy, info, stringCall, TRX, trigger, word } from './helpers';

/**
 * CreateSmartContract and TriggerSmartContract through the node: receipts, results, errors,
 * constant calls, and the contract endpoints (java-tron's contract servlets, VMActuator,
 * TransactionUtil.buildTransactionInfoInstance). Energy figures are the ones vm/README.md derives for the fixture
 * contracts.
 */
const ENERGY_FEE = 210n;
const hexText = (text: string): string => bytesToHex(utf8ToBytes(text));

// Runtime: [CALLTOKENVALUE, CALLTOKENID, ISCONTRACT(self), ISCONTRACT(caller), TOKENBALANCE(self, 1000001), FREEZEBALANCEV2(1 sun, ENERGY)] → 6 words.
const OPCODES_RUNTIME = [
  'd2',
  '600052', //           CALLTOKENVALUE  PUSH1 0x00 MSTORE
  'd3',
  '602052', //           CALLTOKENID     PUSH1 0x20 MSTORE
  '30d4',
  '604052', //         ADDRESS ISCONTRACT  PUSH1 0x40 MSTORE
  '33d4',
  '606052', //         CALLER ISCONTRACT   PUSH1 0x60 MSTORE
  '30',
  '620f4241',
  'd1',
  '608052', // ADDRESS PUSH3 1000001 TOKENBALANCE PUSH1 0x80 MSTORE
  '6001',
  '6001',
  'da',
  '60a052', //  PUSH1 1 (amount) PUSH1 1 (ENERGY) FREEZEBALANCEV2 PUSH1 0xa0 MSTORE
  '60c0',
  '6000',
  'f3', //     PUSH1 0xc0 PUSH1 0 RETURN
].join('');

describe('smart contracts on the node', () => {
  let node: TronNode;
  let alice: Key;
  let bob: Key;
  let token: string;

  beforeAll(async () => {
    // The constant-call cap at its floor keeps the out-of-energy constant call short; no CPU-time
    // limit, so energy (not a loaded machine's clock) is what ends it.
    node = await startNode({ saveInternalTx: true, maxEnergyLimitForConstant: 3_000_000n, maxConstantCallMs: 0 });
    alice = fundedKey(node, 0);
    bob = fundedKey(node, 1);
    token = (await deploy(node, alice, 'Token', word(1_000_000n))).address;
  });
  afterAll(async () => node?.stop());

  it('deploys a contract: TransactionInfo, getcontract, getcontractinfo and the contract account', async () => {
    const before = BigInt((await call(node, '/wallet/getaccount', { address: alice.hex })).json.balance);
    const deployed = await deploy(node, alice, 'Token', word(5n));
    const receipt = await info(node, deployed.txId);
    // vm/README.md: the Token deploy costs 314,716 energy; alice has no stake, so all of it burns at 210 sun.
    expect(receipt.receipt).toMatchObject({
      energy_usage_total: 314_716,
      energy_fee: 314_716 * 210,
      result: 'SUCCESS',
    });
    expect(receipt.contract_address).toBe(deployed.address);
    expect(receipt.contractResult).toEqual([artifacts['Token']!.deployedBytecode]);
    expect(BigInt(receipt.fee)).toBe(BigInt(receipt.receipt.energy_fee) + BigInt(receipt.receipt.net_fee ?? 0));
    const after = BigInt((await call(node, '/wallet/getaccount', { address: alice.hex })).json.balance);
    expect(before - after).toBe(BigInt(receipt.fee));

    const stored = (await call(node, '/wallet/gettransactionbyid', { value: deployed.txId })).json;
    expect(stored.ret).toEqual([{ contractRet: 'SUCCESS' }]);
    expect(stored.contract_address).toBe(deployed.address);

    const contract = (await call(node, `/wallet/getcontract?value=${deployed.address}`)).json;
    expect(contract).toMatchObject({
      origin_address: alice.hex,
      contract_address: deployed.address,
      bytecode: artifacts['Token']!.bytecode + word(5n),
      consume_user_resource_percent: 100,
      name: 'Token',
      origin_energy_limit: 10_000_000,
      version: 1,
    });
    expect(contract.abi.entrys).toHaveLength(artifacts['Token']!.abi.length);
    expect(contract.abi.entrys.find((e: { name?: string }) => e.name === 'balanceOf')).toMatchObject({
      type: 'Function',
      stateMutability: 'View',
    });

    const wrapper = (await call(node, '/wallet/getcontractinfo', { value: deployed.address })).json;
    expect(wrapper.runtimecode).toBe(artifacts['Token']!.deployedBytecode);
    expect(wrapper.smart_contract.contract_address).toBe(deployed.address);
    expect(wrapper.contract_state).toBeDefined();

    const account = (await call(node, '/wallet/getaccount', { address: deployed.address })).json;
    expect(account).toMatchObject({ type: 'Contract', account_name: hexText('Token') });
    expect((await call(node, '/wallet/getcontract', { value: bob.hex })).json).toEqual({});
  });

  it('builds CreateSmartContract with /wallet/deploycontract (abi as a string or an array)', async () => {
    const artifact = artifacts['Slots']!;
    const request = {
      owner_address: alice.hex,
      bytecode: artifact.bytecode,
      parameter: '',
      name: 'Slots',
      fee_limit: 200_000_000,
      consume_user_resource_percent: 60,
      origin_energy_limit: 123_456,
    };
    const fromString = (await call(node, '/wallet/deploycontract', { ...request, abi: JSON.stringify(artifact.abi) }))
      .json;
    expect(fromString.contract_address).toBe(contractAddressOf(fromString.txID, alice.hex));
    expect(fromString.raw_data.fee_limit).toBe(200_000_000);
    const spec = fromString.raw_data.contract[0].parameter.value;
    expect(spec.owner_address).toBe(alice.hex);
    expect(spec.new_contract).toMatchObject({
      origin_address: alice.hex,
      bytecode: artifact.bytecode,
      name: 'Slots',
      consume_user_resource_percent: 60,
      origin_energy_limit: 123_456,
    });
    expect(spec.new_contract.abi.entrys.map((e: { name?: string }) => e.name)).toEqual(
      artifact.abi.map((e) => (e as { name?: string }).name),
    );
    const fromArray = (await call(node, '/wallet/deploycontract', { ...request, abi: artifact.abi })).json;
    expect(fromArray.raw_data.contract).toEqual(fromString.raw_data.contract);
    // No abi at all: java-tron still sets an empty ABI (wire 1a00).
    const noAbi = (await call(node, '/wallet/deploycontract', { owner_address: alice.hex, bytecode: '00' })).json;
    expect(noAbi.raw_data.contract[0].parameter.value.new_contract.abi).toEqual({});
    expect(
      (await call(node, '/wallet/deploycontract', { ...request, consume_user_resource_percent: 101 })).json,
    ).toEqual({ Error: 'class org.tron.core.exception.ContractValidateException : percent must be >= 0 and <= 100' });
    expect((await call(node, '/wallet/deploycontract')).text).toBe('');

    const signed = {
      ...fromString,
      signature: [bytesToHex(signDigest(hexToBytes(fromString.txID), alice.key))],
    } as unknown as TransactionJson;
    expect(await broadcast(node, signed, false)).toEqual({ result: true, txid: fromString.txID });
    await node.mine(1);
    expect((await info(node, fromString.txID)).receipt.result).toBe('SUCCESS');
    expect((await call(node, '/wallet/getcontract', { value: fromString.contract_address })).json).toMatchObject({
      consume_user_resource_percent: 60,
      origin_energy_limit: 123_456,
      name: 'Slots',
    });
  });

  it('transfers tokens and reads balances with constant calls, which never change state', async () => {
    const carol = newKey();
    const { tx, reply } = await trigger(node, alice, token, callData('transfer(address,uint256)', carol.hex, 250n));
    expect(reply).toMatchObject({ result: true });
    await node.mine(1);
    const receipt = await info(node, tx.txID);
    // A transfer to a new holder: one new row (20,000) + one existing row (5,000) + LOG3 + dispatch = 27,902.
    expect(receipt.receipt).toMatchObject({ energy_usage_total: 27_902, energy_fee: 27_902 * 210, result: 'SUCCESS' });
    expect(receipt.contractResult).toEqual([word(1n)]);
    expect(receipt.log).toEqual([
      {
        address: token.slice(2),
        topics: [
          bytesToHex(keccak_256(utf8ToBytes('Transfer(address,address,uint256)'))),
          word(alice.hex),
          word(carol.hex),
        ],
        data: word(250n),
      },
    ]);

    const read = await constant(node, alice.hex, token, callData('balanceOf(address)', carol.hex));
    expect(read).toMatchObject({ result: { result: true }, constant_result: [word(250n)], energy_used: 476 });
    expect(read.transaction.ret).toEqual([{}]);

    // A state-changing function through triggerconstantcontract runs, but nothing is kept.
    const rows = await storedState(node);
    const pending = new Map(node.pool.view.ext);
    const dryTransfer = await constant(node, carol.hex, token, callData('transfer(address,uint256)', bob.hex, 100n));
    expect(dryTransfer).toMatchObject({ result: { result: true }, constant_result: [word(1n)] });
    expect(dryTransfer.logs).toHaveLength(1);
    expect((await constant(node, alice.hex, token, callData('balanceOf(address)', carol.hex))).constant_result).toEqual(
      [word(250n)],
    );
    expect((await constant(node, alice.hex, token, callData('balanceOf(address)', bob.hex))).constant_result).toEqual([
      word(0n),
    ]);
    expect(await storedState(node)).toEqual(rows);
    expect(new Map(node.pool.view.ext)).toEqual(pending);
  });

  it('answers triggersmartcontract with a transaction to sign, and executes view functions at once', async () => {
    const built = (
      await call(node, '/wallet/triggersmartcontract', {
        owner_address: alice.hex,
        contract_address: token,
        function_selector: 'transfer(address,uint256)',
        parameter: word(bob.hex) + word(1n),
        fee_limit: 50_000_000,
        call_value: 0,
      })
    ).json;
    expect(built.result).toEqual({ result: true });
    expect(built.constant_result).toBeUndefined();
    expect(built.transaction.raw_data.fee_limit).toBe(50_000_000);
    expect(built.transaction.raw_data.contract[0].parameter.value).toEqual({
      owner_address: alice.hex,
      contract_address: token,
      data: callData('transfer(address,uint256)', bob.hex, 1n),
    });

    const view = (
      await call(node, '/wallet/triggersmartcontract', {
        owner_address: alice.hex,
        contract_address: token,
        function_selector: 'balanceOf(address)',
        parameter: word(alice.hex),
        fee_limit: 50_000_000,
      })
    ).json;
    expect(view).toMatchObject({ result: { result: true }, energy_used: 476 });
    expect(view.constant_result).toHaveLength(1);
    expect(view.transaction.ret).toEqual([{}]);
  });

  it('packs a revert as REVERT with its reason and charges only the energy used', async () => {
    const reverter = (await deploy(node, alice, 'Reverter')).address;
    const before = BigInt((await call(node, '/wallet/getaccount', { address: bob.hex })).json.balance);
    const { tx, reply } = await trigger(node, bob, reverter, stringCall('fail(string)', 'not today'));
    expect(reply).toMatchObject({ result: true });
    await node.mine(1);
    expect((await call(node, '/wallet/gettransactionbyid', { value: tx.txID })).json.ret).toEqual([
      { contractRet: 'REVERT' },
    ]);
    const receipt = await info(node, tx.txID);
    expect(receipt).toMatchObject({
      result: 'FAILED',
      resMessage: hexText('REVERT opcode executed'),
      receipt: { result: 'REVERT' },
    });
    expect(decodeRevertReason(hexToBytes(receipt.contractResult[0]))).toBe('not today');
    const used = BigInt(receipt.receipt.energy_usage_total);
    expect(used).toBeGreaterThan(0n);
    expect(BigInt(receipt.receipt.energy_fee)).toBe(used * ENERGY_FEE);
    const after = BigInt((await call(node, '/wallet/getaccount', { address: bob.hex })).json.balance);
    expect(before - after).toBe(BigInt(receipt.fee));

    const read = await constant(node, bob.hex, reverter, stringCall('fail(string)', 'not today'));
    expect(read.result).toEqual({ result: true, message: hexText('REVERT opcode executed') });
    expect(read.transaction.ret).toEqual([{ ret: 'FAILED' }]);
    expect(decodeRevertReason(hexToBytes(read.constant_result[0]))).toBe('not today');
  });

  it('spends the whole fee_limit when the energy runs out', async () => {
    const reverter = (await deploy(node, alice, 'Reverter')).address;
    const feeLimit = 10_000n * ENERGY_FEE;
    const before = BigInt((await call(node, '/wallet/getaccount', { address: bob.hex })).json.balance);
    const { tx, reply } = await trigger(node, bob, reverter, callData('burn()'), { feeLimit });
    expect(reply).toMatchObject({ result: true });
    await node.mine(1);
    const receipt = await info(node, tx.txID);
    // Energy limit = fee_limit / 210 = 10,000; an exception consumes all of it: 10,000 × 210 = the fee limit.
    expect(receipt.receipt).toMatchObject({
      energy_usage_total: 10_000,
      energy_fee: Number(feeLimit),
      result: 'OUT_OF_ENERGY',
    });
    expect(receipt.result).toBe('FAILED');
    expect(new TextDecoder().decode(hexToBytes(receipt.resMessage))).toMatch(/^Not enough energy/);
    expect((await call(node, '/wallet/gettransactionbyid', { value: tx.txID })).json.ret).toEqual([
      { contractRet: 'OUT_OF_ENERGY' },
    ]);
    const after = BigInt((await call(node, '/wallet/getaccount', { address: bob.hex })).json.balance);
    expect(before - after).toBe(feeLimit + BigInt(receipt.receipt.net_fee ?? 0));
  });

  it('packs the other failures with their contractRet: TRANSFER_FAILED, BAD_JUMP_DESTINATION, ILLEGAL_OPERATION', async () => {
    const router = (await deploy(node, alice, 'Router', '', { callValue: TRX })).address;
    const runtimes = { jump: '600356', invalid: 'fe' };
    const deployed: Record<string, string> = {};
    for (const [name, runtime] of Object.entries(runtimes)) {
      const length = (runtime.length / 2).toString(16).padStart(2, '0');
      const tx = contractTx(
        node,
        b.createSmartContract({
          owner: alice.hex,
          abi: [],
          bytecode: `60${length}600c60003960${length}6000f3${runtime}`,
        }),
        alice,
        10n * TRX,
      );
      expect(await broadcast(node, tx)).toMatchObject({ result: true });
      deployed[name] = tx.contract_address!;
    }
    await node.mine(1);
    const feeLimit = 100_000n * ENERGY_FEE;
    const cases = [
      // A CALL with value to itself fails the frame but keeps the unused energy.
      {
        contract: router,
        data: callData('selfPay(uint256)', 1n),
        ret: 'TRANSFER_FAILED',
        message: 'transfer trx failed: Cannot transfer TRX to yourself.',
        all: false,
      },
      {
        contract: deployed['jump']!,
        data: '',
        ret: 'BAD_JUMP_DESTINATION',
        message: "Operation with pc isn't 'JUMPDEST': PC[3];",
        all: true,
      },
      { contract: deployed['invalid']!, data: '', ret: 'ILLEGAL_OPERATION', message: undefined, all: true },
    ];
    const sent = [];
    for (const c of cases) sent.push((await trigger(node, bob, c.contract, c.data, { feeLimit })).tx.txID);
    await node.mine(1);
    for (const [i, c] of cases.entries()) {
      expect((await call(node, '/wallet/gettransactionbyid', { value: sent[i] })).json.ret).toEqual([
        { contractRet: c.ret },
      ]);
      const receipt = await info(node, sent[i]!);
      expect(receipt).toMatchObject({ result: 'FAILED', receipt: { result: c.ret } });
      if (c.message) expect(new TextDecoder().decode(hexToBytes(receipt.resMessage))).toBe(c.message);
      // Exceptions other than TRANSFER_FAILED consume the whole limit: fee_limit / 210 = 100,000 energy.
      if (c.all) expect(receipt.receipt.energy_usage_total).toBe(100_000);
      else expect(receipt.receipt.energy_usage_total).toBeLessThan(100_000);
    }
  });

  it("refuses a fee_limit outside 0..getMaxFeeLimit with java-tron's message", async () => {
    const tooHigh = contractTx(
      node,
      b.triggerSmartContract({ owner: alice.hex, contract: token, data: callData('totalSupply()') }),
      alice,
      15_000_000_001n,
    );
    expect(await broadcast(node, tooHigh)).toMatchObject({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: 'Contract validate error : feeLimit must be >= 0 and <= 15000000000',
    });
    const negative = makeTx(
      node,
      b.triggerSmartContract({ owner: alice.hex, contract: token, data: callData('totalSupply()') }),
      alice.key,
      { raw: (raw) => ({ ...raw, fee_limit: -1 }) },
    );
    expect(await broadcast(node, negative)).toMatchObject({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: 'Contract validate error : feeLimit must be >= 0 and <= 15000000000',
    });
    const missing = contractTx(
      node,
      b.triggerSmartContract({ owner: alice.hex, contract: bob.hex, data: '' }),
      alice,
      TRX,
    );
    expect(await broadcast(node, missing)).toMatchObject({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: 'Contract validate error : No contract or not a smart contract',
    });
    const token10 = contractTx(
      node,
      b.triggerSmartContract({
        owner: alice.hex,
        contract: token,
        data: callData('totalSupply()'),
        tokenValue: 5n,
        tokenId: 1_000_001n,
      }),
      alice,
      TRX,
    );
    expect(await broadcast(node, token10)).toMatchObject({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: 'Contract validate error : No asset !',
    });
  });

  it('moves call_value into the contract and records internal transactions with their notes', async () => {
    const child = (await deploy(node, alice, 'Child')).address;
    const router = (await deploy(node, alice, 'Router')).address;
    const { tx } = await trigger(node, bob, router, callData('forward(address)', child), { callValue: TRX });
    await node.mine(1);
    const receipt = await info(node, tx.txID);
    expect(receipt.receipt.result).toBe('SUCCESS');
    // ping{value: 1 TRX} kept; fail() reverted inside try/catch: its itx stays, rejected.
    expect(receipt.internal_transactions).toHaveLength(2);
    expect(receipt.internal_transactions[0]).toMatchObject({
      caller_address: router,
      transferTo_address: child,
      callValueInfo: [{ callValue: 1_000_000 }],
      note: hexText('call'),
    });
    expect(receipt.internal_transactions[0].rejected).toBeUndefined();
    expect(receipt.internal_transactions[1]).toMatchObject({
      caller_address: router,
      transferTo_address: child,
      callValueInfo: [{}],
      note: hexText('call'),
      rejected: true,
    });
    expect(receipt.internal_transactions[0].hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await call(node, '/wallet/getaccount', { address: child })).json.balance).toBe(1_000_000);
    expect((await constant(node, bob.hex, child, callData('received()'))).constant_result).toEqual([word(TRX)]);
    const solid = (await call(node, '/walletsolidity/gettransactioninfobyid', { value: tx.txID })).json;
    expect(solid).toEqual({});
    await node.mine(19);
    expect(
      (await call(node, '/walletsolidity/gettransactioninfobyid', { value: tx.txID })).json.internal_transactions,
    ).toEqual(receipt.internal_transactions);
  });

  it('self-destruct removes the contract, its code and its rows, and pays the heir', async () => {
    const router = (await deploy(node, alice, 'Router', '', { callValue: 3n * TRX })).address;
    const heir = newKey();
    const { tx } = await trigger(node, alice, router, callData('destroy(address)', heir.hex));
    await node.mine(1);
    expect((await info(node, tx.txID)).receipt.result).toBe('SUCCESS');
    expect((await call(node, '/wallet/getcontract', { value: router })).json).toEqual({});
    expect((await call(node, '/wallet/getaccount', { address: router })).json).toEqual({});
    expect((await call(node, '/wallet/getaccount', { address: heir.hex })).json.balance).toBe(3_000_000);
    expect([...node.chain.state.extKeys(`D${router}`), ...node.chain.state.extKeys(`C${router}`)]).toEqual([]);
  });

  it('keeps the owner settings: updatesetting, updateenergylimit and clearabi', async () => {
    const own = (await deploy(node, alice, 'Token', word(7n))).address;
    const build = async (path: string, body: Record<string, unknown>) => (await call(node, path, body)).json;
    const notOwner = await build('/wallet/updatesetting', {
      owner_address: bob.hex,
      contract_address: own,
      consume_user_resource_percent: 40,
    });
    expect(notOwner).toEqual({
      Error: `class org.tron.core.exception.ContractValidateException : Account[${bob.hex}] is not the owner of the contract`,
    });
    expect(
      await build('/wallet/updatesetting', {
        owner_address: alice.hex,
        contract_address: own,
        consume_user_resource_percent: 101,
      }),
    ).toEqual({ Error: 'class org.tron.core.exception.ContractValidateException : percent not in [0, 100]' });
    expect(
      await build('/wallet/updateenergylimit', {
        owner_address: alice.hex,
        contract_address: own,
        origin_energy_limit: 0,
      }),
    ).toEqual({ Error: 'class org.tron.core.exception.ContractValidateException : origin energy limit must be > 0' });
    expect(
      await build('/wallet/updatesetting', {
        owner_address: alice.hex,
        contract_address: bob.hex,
        consume_user_resource_percent: 1,
      }),
    ).toEqual({ Error: 'class org.tron.core.exception.ContractValidateException : Contract does not exist' });
    expect(await build('/wallet/clearabi', { owner_address: alice.hex, contract_address: bob.hex })).toEqual({
      Error: 'class org.tron.core.exception.ContractValidateException : Contract not exists',
    });

    for (const [path, body] of [
      ['/wallet/updatesetting', { owner_address: alice.hex, contract_address: own, consume_user_resource_percent: 40 }],
      ['/wallet/updateenergylimit', { owner_address: alice.hex, contract_address: own, origin_energy_limit: 12_345 }],
      ['/wallet/clearabi', { owner_address: alice.hex, contract_address: own }],
    ] as const) {
      const unsigned = await build(path, body);
      expect(unsigned.txID).toMatch(/^[0-9a-f]{64}$/);
      const signed = {
        ...unsigned,
        signature: [bytesToHex(signDigest(hexToBytes(unsigned.txID), alice.key))],
      } as unknown as TransactionJson;
      expect(await broadcast(node, signed, false)).toEqual({ result: true, txid: unsigned.txID });
    }
    await node.mine(1);
    const contract = (await call(node, '/wallet/getcontract', { value: own })).json;
    expect(contract).toMatchObject({ consume_user_resource_percent: 40, origin_energy_limit: 12_345, abi: {} });
    // Without an ABI the node no longer knows balanceOf is a view: it only builds the transaction.
    const view = (
      await call(node, '/wallet/triggersmartcontract', {
        owner_address: alice.hex,
        contract_address: own,
        function_selector: 'balanceOf(address)',
        parameter: word(alice.hex),
      })
    ).json;
    expect(view.constant_result).toBeUndefined();
    expect(view.result).toEqual({ result: true });
  });

  it('answers trigger/constant errors with java-tron codes and messages', async () => {
    const noOwner = (
      await call(node, '/wallet/triggersmartcontract', { contract_address: token, function_selector: 'totalSupply()' })
    ).json;
    expect(noOwner).toEqual({
      result: {
        code: 'OTHER_ERROR',
        message: hexText("class java.security.InvalidParameterException : owner_address isn't set."),
      },
    });
    const noContract = (
      await call(node, '/wallet/triggersmartcontract', {
        owner_address: alice.hex,
        contract_address: bob.hex,
        function_selector: 'totalSupply()',
      })
    ).json;
    expect(noContract).toEqual({
      result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexText('No contract or not a valid smart contract') },
    });
    const constantMissing = (
      await call(node, '/wallet/triggerconstantcontract', {
        owner_address: alice.hex,
        contract_address: bob.hex,
        function_selector: 'totalSupply()',
      })
    ).json;
    expect(constantMissing).toEqual({
      result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexText('Smart contract is not exist.') },
    });
    const neither = (await call(node, '/wallet/triggerconstantcontract', { owner_address: alice.hex })).json;
    expect(neither).toEqual({
      result: {
        code: 'OTHER_ERROR',
        message: hexText(
          'class java.security.InvalidParameterException : At least one of contract_address and data must be set.',
        ),
      },
    });
    const visible = (
      await call(node, '/wallet/triggerconstantcontract', {
        owner_address: encodeBase58Check(hexToBytes(alice.hex)),
        contract_address: encodeBase58Check(hexToBytes(bob.hex)),
        function_selector: 'x()',
        visible: true,
      })
    ).json;
    expect(visible.result).toEqual({ code: 'CONTRACT_VALIDATE_ERROR', message: 'Smart contract is not exist.' });
    // An exception in a constant call is an OTHER_ERROR naming the TVM exception.
    const reverter = (await deploy(node, alice, 'Reverter')).address;
    const outOfEnergy = (
      await call(node, '/wallet/triggerconstantcontract', {
        owner_address: alice.hex,
        contract_address: reverter,
        data: callData('burn()'),
      })
    ).json;
    expect(new TextDecoder().decode(hexToBytes(outOfEnergy.result.message))).toMatch(
      /^class org\.tron\.core\.vm\.program\.Program\$OutOfEnergyException : Not enough energy/,
    );
    expect(outOfEnergy.result.code).toBe('OTHER_ERROR');
    // Util.validateParameter: an empty owner_address is not set.
    expect(
      (
        await call(node, '/wallet/triggerconstantcontract', {
          owner_address: '',
          contract_address: token,
          data: callData('totalSupply()'),
        })
      ).json.result,
    ).toEqual({
      code: 'OTHER_ERROR',
      message: hexText("class java.security.InvalidParameterException : owner_address isn't set."),
    });
    expect((await call(node, '/wallet/triggerconstantcontract')).text).toBe('');
  });

  it('estimates energy consistently with the constant call, deploys included', async () => {
    const data = callData('transfer(address,uint256)', bob.hex, 1n);
    const dry = await constant(node, alice.hex, token, data);
    const estimate = (
      await call(node, '/wallet/estimateenergy', { owner_address: alice.hex, contract_address: token, data })
    ).json;
    expect(estimate.result).toEqual({ result: true });
    // The search stops within 1 TRX of the cheapest passing fee limit: at most ceil(1,000,000 / 210) = 4,762 above the energy used.
    const used = BigInt(dry.energy_used);
    const required = BigInt(estimate.energy_required);
    expect(required).toBeGreaterThanOrEqual(used);
    expect(required - used).toBeLessThanOrEqual(4_762n);
    expect(dry.energy_penalty).toBeUndefined();

    const deployData = artifacts['Token']!.bytecode + word(1n);
    const deployRun = (
      await call(node, '/wallet/triggerconstantcontract', { owner_address: alice.hex, data: deployData })
    ).json;
    expect(deployRun.energy_used).toBe(314_716);
    expect(deployRun.transaction.raw_data.contract[0].type).toBe('CreateSmartContract');
    const deployEstimate = (await call(node, '/wallet/estimateenergy', { owner_address: alice.hex, data: deployData }))
      .json;
    expect(BigInt(deployEstimate.energy_required)).toBeGreaterThanOrEqual(314_716n);

    const reverter = (await deploy(node, alice, 'Reverter')).address;
    const failing = (
      await call(node, '/wallet/estimateenergy', {
        owner_address: alice.hex,
        contract_address: reverter,
        data: stringCall('fail(string)', 'x'),
      })
    ).json;
    expect(failing).toEqual({ result: { code: 'CONTRACT_EXE_ERROR', message: hexText('REVERT opcode executed') } });
  });

  it('stakes from a contract through the staking service, and a revert takes the stake back', async () => {
    const deployRuntime = async (runtime: string): Promise<string> => {
      const length = (runtime.length / 2).toString(16).padStart(2, '0');
      const tx = contractTx(
        node,
        b.createSmartContract({
          owner: alice.hex,
          abi: [],
          bytecode: `60${length}600c60003960${length}6000f3${runtime}`,
          callValue: 3n * TRX,
        }),
        alice,
        10n * TRX,
      );
      expect(await broadcast(node, tx)).toMatchObject({ result: true });
      return tx.contract_address!;
    };
    // FREEZEBALANCEV2 / UNFREEZEBALANCEV2 pop the resource, then the amount.
    const freezer = await deployRuntime('620f42406001da600052' + '60206000f3'); // freeze 1 TRX for ENERGY
    const juggler = await deployRuntime('621e84806001da600052' + '620f42406001db602052' + '60406000f3'); // freeze 2, unfreeze 1
    const reverter = await deployRuntime('620f42406001da50' + '60006000fd'); // freeze 1, then REVERT
    await node.mine(1);
    const weight = async (): Promise<number> =>
      (await call(node, '/wallet/getaccountresource', { address: alice.hex })).json.TotalEnergyWeight ?? 0;
    const before = await weight();

    const dry = await constant(node, alice.hex, juggler, '');
    expect(dry.constant_result).toEqual([word(1n) + word(1n)]);
    expect(
      dry.internal_transactions.map((itx: { note: string; rejected?: boolean; callValueInfo: unknown }) => [
        itx.note,
        itx.rejected ?? false,
        itx.callValueInfo,
      ]),
    ).toEqual([
      [hexText('freezeBalanceV2ForEnergy'), false, [{ callValue: 2_000_000 }]],
      [hexText('unfreezeBalanceV2ForEnergy'), false, [{ callValue: 1_000_000 }]],
    ]);
    expect(await weight()).toBe(before);

    const sent = [];
    for (const contract of [freezer, juggler, reverter]) sent.push((await trigger(node, bob, contract, '')).tx.txID);
    await node.mine(1);
    expect((await info(node, sent[0]!)).contractResult).toEqual([word(1n)]);
    expect((await info(node, sent[1]!)).contractResult).toEqual([word(1n) + word(1n)]);
    expect((await info(node, sent[2]!)).receipt.result).toBe('REVERT');
    const accountOf = async (hex: string) => (await call(node, '/wallet/getaccount', { address: hex })).json;
    const frozen = await accountOf(freezer);
    expect(frozen.balance).toBe(2_000_000);
    expect(frozen.frozenV2).toEqual([{}, { type: 'ENERGY', amount: 1_000_000 }, { type: 'TRON_POWER' }]);
    const juggled = await accountOf(juggler);
    expect(juggled.balance).toBe(1_000_000);
    expect(juggled.frozenV2[1]).toEqual({ type: 'ENERGY', amount: 1_000_000 });
    expect(juggled.unfrozenV2).toEqual([
      { type: 'ENERGY', unfreeze_amount: 1_000_000, unfreeze_expire_time: expect.any(Number) },
    ]);
    const reverted = await accountOf(reverter);
    expect(reverted.balance).toBe(3_000_000);
    expect(reverted.frozenV2).toEqual([{}, { type: 'ENERGY' }, { type: 'TRON_POWER' }]);
    // Network weight: +1 TRX (freezer) + 2 − 1 (juggler); the reverted freeze left nothing.
    expect(await weight()).toBe(before + 2);
  });

  it('exercises the TRON opcodes with hand-assembled bytecode', async () => {
    const runtime = OPCODES_RUNTIME;
    const length = (runtime.length / 2).toString(16).padStart(2, '0');
    // Init: CODECOPY the runtime (it starts after these 12 bytes) to memory 0 and RETURN it.
    const init = `60${length}600c60003960${length}6000f3`;
    const spec = b.createSmartContract({ owner: alice.hex, abi: [], bytecode: init + runtime, name: 'Opcodes' });
    const tx = contractTx(node, spec, alice, 100n * TRX);
    expect(await broadcast(node, tx)).toMatchObject({ result: true });
    await node.mine(1);
    expect((await info(node, tx.txID)).receipt.result).toBe('SUCCESS');
    const address = tx.contract_address!;
    expect((await call(node, '/wallet/getcontractinfo', { value: address })).json.runtimecode).toBe(runtime);

    const read = await constant(node, bob.hex, address, '');
    expect(read.constant_result).toEqual([[0n, 0n, 1n, 0n, 0n, 0n].map(word).join('')]);
    // FREEZEBALANCEV2 of 1 sun is refused by the staking service (at least 1 TRX): 0 pushed, itx rejected.
    expect(read.internal_transactions).toEqual([
      {
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        caller_address: address,
        transferTo_address: address,
        callValueInfo: [{ callValue: 1 }],
        note: hexText('freezeBalanceV2ForEnergy'),
        rejected: true,
      },
    ]);

    const { tx: sent } = await trigger(node, bob, address, '');
    await node.mine(1);
    const receipt = await info(node, sent.txID);
    expect(receipt.receipt.result).toBe('SUCCESS');
    expect(receipt.contractResult).toEqual(read.constant_result);
    // This node saves internal transactions but not the featured (staking) ones.
    expect(receipt.internal_transactions).toBeUndefined();
  });

  it('moves call_token_value / token_id into a contract (CALLTOKENVALUE, CALLTOKENID, TOKENBALANCE)', async () => {
    const start = node.head().timestamp + 60_000;
    const issue = makeTx(
      node,
      b.assetIssueContract({
        owner: alice.hex,
        name: 'Tok',
        abbr: 'TOK',
        totalSupply: 1_000n,
        precision: 0,
        trxNum: 1,
        num: 1,
        startTime: start,
        endTime: start + 86_400_000,
        url: 'https://tok.example',
      }),
      alice.key,
    );
    expect(await broadcast(node, issue, false)).toMatchObject({ result: true });
    const length = (OPCODES_RUNTIME.length / 2).toString(16).padStart(2, '0');
    const created = contractTx(
      node,
      b.createSmartContract({
        owner: alice.hex,
        abi: [],
        bytecode: `60${length}600c60003960${length}6000f3${OPCODES_RUNTIME}`,
      }),
      alice,
      10n * TRX,
    );
    expect(await broadcast(node, created)).toMatchObject({ result: true });
    await node.mine(1);
    const id = (await info(node, issue.txID)).assetIssueID as string;
    expect(id).toBe('1000001');
    const sent = contractTx(
      node,
      b.triggerSmartContract({
        owner: alice.hex,
        contract: created.contract_address!,
        data: '',
        tokenValue: 7n,
        tokenId: 1_000_001n,
      }),
      alice,
      10n * TRX,
    );
    expect(await broadcast(node, sent)).toMatchObject({ result: true });
    await node.mine(1);
    // [token value, token id, ISCONTRACT(self), ISCONTRACT(caller), TOKENBALANCE(self, 1000001), refused freeze]
    expect((await info(node, sent.txID)).contractResult).toEqual([[7n, 1_000_001n, 1n, 0n, 7n, 0n].map(word).join('')]);
    expect((await call(node, '/wallet/getaccount', { address: created.contract_address })).json.assetV2).toEqual([
      { key: id, value: 7 },
    ]);
    expect((await call(node, '/wallet/getaccount', { address: alice.hex })).json.assetV2).toEqual([
      { key: id, value: 993 },
    ]);
    // More than the caller holds is refused before execution.
    const tooMuch = contractTx(
      node,
      b.triggerSmartContract({
        owner: bob.hex,
        contract: created.contract_address!,
        data: '',
        tokenValue: 1n,
        tokenId: 1_000_001n,
      }),
      bob,
      10n * TRX,
    );
    expect(await broadcast(node, tooMuch)).toMatchObject({
      code: 'CONTRACT_VALIDATE_ERROR',
      message: 'Contract validate error : assetBalance must greater than 0.',
    });
  });
});
