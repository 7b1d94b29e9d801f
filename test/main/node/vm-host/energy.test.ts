import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TronNode } from '@main/node';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { utf8ToBytes } from '@core/bytes/utf8';
import { signDigest } from '@core/keys/keys';
import { energyCharge } from '@core/fee/energy';
import { addEnergyUsage } from '@main/node/resources/account-usage';
import { cloneAccount } from '@main/node/state/account';
import { resolveConfig } from '@main/node/config';
import { broadcast, call, fundedKey, newKey, startNode, type Key, type Reply } from '../helpers';
import { createSmartContract } from '@core/tx/builders';
import { asm } from '../vm/helpers';
import { balance, callData, constant, contractTx, deploy, freezeEnergy, info, TRX, trigger, word } from './helpers';

/**
 * Who pays for energy (VMActuator, ReceiptCapsule.payEnergyBill), the dynamic energy model across a
 * maintenance period (TIP-491), which internal transactions are stored, and contracts across a restart.
 */
const hexText = (text: string): string => bytesToHex(utf8ToBytes(text));

describe('energy billing between the deployer and the caller', () => {
  let node: TronNode;
  afterAll(async () => node?.stop());

  it('charges the deployer its share from stake and the caller the rest, as computed by hand', async () => {
    node = await startNode();
    const alice = fundedKey(node, 0);
    const bob = fundedKey(node, 1);
    const carol = newKey();
    // Alice stakes 10,000 TRX for energy and is the whole network's energy weight:
    // her limit = 10,000 × TotalEnergyCurrentLimit (180,000,000,000) / 10,000 = 180,000,000,000.
    await freezeEnergy(node, alice, 10_000n * TRX);
    expect((await call(node, '/wallet/getaccountresource', { address: alice.hex })).json).toMatchObject({
      EnergyLimit: 180_000_000_000,
      TotalEnergyWeight: 10_000,
    });
    const deployed = await deploy(node, alice, 'Token', word(1_000_000n), { percent: 30, originEnergyLimit: 50_000n });
    // The deployer deploying (or calling its own contract) pays everything, here from stake: no TRX burns.
    const deployReceipt = (await info(node, deployed.txId)).receipt;
    expect(deployReceipt).toMatchObject({ energy_usage: 314_716, energy_usage_total: 314_716, result: 'SUCCESS' });
    expect(deployReceipt.energy_fee).toBeUndefined();
    const seeded = await trigger(node, alice, deployed.address, callData('transfer(address,uint256)', bob.hex, 1_000n));
    await node.mine(1);
    expect((await info(node, seeded.tx.txID)).receipt).toMatchObject({
      energy_usage: 27_902,
      energy_usage_total: 27_902,
    });

    // Bob (no stake) sends tokens to a new holder: U = 27,902 (vm/README.md).
    //   deployer's share = min(U × (100 − 30) / 100, deployer's stake left, origin_energy_limit)
    //                    = min(27,902 × 70 / 100 = 19,531 (integer division), ~180e9, 50,000) = 19,531
    //   caller's part    = 27,902 − 19,531 = 8,371, burned at 210 sun: 1,757,910 sun
    const originBefore = cloneAccount(node.chain.state.getAccount(alice.hex)!);
    const bobBefore = BigInt((await call(node, '/wallet/getaccount', { address: bob.hex })).json.balance);
    const first = await trigger(node, bob, deployed.address, callData('transfer(address,uint256)', carol.hex, 10n));
    await node.mine(1);
    const firstInfo = await info(node, first.tx.txID);
    expect(firstInfo.receipt).toMatchObject({
      origin_energy_usage: 19_531,
      energy_usage_total: 27_902,
      energy_fee: 1_757_910,
      result: 'SUCCESS',
    });
    expect(firstInfo.receipt.energy_usage).toBeUndefined();
    // src-core's fee model agrees.
    const charge = energyCharge({
      energy: 27_902n,
      contractShare: {
        consumeUserResourcePercent: 30,
        originEnergyAvailable: 180_000_000_000n,
        originEnergyLimit: 50_000n,
      },
      parameters: node.chain.props.parameters,
    });
    expect(charge).toMatchObject({ fromOrigin: 19_531n, fromStake: 0n, burnedEnergy: 8_371n, burnedSun: 1_757_910n });
    expect(bobBefore - BigInt((await call(node, '/wallet/getaccount', { address: bob.hex })).json.balance)).toBe(
      1_757_910n + BigInt(firstInfo.receipt.net_fee ?? 0),
    );
    // The deployer's share enters its usage window (java-tron ResourceProcessor.increaseV2).
    const originAfter = node.chain.state.getAccount(alice.hex)!;
    addEnergyUsage(originBefore, 19_531n, originAfter.latestConsumeTimeForEnergy);
    expect(originAfter.energyUsage).toBe(originBefore.energyUsage);

    // origin_energy_limit lowered to 5,000: it now caps the deployer's share.
    const update = (
      await call(node, '/wallet/updateenergylimit', {
        owner_address: alice.hex,
        contract_address: deployed.address,
        origin_energy_limit: 5_000,
      })
    ).json;
    expect(
      await broadcast(
        node,
        { ...update, signature: [bytesToHex(signDigest(hexToBytes(update.txID), alice.key))] } as never,
        false,
      ),
    ).toMatchObject({ result: true });
    await node.mine(1);
    // Existing holder: U = 12,902; share = min(12,902 × 70 / 100 = 9,031, …, 5,000) = 5,000; caller 7,902 × 210 = 1,659,420.
    const second = await trigger(node, bob, deployed.address, callData('transfer(address,uint256)', carol.hex, 10n));
    await node.mine(1);
    expect((await info(node, second.tx.txID)).receipt).toMatchObject({
      origin_energy_usage: 5_000,
      energy_usage_total: 12_902,
      energy_fee: 1_659_420,
      result: 'SUCCESS',
    });
  });
});

describe('a caller whose stake covers part of the energy', () => {
  let node: TronNode;
  afterAll(async () => node?.stop());

  it("uses the caller's staked energy first and burns the rest at the energy price", async () => {
    // TotalEnergyCurrentLimit lowered to 10,000 so that a 1 TRX stake yields less than one transfer needs.
    node = await startNode({ chainParameters: { getTotalEnergyCurrentLimit: 10_000n } });
    const alice = fundedKey(node, 0);
    const bob = fundedKey(node, 1);
    const carol = newKey();
    // Alice (no stake) deploys with consume_user_resource_percent 100: callers pay everything.
    const { address } = await deploy(node, alice, 'Token', word(1_000_000n));
    await trigger(node, alice, address, callData('transfer(address,uint256)', bob.hex, 1_000n));
    await node.mine(1);
    // Bob stakes 1 TRX and is the whole energy weight: EnergyLimit = 1 × 10,000 / 1 = 10,000.
    await freezeEnergy(node, bob, TRX);
    expect((await call(node, '/wallet/getaccountresource', { address: bob.hex })).json).toMatchObject({
      EnergyLimit: 10_000,
      TotalEnergyWeight: 1,
    });
    const bobBefore = await balance(node, bob.hex);

    // Bob sends tokens to a new holder: U = 27,902 (as above). 10,000 come from his stake,
    // the other 17,902 are burned at 210 sun: 3,759,420 sun.
    const sent = await trigger(node, bob, address, callData('transfer(address,uint256)', carol.hex, 10n));
    expect(sent.reply).toMatchObject({ result: true });
    await node.mine(1);
    const receipt = (await info(node, sent.tx.txID)).receipt;
    expect(receipt).toMatchObject({
      energy_usage: 10_000,
      energy_fee: 3_759_420,
      energy_usage_total: 27_902,
      result: 'SUCCESS',
    });
    expect(receipt.origin_energy_usage).toBeUndefined();
    expect(bobBefore - (await balance(node, bob.hex))).toBe(3_759_420n + BigInt(receipt.net_fee ?? 0));
    // His stake is used up: the 10,000 entered his 24 h usage window (28,800 slots), and one block
    // later one slot's worth has recovered: 9,999 used.
    expect((await call(node, '/wallet/getaccountresource', { address: bob.hex })).json).toMatchObject({
      EnergyLimit: 10_000,
      EnergyUsed: 9_999,
    });
  });
});

describe('dynamic energy across maintenance periods', () => {
  let node: TronNode;
  afterAll(async () => node?.stop());

  it('raises the factor of a busy contract at maintenance and charges the penalty separately', async () => {
    // Maintenance every 60 s of chain time; a contract is busy above 50,000 base energy per cycle.
    node = await startNode({
      chainParameters: { getMaintenanceTimeInterval: 60_000n, getDynamicEnergyThreshold: 50_000n },
    });
    const alice = fundedKey(node, 0);
    const { address } = await deploy(node, alice, 'Token', word(1_000_000n));
    // Cycle 0 is special in java-tron: a ContractState with update_cycle 0 starts over instead of
    // catching up. Work in cycle 1, as any real chain does.
    node.advanceTime(60);
    await node.mine(1);
    for (const holder of [newKey(), newKey()]) {
      await trigger(node, alice, address, callData('transfer(address,uint256)', holder.hex, 1n));
      await node.mine(1);
    }
    const busy = (await call(node, '/wallet/getcontractinfo', { value: address })).json.contract_state;
    expect(BigInt(busy.energy_usage)).toBeGreaterThan(50_000n);
    expect(busy).toMatchObject({ update_cycle: 1 });
    expect(busy.energy_factor).toBeUndefined();

    node.advanceTime(60);
    await node.mine(1);
    expect(node.chain.props.maintenanceCycle).toBe(2);
    // (0 + 10,000) × (1 + 2,000 / 10,000) − 10,000 = 2,000: ×1.2 from now on; usage starts over.
    expect((await call(node, '/wallet/getcontractinfo', { value: address })).json.contract_state).toEqual({
      energy_factor: 2_000,
      update_cycle: 2,
    });

    const holder = newKey();
    await trigger(node, alice, address, callData('transfer(address,uint256)', holder.hex, 1n));
    await node.mine(1);
    const dry = await constant(node, alice.hex, address, callData('transfer(address,uint256)', holder.hex, 1n));
    const sent = await trigger(node, alice, address, callData('transfer(address,uint256)', holder.hex, 1n));
    await node.mine(1);
    const receipt = (await info(node, sent.tx.txID)).receipt;
    const penalty = BigInt(receipt.energy_penalty_total);
    // Base energy is unchanged (12,902); every op pays ⌊cost × 1.2⌋, so the penalty is at most 20 %.
    expect(BigInt(receipt.energy_usage_total) - penalty).toBe(12_902n);
    expect(penalty).toBeGreaterThan(2_000n);
    expect(penalty).toBeLessThanOrEqual(2_581n);
    expect(BigInt(receipt.energy_fee)).toBe(BigInt(receipt.energy_usage_total) * 210n);
    expect(dry.energy_penalty).toBe(receipt.energy_penalty_total);
    expect(dry.energy_used).toBe(receipt.energy_usage_total);

    // An idle cycle decays the factor by increase/4: 12,000 × 0.95 − 10,000 = 1,400 (getcontractinfo catches up on read).
    node.advanceTime(60);
    await node.mine(1);
    expect((await call(node, '/wallet/getcontractinfo', { value: address })).json.contract_state).toMatchObject({
      energy_factor: 1_400,
      update_cycle: 3,
    });
  });
});

describe('which internal transactions are stored', () => {
  const nodes: TronNode[] = [];
  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((n) => n.stop()));
  });

  /**
   * The stored internal transactions, with the contract addresses of this node named: each node
   * derives them from its own txIDs (timestamps from the wall clock), so only the names compare.
   */
  async function runOn(config: {
    saveInternalTx?: boolean;
    saveFeaturedInternalTx?: boolean;
  }): Promise<{ call: Reply[] | undefined; staking: Reply[] | undefined }> {
    const node = await startNode(config);
    nodes.push(node);
    const alice: Key = fundedKey(node, 0);
    const child = (await deploy(node, alice, 'Child')).address;
    const router = (await deploy(node, alice, 'Router')).address;
    const forward = await trigger(node, alice, router, callData('forward(address)', child), { callValue: 5n });
    // FREEZEBALANCEV2 (1 sun, ENERGY) then STOP: a featured itx (refused: below the 1 TRX minimum).
    const freezer = await deployRuntime(node, alice, '60016001da00');
    const freeze = await trigger(node, alice, freezer, '');
    await node.mine(1);
    const names = new Map([
      [router, 'Router'],
      [child, 'Child'],
      [freezer, 'Freezer'],
    ]);
    const named = (itxs: Reply[] | undefined) =>
      itxs?.map((itx) => ({
        ...itx,
        caller_address: names.get(itx.caller_address) ?? itx.caller_address,
        transferTo_address: names.get(itx.transferTo_address) ?? itx.transferTo_address,
      }));
    return {
      call: named((await info(node, forward.tx.txID)).internal_transactions),
      staking: named((await info(node, freeze.tx.txID)).internal_transactions),
    };
  }

  it('keeps none by default, call/create/suicide with --save-internal-tx, and staking ones only with saveFeaturedInternalTx', async () => {
    const none = await runOn({});
    expect(none).toEqual({ call: undefined, staking: undefined });
    const basic = await runOn({ saveInternalTx: true });
    expect(basic.call?.map((itx) => [itx.note, itx.caller_address, itx.transferTo_address])).toEqual([
      [hexText('call'), 'Router', 'Child'],
      [hexText('call'), 'Router', 'Child'],
    ]);
    expect(basic.staking).toBeUndefined();
    const featured = await runOn({ saveInternalTx: true, saveFeaturedInternalTx: true });
    expect(featured.call).toEqual(basic.call?.map((itx) => ({ ...itx, hash: expect.any(String) })));
    expect(featured.staking).toEqual([
      expect.objectContaining({
        note: hexText('freezeBalanceV2ForEnergy'),
        rejected: true,
        callValueInfo: [{ callValue: 1 }],
      }),
    ]);
  });
});

describe("withdraw-while notes from the node's Stake 2.0 rules", () => {
  let node: TronNode;
  afterAll(async () => node?.stop());

  it('records withdrawExpireUnfreezeWhileUnfreezing, …WhileCanceling and …WhileSuiciding with the matured amounts', async () => {
    node = await startNode({ saveInternalTx: true, saveFeaturedInternalTx: true });
    const alice = fundedKey(node, 0);
    // Runtime: PUSH0 CALLDATALOAD JUMP to one of four JUMPDEST-led pieces, picked by the call data word.
    const pieces = {
      freeze: asm('JUMPDEST', 10n * TRX, 1, 'FREEZEBALANCEV2', 'STOP'),
      unfreeze: asm('JUMPDEST', 2n * TRX, 1, 'UNFREEZEBALANCEV2', 'STOP'),
      cancel: asm('JUMPDEST', 'CANCELALLUNFREEZEV2', 'STOP'),
      suicide: asm('JUMPDEST', 'CALLER', 'SELFDESTRUCT'),
    };
    let offset = 3;
    const at: Record<string, bigint> = {};
    for (const [name, code] of Object.entries(pieces)) {
      at[name] = BigInt(offset);
      offset += code.length / 2;
    }
    const contract = await deployRuntime(
      node,
      alice,
      asm('PUSH0', 'CALLDATALOAD', 'JUMP') + Object.values(pieces).join(''),
      30n * TRX,
    );
    const send = async (piece: string): Promise<Reply> => {
      const { tx, reply } = await trigger(node, alice, contract, word(at[piece]!));
      expect(reply).toMatchObject({ result: true });
      await node.mine(1);
      const txInfo = await info(node, tx.txID);
      expect(txInfo.receipt.result).toBe('SUCCESS');
      return txInfo;
    };
    const fifteenDays = 15 * 86_400;
    // java-tron's JSON leaves out a zero callValue
    const itx = (note: string, to: string, amount: bigint) =>
      expect.objectContaining({
        note: hexText(note),
        caller_address: contract,
        transferTo_address: to,
        callValueInfo: [amount === 0n ? {} : { callValue: Number(amount) }],
      });

    await send('freeze');
    await send('unfreeze');
    node.advanceTime(fifteenDays);
    await node.mine(1);
    // the first 2 TRX have matured: paid out while unfreezing 2 more
    expect((await send('unfreeze')).internal_transactions).toEqual([
      itx('unfreezeBalanceV2ForEnergy', contract, 2n * TRX),
      itx('withdrawExpireUnfreezeWhileUnfreezing', contract, 2n * TRX),
    ]);
    expect(await balance(node, contract)).toBe(22n * TRX);
    node.advanceTime(fifteenDays);
    await node.mine(1);
    const canceled: Reply[] = (await send('cancel')).internal_transactions;
    expect(canceled).toEqual([
      itx('cancelAllUnfreezeV2', contract, 0n),
      itx('withdrawExpireUnfreezeWhileCanceling', contract, 2n * TRX),
    ]);
    expect(canceled.some((t) => t.rejected === true)).toBe(false);
    expect(await balance(node, contract)).toBe(24n * TRX);
    await send('unfreeze');
    node.advanceTime(fifteenDays);
    await node.mine(1);
    const aliceBefore = await balance(node, alice.hex);
    // the suicide carries the balance (24 TRX) plus the matured 2 TRX
    const suicide = await send('suicide');
    expect(suicide.internal_transactions).toEqual([
      itx('suicide', alice.hex, 26n * TRX),
      itx('withdrawExpireUnfreezeWhileSuiciding', alice.hex, 2n * TRX),
    ]);
    // Alice (the caller) receives the 26 TRX and pays the call's fees
    const fees = BigInt(suicide.receipt.energy_fee ?? 0) + BigInt(suicide.receipt.net_fee ?? 0);
    expect((await balance(node, alice.hex)) - aliceBefore).toBe(26n * TRX - fees);
    expect((await call(node, '/wallet/getcontract', { value: contract })).json).toEqual({});
  });
});

/** Deploys raw runtime code behind a minimal init (CODECOPY + RETURN). */
async function deployRuntime(node: TronNode, key: Key, runtime: string, callValue?: bigint): Promise<string> {
  const length = (runtime.length / 2).toString(16).padStart(2, '0');
  const tx = contractTx(
    node,
    createSmartContract({
      owner: key.hex,
      abi: [],
      bytecode: `60${length}600c60003960${length}6000f3${runtime}`,
      callValue,
    }),
    key,
    100n * TRX,
  );
  expect(await broadcast(node, tx)).toMatchObject({ result: true });
  await node.mine(1);
  return tx.contract_address!;
}

describe('contracts across a restart', () => {
  let datadir: string;
  afterAll(async () => rm(datadir, { recursive: true, force: true }));

  it('keeps contracts, ABI, code, storage and contract state in the store', async () => {
    datadir = await mkdtemp(join(tmpdir(), 'tron-node-contracts-'));
    const first = await startNode({ datadir });
    const alice = fundedKey(first, 0);
    const carol = newKey();
    const { address } = await deploy(first, alice, 'Token', word(1_000n));
    await trigger(first, alice, address, callData('transfer(address,uint256)', carol.hex, 40n));
    await first.mine(1);
    const contract = (await call(first, '/wallet/getcontract', { value: address })).json;
    const contractInfo = (await call(first, '/wallet/getcontractinfo', { value: address })).json;
    await first.stop();

    const second = await startNode({ datadir });
    try {
      expect((await call(second, '/wallet/getcontract', { value: address })).json).toEqual(contract);
      expect((await call(second, '/wallet/getcontractinfo', { value: address })).json).toEqual(contractInfo);
      expect(
        (await constant(second, alice.hex, address, callData('balanceOf(address)', carol.hex))).constant_result,
      ).toEqual([word(40n)]);
      const again = await trigger(second, alice, address, callData('transfer(address,uint256)', carol.hex, 2n));
      await second.mine(1);
      // The holder's row exists after the restart: the cheaper existing-row price applies.
      expect((await info(second, again.tx.txID)).receipt.energy_usage_total).toBe(12_902);
    } finally {
      await second.stop();
    }
  });
});

describe('node settings of the VM', () => {
  it('answers estimateenergy with java-tron\'s "does not support" message when switched off', async () => {
    const node = await startNode({ estimateEnergy: false });
    try {
      const alice = fundedKey(node, 0);
      const reply = (await call(node, '/wallet/estimateenergy', { owner_address: alice.hex, data: '00' })).json;
      expect(reply).toEqual({
        result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexText('this node does not support estimate energy') },
      });
      // Constant calls still work.
      expect(
        (await call(node, '/wallet/triggerconstantcontract', { owner_address: alice.hex, data: '00' })).json.result,
      ).toEqual({ result: true });
    } finally {
      await node.stop();
    }
  });

  it('refuses a negative constant-call energy cap', () => {
    expect(() => resolveConfig({ maxEnergyLimitForConstant: -1n })).toThrow(RangeError);
  });
});
