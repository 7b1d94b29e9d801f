import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { createNode, type TronNode } from '../../../src-main/node';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { encodeAccount } from '../../../src-main/node/state/account';
import { decodeRevertReason } from '../../../src-main/node/vm/revert-reason';
import { loadArtifacts } from '../../fixtures/contracts/compile';
import { storedAccounts, storedState, type Reply } from '../../main/node/helpers';

/**
 * Driven by TronWeb 6.5.1 as an independent client against the node with
 * --save-internal-tx: a TRC-20 deployed with contract().new(), used through at()/call()/send();
 * a contract calling another with value; REVERT and OUT_OF_ENERGY; the deployer/caller energy
 * split by hand; estimateenergy against triggerconstantcontract; the TRON opcodes from
 * hand-assembled bytecode; and dry runs that leave the state alone.
 */
const TRX = 1_000_000;
const ENERGY_FEE = 210;
const artifacts = loadArtifacts();
const hexText = (text: string): string => bytesToHex(utf8ToBytes(text));

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('TronWeb 6.5.1 against the node: smart contracts', () => {
  let node: TronNode;
  let tronWeb: TronWeb;
  let alice: { hex: string; key: string };
  let bob: { hex: string; key: string };
  let token: string;

  beforeAll(async () => {
    node = await createNode({ port: 0, blockTimeMs: 0, saveInternalTx: true, maxEnergyLimitForConstant: 3_000_000n });
    alice = { hex: node.accounts[0]!.hex, key: node.accounts[0]!.privateKey };
    bob = { hex: node.accounts[1]!.hex, key: node.accounts[1]!.privateKey };
    tronWeb = new TronWeb({ fullHost: node.url, privateKey: alice.key });
  });
  afterAll(async () => node?.stop());

  /** Deploys with TronWeb's builder (no 3 s sleep), signs, broadcasts and mines. */
  async function deploy(name: string, options: Record<string, unknown> = {}, key = alice.key): Promise<string> {
    const artifact = artifacts[name]!;
    const owner = tronWeb.address.fromPrivateKey(key) as string;
    const tx = await tronWeb.transactionBuilder.createSmartContract(
      { abi: artifact.abi as never, bytecode: artifact.bytecode, feeLimit: 1_000 * TRX, ...options },
      owner,
    );
    const sent = await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(tx, key));
    expect(sent).toMatchObject({ result: true });
    await node.mine(1);
    const info = (await tronWeb.trx.getUnconfirmedTransactionInfo(tx.txID)) as Reply;
    expect(info.receipt.result).toBe('SUCCESS');
    return tronWeb.address.toHex(tx.contract_address as string);
  }

  async function infoOf(txId: string): Promise<Reply> {
    return (await tronWeb.trx.getUnconfirmedTransactionInfo(txId)) as Reply;
  }

  it('deploys a TRC-20 with contract().new(), then transfers it and reads balanceOf through at(), call() and send()', async () => {
    const creating = tronWeb.contract().new(
      {
        abi: artifacts['Token']!.abi as never,
        bytecode: artifacts['Token']!.bytecode,
        parameters: [1_000_000],
        feeLimit: 1_000 * TRX,
        name: 'Token',
      },
      alice.key,
    );
    // new() broadcasts and then waits 3 s: mine the block meanwhile.
    await until(() => node.pool.size > 0);
    await node.mine(1);
    const created = await creating;
    token = tronWeb.address.toHex(created.address as string);
    const contract = await tronWeb.contract().at(token);
    expect(contract.address).toBe(token);
    expect(contract.bytecode).toBe(artifacts['Token']!.bytecode + (1_000_000).toString(16).padStart(64, '0'));
    expect(String(await contract.methods.balanceOf(alice.hex).call())).toBe('1000000');
    expect(await contract.methods.symbol().call()).toBe('TT');

    const txId = await contract.methods.transfer(bob.hex, 250).send({ feeLimit: 100 * TRX });
    await node.mine(1);
    expect(((await tronWeb.trx.getTransaction(txId)) as Reply).ret).toEqual([{ contractRet: 'SUCCESS' }]);
    const info = await infoOf(txId);
    expect(info.receipt).toMatchObject({
      energy_usage_total: 27_902,
      energy_fee: 27_902 * ENERGY_FEE,
      result: 'SUCCESS',
    });
    expect(info.log[0].topics[0]).toBe('ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
    expect(String(await contract.methods.balanceOf(bob.hex).call())).toBe('250');
    expect(String(await contract.methods.balanceOf(alice.hex).call())).toBe('999750');
  });

  it('records the internal transactions of a contract that calls another with value', async () => {
    const child = await deploy('Child');
    const router = await deploy('Router');
    const contract = await tronWeb.contract(artifacts['Router']!.abi as never, router);
    const txId = await contract.methods.forward(child).send({ feeLimit: 100 * TRX, callValue: 2 * TRX });
    await node.mine(1);
    const info = await infoOf(txId);
    expect(info.internal_transactions).toEqual([
      {
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        caller_address: router,
        transferTo_address: child,
        callValueInfo: [{ callValue: 2 * TRX }],
        note: hexText('call'),
      },
      {
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        caller_address: router,
        transferTo_address: child,
        callValueInfo: [{}],
        note: hexText('call'),
        rejected: true,
      },
    ]);
    expect(await tronWeb.trx.getUnconfirmedBalance(child)).toBe(2 * TRX);
  });

  it('packs a revert as REVERT with its message, and a too-low fee_limit as OUT_OF_ENERGY spending all of it', async () => {
    const reverter = await tronWeb.contract(artifacts['Reverter']!.abi as never, await deploy('Reverter'));
    await expect(reverter.methods.fail('no funds for you').call()).rejects.toThrow('REVERT opcode executed');
    // A transaction that reverts: transferFrom without an allowance (require(…, "allowance exceeded")).
    const tokenContract = await tronWeb.contract(artifacts['Token']!.abi as never, token);
    const reverted = await tokenContract.methods.transferFrom(bob.hex, alice.hex, 5).send({ feeLimit: 100 * TRX });
    await node.mine(1);
    expect(((await tronWeb.trx.getTransaction(reverted)) as Reply).ret).toEqual([{ contractRet: 'REVERT' }]);
    const revertInfo = await infoOf(reverted);
    expect(revertInfo).toMatchObject({
      result: 'FAILED',
      resMessage: hexText('REVERT opcode executed'),
      receipt: { result: 'REVERT' },
    });
    expect(decodeRevertReason(hexToBytes(revertInfo.contractResult[0]))).toBe('allowance exceeded');
    expect(revertInfo.receipt.energy_fee).toBe(revertInfo.receipt.energy_usage_total * ENERGY_FEE);

    // fee_limit 2,100,000 sun buys 2,100,000 / 210 = 10,000 energy; the loop needs more, and an
    // exception consumes the whole limit: 10,000 × 210 = 2,100,000 sun, the entire fee_limit.
    const before = await tronWeb.trx.getUnconfirmedBalance(alice.hex);
    const burned = await reverter.methods.burn().send({ feeLimit: 2_100_000 });
    await node.mine(1);
    const burnInfo = await infoOf(burned);
    expect(burnInfo.receipt).toMatchObject({
      energy_usage_total: 10_000,
      energy_fee: 2_100_000,
      result: 'OUT_OF_ENERGY',
    });
    expect(((await tronWeb.trx.getTransaction(burned)) as Reply).ret).toEqual([{ contractRet: 'OUT_OF_ENERGY' }]);
    expect(before - (await tronWeb.trx.getUnconfirmedBalance(alice.hex))).toBe(
      2_100_000 + (burnInfo.receipt.net_fee ?? 0),
    );
  });

  it("splits energy between the deployer's stake and the caller as computed by hand", async () => {
    const deployer = { hex: node.accounts[2]!.hex, key: node.accounts[2]!.privateKey };
    const caller = { hex: node.accounts[3]!.hex, key: node.accounts[3]!.privateKey };
    // The deployer stakes 10,000 TRX for energy (FreezeBalanceV2) and is the network's whole energy
    // weight: limit = 10,000 × TotalEnergyCurrentLimit 180,000,000,000 / 10,000 = 1.8e11.
    const freeze = await tronWeb.transactionBuilder.freezeBalanceV2(10_000 * TRX, 'ENERGY', deployer.hex);
    expect(await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(freeze, deployer.key))).toMatchObject({
      result: true,
    });
    await node.mine(1);
    expect(((await tronWeb.trx.getAccountResources(deployer.hex)) as Reply).EnergyLimit).toBe(180_000_000_000);
    const address = await deploy(
      'Token',
      { parameters: [1_000_000], userFeePercentage: 30, originEnergyLimit: 50_000 },
      deployer.key,
    );
    const asDeployer = new TronWeb({ fullHost: node.url, privateKey: deployer.key });
    await (
      await asDeployer.contract(artifacts['Token']!.abi as never, address)
    ).methods
      .transfer(caller.hex, 1_000)
      .send({ feeLimit: 100 * TRX });
    await node.mine(1);

    const asCaller = new TronWeb({ fullHost: node.url, privateKey: caller.key });
    const before = await tronWeb.trx.getUnconfirmedBalance(caller.hex);
    const txId = await (
      await asCaller.contract(artifacts['Token']!.abi as never, address)
    ).methods
      .transfer(bob.hex, 10)
      .send({ feeLimit: 100 * TRX });
    await node.mine(1);
    const receipt = (await infoOf(txId)).receipt;
    // U = 27,902 (a new holder). consume_user_resource_percent p = 30:
    //   deployer = min(U × (100 − p) / 100, stake left, origin_energy_limit) = min(1,953,140 / 100 = 19,531, 1.8e11, 50,000) = 19,531
    //   caller   = 27,902 − 19,531 = 8,371 energy, no stake → 8,371 × 210 = 1,757,910 sun burned
    expect(receipt).toMatchObject({
      energy_usage_total: 27_902,
      origin_energy_usage: 19_531,
      energy_fee: 1_757_910,
      result: 'SUCCESS',
    });
    expect(receipt.energy_usage).toBeUndefined();
    expect(before - (await tronWeb.trx.getUnconfirmedBalance(caller.hex))).toBe(1_757_910 + (receipt.net_fee ?? 0));
    const resource = ((await tronWeb.trx.getUnconfirmedAccount(deployer.hex)) as Reply).account_resource;
    expect(resource.energy_usage).toBeGreaterThanOrEqual(19_531);
  });

  it('agrees between estimateenergy and triggerconstantcontract on base energy, calls and deploys', async () => {
    const parameters = [
      { type: 'address', value: bob.hex },
      { type: 'uint256', value: 5 },
    ];
    const constant = (await tronWeb.transactionBuilder.triggerConstantContract(
      token,
      'transfer(address,uint256)',
      {},
      parameters,
      alice.hex,
    )) as Reply;
    const estimate = (await tronWeb.transactionBuilder.estimateEnergy(
      token,
      'transfer(address,uint256)',
      {},
      parameters,
      alice.hex,
    )) as Reply;
    // bob already holds tokens: 12,902 energy, no dynamic-energy penalty. The estimate's binary search
    // stops within 1 TRX of the cheapest passing fee limit: at most ⌈1,000,000 / 210⌉ = 4,762 above.
    expect(constant.energy_used).toBe(12_902);
    expect(constant.energy_penalty ?? 0).toBe(0);
    expect(estimate.energy_required).toBeGreaterThanOrEqual(constant.energy_used - (constant.energy_penalty ?? 0));
    expect(estimate.energy_required - constant.energy_used).toBeLessThanOrEqual(4_762);

    const input = artifacts['Token']!.bytecode + (7).toString(16).padStart(64, '0');
    const deployEstimate = (await tronWeb.transactionBuilder.deployConstantContract({
      input,
      ownerAddress: alice.hex,
    })) as Reply;
    expect(deployEstimate.energy_required).toBeGreaterThanOrEqual(314_716);
    expect(deployEstimate.energy_required - 314_716).toBeLessThanOrEqual(4_762);
  });

  it('runs the TRON opcodes from hand-assembled bytecode', async () => {
    // CALLTOKENVALUE, CALLTOKENID, ISCONTRACT(self), ISCONTRACT(caller), TOKENBALANCE(self, 1000001),
    // FREEZEBALANCEV2(1 sun, ENERGY) – each result stored to memory – then RETURN 6 words.
    const runtime =
      'd2600052' + 'd3602052' + '30d4604052' + '33d4606052' + '30620f4241d1608052' + '60016001da60a052' + '60c06000f3';
    const length = (runtime.length / 2).toString(16).padStart(2, '0');
    const address = await deploy('Token', {
      abi: [],
      bytecode: `60${length}600c60003960${length}6000f3${runtime}`,
      parameters: [],
    });
    const words = (values: number[]) => values.map((v) => v.toString(16).padStart(64, '0')).join('');
    const read = (await tronWeb.transactionBuilder.triggerConstantContract(
      address,
      '',
      { input: '00' },
      [],
      bob.hex,
    )) as Reply;
    expect(read.constant_result).toEqual([words([0, 0, 1, 0, 0, 0])]);
    // FREEZEBALANCEV2 of 1 sun: the staking service refuses it (at least 1 TRX), so 0 is pushed and the itx is rejected.
    expect(read.internal_transactions).toEqual([
      expect.objectContaining({
        caller_address: address,
        transferTo_address: address,
        note: hexText('freezeBalanceV2ForEnergy'),
        rejected: true,
        callValueInfo: [{ callValue: 1 }],
      }),
    ]);

    const built = await tronWeb.transactionBuilder.triggerSmartContract(
      address,
      '',
      { input: '00', feeLimit: 10 * TRX },
      [],
      bob.hex,
    );
    const sent = await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(built.transaction, bob.key));
    expect(sent).toMatchObject({ result: true });
    await node.mine(1);
    const info = await infoOf(built.transaction.txID);
    expect(info.contractResult).toEqual(read.constant_result);
    expect(info.receipt.result).toBe('SUCCESS');
  });

  it("calls a contract's payable fallback with call_value through triggerSmartContract and an empty function selector (TriggerSmartContractServlet: empty calldata)", async () => {
    const address = await deploy('Fallback');
    // TronWeb sends neither data nor function_selector: java-tron builds the call with empty calldata.
    const built = (await tronWeb.transactionBuilder.triggerSmartContract(
      address,
      '',
      { callValue: 3 * TRX, feeLimit: 100 * TRX },
      [],
      bob.hex,
    )) as Reply;
    expect(built.result).toEqual({ result: true });
    expect(built.transaction.raw_data.contract[0].parameter.value).toEqual({
      owner_address: bob.hex,
      contract_address: address,
      call_value: 3 * TRX,
    });
    const sent = await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(built.transaction, bob.key));
    expect(sent).toMatchObject({ result: true });
    await node.mine(1);
    expect((await infoOf(built.transaction.txID)).receipt.result).toBe('SUCCESS');
    expect(await tronWeb.trx.getUnconfirmedBalance(address)).toBe(3 * TRX);
    const received = (await tronWeb.transactionBuilder.triggerConstantContract(
      address,
      'received()',
      {},
      [],
      bob.hex,
    )) as Reply;
    expect(BigInt(`0x${received.constant_result[0]}`)).toBe(BigInt(3 * TRX));
    // The constant call with no calldata runs the fallback too.
    const constant = (await tronWeb.transactionBuilder.triggerConstantContract(address, '', {}, [], bob.hex)) as Reply;
    expect(constant.result).toEqual({ result: true });
    expect(constant.energy_used).toBeGreaterThan(0);
  });

  it('dry-runs a transfer, a permission update and a contract call without changing state', async () => {
    const snapshot = async () => ({
      stored: await storedState(node),
      accounts: (await storedAccounts(node)).map((a) => [
        a.addressHex,
        bytesToHex(encodeAccount(node.chain.state.getAccount(a.addressHex)!)),
      ]),
      pending: [...node.pool.view.changes].map(([hex, a]) => [hex, bytesToHex(encodeAccount(a))]),
      head: node.head(),
    });
    const before = await snapshot();
    const fresh = tronWeb.utils.accounts.generateAccount();

    const send = await tronWeb.trx.sign(
      await tronWeb.transactionBuilder.sendTrx(fresh.address.hex, 3 * TRX, alice.hex),
      alice.key,
    );
    const sendRun = await node.dryRun(send);
    expect(sendRun).toMatchObject({ accepted: true, contractRet: 'SUCCESS', fee: 1_100_000n });
    expect(sendRun.balanceChanges).toContainEqual({
      address: fresh.address.hex.toLowerCase(),
      trx: 3_000_000n,
      tokens: {},
      created: true,
      deleted: false,
    });
    expect(sendRun.balanceChanges).toContainEqual({
      address: alice.hex,
      trx: -4_100_000n,
      tokens: {},
      created: false,
      deleted: false,
    });

    const keys = [
      { address: alice.hex, weight: 1 },
      { address: bob.hex, weight: 1 },
    ];
    const update = await tronWeb.transactionBuilder.updateAccountPermissions(
      alice.hex,
      { type: 0, permission_name: 'owner', threshold: 2, keys } as never,
      undefined as never,
      [
        { type: 2, permission_name: 'active', threshold: 1, operations: '7fff1fc0033efb0f' + '00'.repeat(24), keys },
      ] as never,
    );
    const updateRun = await node.dryRun(await tronWeb.trx.sign(update, alice.key));
    expect(updateRun).toMatchObject({ accepted: true, contractRet: 'SUCCESS' });
    expect(updateRun.balanceChanges).toEqual([
      { address: alice.hex, trx: -updateRun.fee, tokens: {}, created: false, deleted: false },
    ]);
    expect(updateRun.fee).toBeGreaterThanOrEqual(100n * 1_000_000n);

    const call = await tronWeb.transactionBuilder.triggerSmartContract(
      token,
      'transfer(address,uint256)',
      { feeLimit: 100 * TRX },
      [
        { type: 'address', value: fresh.address.hex },
        { type: 'uint256', value: 1 },
      ],
      alice.hex,
    );
    const callRun = await node.dryRun(await tronWeb.trx.sign(call.transaction, alice.key));
    expect(callRun).toMatchObject({
      accepted: true,
      contractRet: 'SUCCESS',
      transactionInfo: { receipt: { energy_usage_total: 27_902 } },
    });
    expect(callRun.balanceChanges).toEqual([
      { address: alice.hex, trx: -callRun.fee, tokens: {}, created: false, deleted: false },
    ]);
    // The same through the dev endpoint.
    const viaHttp = (await (
      await fetch(`${node.url}/admin/dryrun`, {
        method: 'POST',
        body: JSON.stringify({ transaction: await tronWeb.trx.sign(call.transaction, alice.key) }),
      })
    ).json()) as Reply;
    expect(viaHttp).toMatchObject({ accepted: true, contractRet: 'SUCCESS', fee: Number(callRun.fee) });

    expect(await snapshot()).toEqual(before);
    expect(await tronWeb.trx.getUnconfirmedBalance(fresh.address.hex)).toBe(0);
    expect(String(await (await tronWeb.contract().at(token)).methods.balanceOf(fresh.address.hex).call())).toBe('0');
  });
});
