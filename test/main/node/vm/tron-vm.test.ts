import { keccak_256 } from '@noble/hashes/sha3.js';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HexAddress } from '@core/brand';
import { concatBytes } from '@core/bytes/bytes';
import { contractAddressOf } from '@core/tx/contract-address';
import { AccountType, internalTxHash } from '@main/node/vm/index';
import {
  ALICE,
  BOB,
  OWNER,
  TRX,
  addressAt,
  artifacts,
  bytesToHex,
  callData,
  deploy,
  hexToBytes,
  nextTxId,
  setup,
  stakeEnergy,
  stringCall,
  word,
  wordAt,
  type Setup,
} from './helpers';
import { VmValidationError } from '@main/node/errors';

const FEE_LIMIT = 1_000n * TRX;

async function trigger(
  s: Setup,
  contractAddress: HexAddress,
  data: Uint8Array,
  extra: { owner?: HexAddress; callValue?: bigint; feeLimit?: bigint; txId?: Uint8Array } = {},
) {
  return s.vm.runTrigger({
    world: s.world,
    block: s.block,
    txId: extra.txId ?? nextTxId(),
    owner: extra.owner ?? OWNER,
    contractAddress,
    data,
    feeLimit: extra.feeLimit ?? FEE_LIMIT,
    ...(extra.callValue !== undefined ? { callValue: extra.callValue } : {}),
  });
}

async function constant(s: Setup, contractAddress: HexAddress, data: Uint8Array, owner: HexAddress = OWNER) {
  return s.vm.runConstant({ world: s.world, block: s.block, txId: nextTxId(), owner, contractAddress, data });
}

function evm20(address: HexAddress): Uint8Array {
  return hexToBytes(address.slice(2));
}

describe('TronVm with a TRC-20 token', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await setup();
  });

  it('deploys at keccak(txID ‖ owner), transfers, and answers balanceOf through a constant call', async () => {
    const txId = nextTxId();
    const created = await s.vm.runCreate({
      world: s.world,
      block: s.block,
      txId,
      owner: OWNER,
      feeLimit: FEE_LIMIT,
      bytecode: hexToBytes(artifacts['Token']!.bytecode + word(1_000_000n)),
      consumeUserResourcePercent: 100n,
      originEnergyLimit: 10_000_000n,
      name: 'Token',
    });
    expect(created.result).toBe('SUCCESS');
    expect(created.contractAddress).toBe(contractAddressOf(bytesToHex(txId), OWNER));
    expect(bytesToHex(created.returnData)).toBe(artifacts['Token']!.deployedBytecode);
    expect(s.world.getAccount(created.contractAddress)?.type).toBe(AccountType.Contract);
    expect(s.world.getContract(created.contractAddress)).toMatchObject({
      originAddress: OWNER,
      version: 1,
      name: 'Token',
    });
    expect(created.logs).toHaveLength(1);
    expect(bytesToHex(created.logs[0]!.address)).toBe(created.contractAddress.slice(2));

    const token = created.contractAddress;
    const first = await trigger(s, token, callData('transfer(address,uint256)', BOB, 250n));
    expect(first.result).toBe('SUCCESS');
    expect(wordAt(first.returnData, 0)).toBe(1n);
    const transferTopic = bytesToHex(keccak_256(new TextEncoder().encode('Transfer(address,address,uint256)')));
    expect(first.logs.map((log) => log.topics.map(bytesToHex))).toEqual([[transferTopic, word(OWNER), word(BOB)]]);
    expect(wordAt(first.logs[0]!.data, 0)).toBe(250n);

    // the second transfer writes rows that now exist: 2 × (20 000 − 5 000) less than the first
    const second = await trigger(s, token, callData('transfer(address,uint256)', BOB, 250n));
    expect(first.energyUsed - second.energyUsed).toBe(15_000n);

    const bob = await constant(s, token, callData('balanceOf(address)', BOB));
    expect(bob.result).toBe('SUCCESS');
    expect(wordAt(bob.returnData, 0)).toBe(500n);
    const owner = await constant(s, token, callData('balanceOf(address)', OWNER));
    expect(wordAt(owner.returnData, 0)).toBe(999_500n);
  });

  it('runs a constant call without changing state', async () => {
    const token = await deploy(s, 'Token', [1_000n]);
    const before = s.world.diff();
    const result = await constant(s, token, callData('transfer(address,uint256)', BOB, 1n));
    expect(result.result).toBe('SUCCESS');
    expect(wordAt((await constant(s, token, callData('balanceOf(address)', BOB))).returnData, 0)).toBe(0n);
    expect(s.world.diff()).toEqual(before);
  });

  it('gives estimateEnergy and a constant call the same base energy', async () => {
    const token = await deploy(s, 'Token', [1_000n]);
    const data = callData('transfer(address,uint256)', BOB, 1n);
    const viaConstant = await constant(s, token, data);
    const estimate = await s.vm.estimateEnergy({
      world: s.world,
      block: s.block,
      txId: nextTxId(),
      owner: OWNER,
      contractAddress: token,
      data,
    });
    expect(estimate.ok).toBe(true);
    if (!estimate.ok) return;
    expect(estimate.energyUsed).toBe(viaConstant.energyUsed);
    expect(estimate.execution.baseEnergyUsed).toBe(viaConstant.baseEnergyUsed);
    // the search stops within 1 TRX of fee limit: at 210 sun/energy that is at most 4 762 energy above
    expect(estimate.energyRequired).toBeGreaterThanOrEqual(viaConstant.energyUsed);
    expect(estimate.energyRequired - viaConstant.energyUsed).toBeLessThanOrEqual(1_000_000n / 210n + 1n);
    const real = await trigger(s, token, data);
    expect(real.energyUsed).toBe(viaConstant.energyUsed);
  });
});

describe('TronVm internal transactions', () => {
  let s: Setup;
  let router: HexAddress;
  let child: HexAddress;
  beforeEach(async () => {
    s = await setup();
    router = await deploy(s, 'Router', [], { callValue: 10n * TRX });
    child = await deploy(s, 'Child');
  });

  it('records a call with value and a rejected call in creation order, with java-tron hashes', async () => {
    const txId = nextTxId();
    const result = await trigger(s, router, callData('forward(address)', child), { callValue: TRX, txId });
    expect(result.result).toBe('SUCCESS');
    expect(wordAt(result.returnData, 0)).toBe(0n);
    const [ping, fail] = result.internalTransactions;
    expect(result.internalTransactions).toHaveLength(2);
    expect(ping).toMatchObject({
      note: 'call',
      callerAddress: router,
      transferToAddress: child,
      rejected: false,
      nonce: 1n,
    });
    expect(ping!.callValueInfo).toEqual([{ callValue: TRX }]);
    expect(fail).toMatchObject({ note: 'call', rejected: true, nonce: 2n });
    expect(fail!.callValueInfo).toEqual([{ callValue: 0n }]);
    expect(bytesToHex(ping!.hash)).toBe(bytesToHex(internalTxHash(txId, child, callData('ping()'), TRX, 1n)));
    expect(bytesToHex(fail!.hash)).toBe(bytesToHex(internalTxHash(txId, child, callData('fail()'), 0n, 2n)));
    // logs of the successful child and the router; nothing from the reverted call
    expect(result.logs.map((log) => bytesToHex(log.address))).toEqual([child.slice(2), router.slice(2)]);
    expect(s.world.getAccount(child)?.balance).toBe(TRX);
  });

  it('creates the receiving account of a value transfer to a new address', async () => {
    const fresh = `41${'c3'.repeat(20)}` as HexAddress;
    const result = await trigger(s, router, callData('pay(address,uint256)', fresh, 1_234n));
    expect(result.result).toBe('SUCCESS');
    expect(s.world.getAccount(fresh)).toEqual({ type: AccountType.Normal, balance: 1_234n });
    expect(result.internalTransactions).toMatchObject([
      { note: 'call', transferToAddress: fresh, callValueInfo: [{ callValue: 1_234n }] },
    ]);
  });

  it('derives CREATE from keccak(rootTxId ‖ nonce) and CREATE2 with 0x41 in place of 0xff', async () => {
    const txId = nextTxId();
    const salt = 0x5a17n;
    const result = await trigger(s, router, callData('deploy(bytes32)', salt), { txId });
    expect(result.result).toBe('SUCCESS');
    const nonceBytes = new Uint8Array(8);
    const created = `41${bytesToHex(keccak_256(concatBytes(txId, nonceBytes)).subarray(12))}` as HexAddress;
    const initCode = hexToBytes(artifacts['Child']!.bytecode);
    const created2 =
      `41${bytesToHex(keccak_256(concatBytes(Uint8Array.of(0x41), evm20(router), hexToBytes(word(salt)), keccak_256(initCode))).subarray(12))}` as HexAddress;
    expect(addressAt(result.returnData, 0)).toBe(created);
    expect(addressAt(result.returnData, 1)).toBe(created2);
    expect(result.internalTransactions.map((t) => [t.note, t.transferToAddress, t.nonce])).toEqual([
      ['create', created, 1n],
      ['create', created2, 2n],
    ]);
    expect(s.world.getContract(created)).toMatchObject({
      originAddress: router,
      consumeUserResourcePercent: 100n,
      version: 1,
    });
    expect(s.world.getContract(created2)?.trxHash).toEqual(txId);
    expect(s.world.getCode(created).length).toBeGreaterThan(0);
  });

  it('fails a CALL that sends TRX to itself with TRANSFER_FAILED and keeps the unused energy', async () => {
    const result = await trigger(s, router, callData('selfPay(uint256)', 1n));
    expect(result.result).toBe('TRANSFER_FAILED');
    expect(result.resMessage).toBe('transfer trx failed: Cannot transfer TRX to yourself.');
    expect(result.exceptionClass).toBe('org.tron.core.vm.program.Program$TransferException');
    expect(result.energyUsed).toBeLessThan(result.energyLimit);
  });

  it('self-destructs to an heir with an internal transaction suicide and deletes the contract', async () => {
    const result = await trigger(s, router, callData('destroy(address)', BOB));
    expect(result.result).toBe('SUCCESS');
    expect(result.internalTransactions).toMatchObject([
      { note: 'suicide', callerAddress: router, transferToAddress: BOB, callValueInfo: [{ callValue: 10n * TRX }] },
    ]);
    expect(result.deletedContracts).toEqual([router]);
    expect(s.world.getAccount(BOB)?.balance).toBe(10n * TRX);
    expect(s.world.getContract(router)).toBeUndefined();
    expect(s.world.getAccount(router)).toBeUndefined();
  });
});

describe('TronVm failures', () => {
  let s: Setup;
  let reverter: HexAddress;
  beforeEach(async () => {
    s = await setup();
    reverter = await deploy(s, 'Reverter');
  });

  it('reports REVERT with its message and keeps only the energy used', async () => {
    const result = await trigger(s, reverter, stringCall('fail(string)', 'not today'));
    expect(result.result).toBe('REVERT');
    expect(result.resMessage).toBe('REVERT opcode executed');
    expect(result.revertReason).toBe('not today');
    expect(bytesToHex(result.returnData.subarray(0, 4))).toBe('08c379a0');
    expect(result.energyUsed).toBeLessThan(result.energyLimit);
    const panic = await trigger(s, reverter, callData('divide(uint256,uint256)', 1n, 0n));
    expect(panic.result).toBe('REVERT');
    expect(panic.revertReason).toBe('Panic(0x12)');
  });

  it('spends the whole limit on OUT_OF_ENERGY and burns it all', async () => {
    // fee limit 2 TRX at 210 sun per energy: 2 000 000 / 210 = 9 523 energy
    const result = await trigger(s, reverter, callData('burn()'), { feeLimit: 2n * TRX });
    expect(result.energyLimit).toBe(9_523n);
    expect(result.result).toBe('OUT_OF_ENERGY');
    expect(result.energyUsed).toBe(9_523n);
    expect(result.resMessage).toMatch(
      /^Not enough energy for '\w+' operation executing: curInvokeEnergyLimit\[9523\], curOpEnergy\[\d+\], usedEnergy\[\d+\]$/,
    );
    expect(result.bill).toEqual({
      energyUsageTotal: 9_523n,
      originEnergyUsage: 0n,
      energyUsage: 0n,
      energyFee: 9_523n * 210n,
    });
    expect(wordAt((await constant(s, reverter, callData('counter()'))).returnData, 0)).toBe(0n);
  });

  it('refuses invalid transactions with java-tron validation messages', async () => {
    const base = {
      world: s.world,
      block: s.block,
      owner: OWNER,
      feeLimit: FEE_LIMIT,
      bytecode: hexToBytes(artifacts['Child']!.bytecode),
      consumeUserResourcePercent: 100n,
      originEnergyLimit: 1n,
    };
    await expect(s.vm.runCreate({ ...base, txId: nextTxId(), consumeUserResourcePercent: 101n })).rejects.toThrowError(
      'percent must be >= 0 and <= 100',
    );
    await expect(s.vm.runCreate({ ...base, txId: nextTxId(), originEnergyLimit: 0n })).rejects.toThrowError(
      'The originEnergyLimit must be > 0',
    );
    await expect(s.vm.runCreate({ ...base, txId: nextTxId(), feeLimit: 15_000_000_001n })).rejects.toThrowError(
      'feeLimit must be >= 0 and <= 15000000000',
    );
    await expect(s.vm.runCreate({ ...base, txId: nextTxId(), originAddress: ALICE })).rejects.toThrowError(
      'OwnerAddress is not equals OriginAddress',
    );
    await expect(s.vm.runCreate({ ...base, txId: nextTxId(), name: 'x'.repeat(33) })).rejects.toThrowError(
      "contractName's length cannot be greater than 32",
    );
    await expect(s.vm.runCreate({ ...base, txId: nextTxId(), tokenId: 5n, tokenValue: 1n })).rejects.toThrowError(
      'tokenId must be > 1000000',
    );
    await expect(trigger(s, ALICE, callData('counter()'))).rejects.toThrowError(VmValidationError);
    await expect(trigger(s, ALICE, callData('counter()'))).rejects.toThrowError('No contract or not a smart contract');
    await expect(trigger(s, reverter, callData('counter()'), { callValue: 10n ** 15n })).rejects.toThrowError(
      'Validate InternalTransfer error, balance is not sufficient.',
    );
    await expect(constant(s, BOB, callData('counter()'))).rejects.toThrowError('Smart contract is not exist.');
    const existing = nextTxId();
    const first = await s.vm.runCreate({ ...base, txId: existing });
    expect(first.result).toBe('SUCCESS');
    await expect(s.vm.runCreate({ ...base, txId: existing })).rejects.toThrowError(
      /^Trying to create a contract with existing contract address: T/,
    );
  });
});

describe('TronVm energy split between deployer and caller', () => {
  it('charges the origin its share from stake and the caller the rest, as computed by hand', async () => {
    const s = await setup();
    const slots = await deploy(s, 'Slots', [], { percent: 40n, originEnergyLimit: 900_000n });
    stakeEnergy(s, OWNER, 800_000n);
    const result = await trigger(s, slots, callData('set(uint256)', 7n), { owner: ALICE, feeLimit: 100n * TRX });
    expect(result.result).toBe('SUCCESS');
    // caller: min(0 + 1 000 TRX / 210, 100 TRX / 210) = min(4 761 904, 476 190) = 476 190
    // deployer at p = 40: min(476 190 · 60 / 40 = 714 285, min(stake 800 000, limit 900 000)) = 714 285
    expect(result.limit).toMatchObject({ callerLimit: 476_190n, creatorLimit: 714_285n });
    expect(result.energyLimit).toBe(1_190_475n);
    const used = result.energyUsed;
    // origin pays min(U · 60 / 100, 800 000, 900 000); the caller burns the rest at 210 sun
    const origin = (used * 60n) / 100n;
    expect(result.bill).toEqual({
      energyUsageTotal: used,
      originEnergyUsage: origin,
      energyUsage: 0n,
      energyFee: (used - origin) * 210n,
    });
    // a deployer calling its own contract pays everything
    const own = await trigger(s, slots, callData('set(uint256)', 8n));
    expect(own.limit.creatorLimit).toBe(0n);
    expect(own.bill.originEnergyUsage).toBe(0n);
  });
});

describe('TronVm dynamic energy', () => {
  it('reports the penalty separately from the base energy', async () => {
    const s = await setup();
    const slots = await deploy(s, 'Slots');
    const data = callData('set(uint256)', 3n);
    const plain = await constant(s, slots, data);
    expect(plain.energyPenalty).toBe(0n);
    // factor 1.5 at the current cycle: every op costs ⌊e · 15 000 / 10 000⌋
    s.world.putContractState(slots, { energyUsage: 0n, energyFactor: 5_000n, updateCycle: s.block.currentCycle });
    const penalized = await constant(s, slots, data);
    expect(penalized.baseEnergyUsed).toBe(plain.energyUsed);
    expect(penalized.energyPenalty).toBeGreaterThan(plain.energyUsed / 3n);
    expect(penalized.energyUsed).toBe(penalized.baseEnergyUsed + penalized.energyPenalty);
    const real = await trigger(s, slots, data);
    expect(real.energyPenalty).toBe(penalized.energyPenalty);
    expect(s.world.getContractState(slots)?.energyUsage).toBe(real.baseEnergyUsed);
  });
});
