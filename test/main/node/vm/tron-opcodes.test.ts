import { keccak_256 } from '@noble/hashes/sha3.js';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HexAddress } from '@core/brand';
import { bytesToBigint, concatBytes } from '@core/bytes/bytes';
import {
  ALICE,
  BLACK_HOLE,
  BOB,
  OWNER,
  RETURN_TOP,
  TRX,
  WITNESS,
  addWitness,
  asm,
  atBlock,
  blockAt,
  blockIdOf,
  bytesToHex,
  hexToBytes,
  frozenEnergy,
  install,
  issueToken,
  nextTxId,
  nodeAccount,
  settledAccount,
  setup,
  wordAt,
  type AsmItem,
  type Setup,
} from './helpers';

let counter = 0;
function freshAddress(): HexAddress {
  counter += 1;
  return `41${counter.toString(16).padStart(40, 'c')}` as HexAddress;
}

async function run(
  s: Setup,
  code: AsmItem[] | string,
  extra: { balance?: bigint; feeLimit?: bigint; block?: Setup['block']; address?: HexAddress; txId?: Uint8Array } = {},
) {
  const address = extra.address ?? freshAddress();
  if (extra.address === undefined)
    install(s.world, address, typeof code === 'string' ? code : asm(...code), extra.balance ?? 0n);
  const result = await s.vm.runTrigger({
    world: s.world,
    block: atBlock(s, extra.block ?? s.block),
    txId: extra.txId ?? nextTxId(),
    owner: OWNER,
    contractAddress: address,
    data: new Uint8Array(0),
    feeLimit: extra.feeLimit ?? 1_000n * TRX,
  });
  return { address, result, top: wordAt(result.returnData, 0) };
}

const word20 = (address: HexAddress) => BigInt(`0x${address.slice(2)}`);
const DAY_MS = 86_400_000n;

describe('environment opcodes', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await setup();
  });

  it('pushes COINBASE with the 0x41 prefix, TIMESTAMP in seconds, BASEFEE/GASPRICE as the energy fee', async () => {
    expect((await run(s, ['COINBASE', ...RETURN_TOP])).top).toBe((0x41n << 160n) | word20(WITNESS));
    expect((await run(s, ['TIMESTAMP', ...RETURN_TOP])).top).toBe(1_700_000_000n);
    expect((await run(s, ['NUMBER', ...RETURN_TOP])).top).toBe(1_000n);
    expect((await run(s, ['BASEFEE', ...RETURN_TOP])).top).toBe(210n);
    expect((await run(s, ['GASPRICE', ...RETURN_TOP])).top).toBe(210n);
    expect((await run(s, ['DIFFICULTY', ...RETURN_TOP])).top).toBe(0n);
    expect((await run(s, ['GASLIMIT', ...RETURN_TOP])).top).toBe(0n);
    // CALLER and ORIGIN are 20-byte values (the prefix is stripped)
    expect((await run(s, ['CALLER', ...RETURN_TOP])).top).toBe(word20(OWNER));
    expect((await run(s, ['ORIGIN', ...RETURN_TOP])).top).toBe(word20(OWNER));
  });

  it('takes CHAINID from the last 4 bytes of the genesis block id and BLOCKHASH from block ids', async () => {
    expect((await run(s, ['CHAINID', ...RETURN_TOP])).top).toBe(bytesToBigint(s.block.genesisBlockId.subarray(28)));
    expect((await run(s, [999, 'BLOCKHASH', ...RETURN_TOP])).top).toBe(bytesToBigint(blockIdOf(999n)));
    expect((await run(s, [1000, 'BLOCKHASH', ...RETURN_TOP])).top).toBe(0n);
    expect((await run(s, [743, 'BLOCKHASH', ...RETURN_TOP])).top).toBe(0n);
    expect((await run(s, [744, 'BLOCKHASH', ...RETURN_TOP])).top).toBe(bytesToBigint(blockIdOf(744n)));
  });

  it('answers EXTCODEHASH with 0 for a missing account and keccak("") for a plain one', async () => {
    const empty = bytesToBigint(keccak_256(new Uint8Array(0)));
    expect((await run(s, [BigInt(`0x${'de'.repeat(20)}`), 'EXTCODEHASH', ...RETURN_TOP])).top).toBe(0n);
    expect((await run(s, [word20(ALICE), 'EXTCODEHASH', ...RETURN_TOP])).top).toBe(empty);
    const code = asm('ADDRESS', 'EXTCODEHASH', ...RETURN_TOP);
    expect((await run(s, code)).top).toBe(bytesToBigint(keccak_256(hexToBytes(code))));
  });

  it('pushes the CREATE result as a 21-byte word derived from the root tx id', async () => {
    const txId = nextTxId();
    const { top, result } = await run(s, ['PUSH0', 'PUSH0', 'PUSH0', 'CREATE', ...RETURN_TOP], { txId });
    const expected = BigInt(`0x${bytesToHex(keccak_256(concatBytes(txId, new Uint8Array(8))).subarray(12))}`);
    expect(top).toBe((0x41n << 160n) | expected);
    expect(result.internalTransactions.map((t) => t.note)).toEqual(['create']);
  });
});

describe('TRON opcodes', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await setup();
  });

  it('ISCONTRACT is 1 for a contract and 0 for an account, costing 20', async () => {
    const contract = freshAddress();
    install(s.world, contract, '00');
    expect((await run(s, [word20(contract), 'ISCONTRACT', ...RETURN_TOP])).top).toBe(1n);
    const plain = await run(s, [word20(ALICE), 'ISCONTRACT', ...RETURN_TOP]);
    expect(plain.top).toBe(0n);
    // PUSH20 3 + ISCONTRACT 20 + PUSH0 2 + MSTORE (1 + 3 memory) + PUSH1 3 + PUSH0 2 + RETURN 0
    expect(plain.result.energyUsed).toBe(34n);
  });

  it('ISCONTRACT is already true for a contract inside its own constructor', async () => {
    const result = await s.vm.runCreate({
      world: s.world,
      block: s.block,
      txId: nextTxId(),
      owner: OWNER,
      feeLimit: 100n * TRX,
      bytecode: hexToBytes(asm('ADDRESS', 'ISCONTRACT', 'PUSH0', 'SSTORE', 'STOP')),
      consumeUserResourcePercent: 100n,
      originEnergyLimit: 1n,
    });
    expect(result.result).toBe('SUCCESS');
    expect(bytesToBigint(s.world.getStorage(result.contractAddress, '0'.repeat(64) as never)!)).toBe(1n);
  });

  it('TOKENBALANCE reads a TRC10 balance; CALLTOKEN moves the token and the callee sees CALLTOKENVALUE/CALLTOKENID', async () => {
    issueToken(s, '1000001');
    const callee = freshAddress();
    install(
      s.world,
      callee,
      asm('CALLTOKENVALUE', 'PUSH0', 'MSTORE', 'CALLTOKENID', 32, 'MSTORE', 64, 'PUSH0', 'RETURN'),
    );
    const caller = freshAddress();
    install(
      s.world,
      caller,
      asm(
        64,
        'PUSH0',
        'PUSH0',
        'PUSH0',
        1_000_001,
        40,
        word20(callee),
        'GAS',
        'CALLTOKEN',
        64,
        'MSTORE',
        96,
        'PUSH0',
        'RETURN',
      ),
    );
    s.world.setTokenBalance(caller, '1000001', 100n);
    expect((await run(s, [word20(caller), 1_000_001, 'TOKENBALANCE', ...RETURN_TOP])).top).toBe(100n);
    const { result } = await run(s, '', { address: caller });
    expect(result.result).toBe('SUCCESS');
    expect([wordAt(result.returnData, 0), wordAt(result.returnData, 1), wordAt(result.returnData, 2)]).toEqual([
      40n,
      1_000_001n,
      1n,
    ]);
    expect(s.world.getTokenBalance(caller, '1000001')).toBe(60n);
    expect(s.world.getTokenBalance(callee, '1000001')).toBe(40n);
    expect(result.internalTransactions).toMatchObject([
      {
        note: 'call',
        callerAddress: caller,
        transferToAddress: callee,
        callValueInfo: [{ callValue: 0n }, { tokenId: '1000001', callValue: 40n }],
      },
    ]);
    // an id at or below 1 000 000 is a TransferException
    const bad = await run(s, [word20(caller), 1_000_000, 'TOKENBALANCE', ...RETURN_TOP]);
    expect(bad.result.result).toBe('UNKNOWN');
    expect(bad.result.resMessage).toBe('validateForSmartContract failure:not valid token id');
  });

  it('stakes, unstakes, withdraws and cancels with Stake 2.0 opcodes and their internal-transaction notes', async () => {
    const staker = freshAddress();
    install(s.world, staker, asm(10n * TRX, 1, 'FREEZEBALANCEV2', ...RETURN_TOP), 50n * TRX);
    const frozen = await run(s, '', { address: staker });
    expect(frozen.top).toBe(1n);
    expect(frozen.result.internalTransactions).toMatchObject([
      {
        note: 'freezeBalanceV2ForEnergy',
        callerAddress: staker,
        transferToAddress: staker,
        callValueInfo: [{ callValue: 10n * TRX }],
        rejected: false,
      },
    ]);
    expect(s.world.getAccount(staker)?.balance).toBe(40n * TRX);
    expect(frozenEnergy(s, staker)).toBe(10n * TRX);
    expect(frozen.result.energyUsed).toBe(10_000n + 17n);

    s.world.setCode(staker, hexToBytes(asm(4n * TRX, 1, 'UNFREEZEBALANCEV2', ...RETURN_TOP)));
    const unfrozen = await run(s, '', { address: staker });
    expect(unfrozen.top).toBe(1n);
    expect(unfrozen.result.internalTransactions.map((t) => t.note)).toEqual(['unfreezeBalanceV2ForEnergy']);

    // fifteen days later the 4 TRX have matured
    const later = blockAt(2_000n, s.block.timestampMs + 15n * 86_400_000n);
    s.world.setCode(staker, hexToBytes(asm('WITHDRAWEXPIREUNFREEZE', ...RETURN_TOP)));
    const withdrawn = await run(s, '', { address: staker, block: later });
    expect(withdrawn.top).toBe(4n * TRX);
    expect(withdrawn.result.internalTransactions).toMatchObject([
      { note: 'withdrawExpireUnfreeze', callValueInfo: [{ callValue: 4n * TRX }] },
    ]);
    expect(s.world.getAccount(staker)?.balance).toBe(44n * TRX);

    s.world.setCode(
      staker,
      hexToBytes(asm(2n * TRX, 1, 'UNFREEZEBALANCEV2', 'POP', 'CANCELALLUNFREEZEV2', ...RETURN_TOP)),
    );
    const canceled = await run(s, '', { address: staker, block: later });
    expect(canceled.top).toBe(1n);
    expect(canceled.result.internalTransactions.map((t) => t.note)).toEqual([
      'unfreezeBalanceV2ForEnergy',
      'cancelAllUnfreezeV2',
    ]);
    expect(frozenEnergy(s, staker)).toBe(6n * TRX);
  });

  it('refuses an invalid stake without failing the frame: pushes 0 and rejects the internal transaction', async () => {
    const { top, result } = await run(s, [500_000, 1, 'FREEZEBALANCEV2', ...RETURN_TOP], { balance: 50n * TRX });
    expect(result.result).toBe('SUCCESS');
    expect(top).toBe(0n);
    expect(result.internalTransactions).toMatchObject([
      { note: 'freezeBalanceV2ForEnergy', rejected: true, callValueInfo: [{ callValue: 500_000n }] },
    ]);
  });

  it('delegates and undelegates resources to another account', async () => {
    const staker = freshAddress();
    install(
      s.world,
      staker,
      asm(
        10n * TRX,
        1,
        'FREEZEBALANCEV2',
        'POP',
        word20(ALICE),
        3n * TRX,
        1,
        'DELEGATERESOURCE',
        'POP',
        word20(ALICE),
        TRX,
        1,
        'UNDELEGATERESOURCE',
        ...RETURN_TOP,
      ),
      20n * TRX,
    );
    const { top, result } = await run(s, '', { address: staker });
    expect(top).toBe(1n);
    expect(
      result.internalTransactions.map((t) => [t.note, t.transferToAddress, t.callValueInfo[0]!.callValue]),
    ).toEqual([
      ['freezeBalanceV2ForEnergy', staker, 10n * TRX],
      ['delegateResourceOfEnergy', ALICE, 3n * TRX],
      ['unDelegateResourceOfEnergy', ALICE, TRX],
    ]);
    expect(settledAccount(s, ALICE)?.acquiredDelegatedFrozenV2Energy).toBe(2n * TRX);
  });

  it('votes with VOTEWITNESS (extra = votes JSON) and withdraws rewards with WITHDRAWREWARD', async () => {
    addWitness(s, WITNESS);
    const voter = freshAddress();
    // witness array at 0: [1, witness]; amount array at 64: [1, 3]
    install(
      s.world,
      voter,
      asm(
        10n * TRX,
        1,
        'FREEZEBALANCEV2',
        'POP',
        1,
        'PUSH0',
        'MSTORE',
        word20(WITNESS),
        32,
        'MSTORE',
        1,
        64,
        'MSTORE',
        3,
        96,
        'MSTORE',
        'PUSH0',
        1,
        64,
        1,
        'VOTEWITNESS',
        ...RETURN_TOP,
      ),
      20n * TRX,
    );
    const voted = await run(s, '', { address: voter });
    expect(voted.result.result).toBe('SUCCESS');
    expect(voted.top).toBe(1n);
    const vote = voted.result.internalTransactions[1]!;
    expect(vote).toMatchObject({ note: 'voteWitness', transferToAddress: '', rejected: false });
    expect(vote.extra).toMatch(/^\{"votes":\[\{"vote_address":"T[1-9A-HJ-NP-Za-km-z]+","vote_count":3\}\]\}$/);

    nodeAccount(s, voter).allowance = 777n;
    s.world.setCode(voter, hexToBytes(asm('WITHDRAWREWARD', ...RETURN_TOP)));
    const reward = await run(s, '', { address: voter });
    expect(reward.top).toBe(777n);
    expect(reward.result.internalTransactions).toMatchObject([
      { note: 'withdrawReward', callValueInfo: [{ callValue: 777n }] },
    ]);
  });

  it('treats FREEZE (Stake 1.0) as an invalid opcode unless allowTvmFreeze, then as a no-op after FreezeV2', async () => {
    const off = await run(s, [word20(ALICE), TRX, 1, 'FREEZE', ...RETURN_TOP]);
    expect(off.result.result).toBe('ILLEGAL_OPERATION');
    expect(off.result.resMessage).toBe('Invalid operation code: opCode[d5];');
    expect(off.result.energyUsed).toBe(off.result.energyLimit);
    const on = await setup({ getAllowTvmFreeze: 1n });
    const noop = await run(on, [word20(ALICE), TRX, 1, 'FREEZE', ...RETURN_TOP], { balance: 5n * TRX });
    expect(noop.result.result).toBe('SUCCESS');
    expect(noop.top).toBe(0n);
    expect(noop.result.internalTransactions).toEqual([]);
  });

  /** Freezes 10 TRX for energy and unfreezes 4 of them now; returns a block 15 days later, when the 4 TRX have matured. */
  async function stakerWithMaturedUnfreeze(): Promise<{ staker: HexAddress; later: Setup['block'] }> {
    const staker = freshAddress();
    install(
      s.world,
      staker,
      asm(10n * TRX, 1, 'FREEZEBALANCEV2', 'POP', 4n * TRX, 1, 'UNFREEZEBALANCEV2', ...RETURN_TOP),
      50n * TRX,
    );
    expect((await run(s, '', { address: staker })).top).toBe(1n);
    expect(s.world.getAccount(staker)?.balance).toBe(40n * TRX);
    return { staker, later: blockAt(2_000n, s.block.timestampMs + 15n * DAY_MS) };
  }

  it('pays out a matured unfreeze before a new UNFREEZEBALANCEV2 with a withdrawExpireUnfreezeWhileUnfreezing internal transaction', async () => {
    const { staker, later } = await stakerWithMaturedUnfreeze();
    s.world.setCode(staker, hexToBytes(asm(2n * TRX, 1, 'UNFREEZEBALANCEV2', ...RETURN_TOP)));
    const { top, result } = await run(s, '', { address: staker, block: later });
    expect(top).toBe(1n);
    expect(result.internalTransactions).toMatchObject([
      {
        note: 'unfreezeBalanceV2ForEnergy',
        callerAddress: staker,
        transferToAddress: staker,
        callValueInfo: [{ callValue: 2n * TRX }],
        rejected: false,
      },
      {
        note: 'withdrawExpireUnfreezeWhileUnfreezing',
        callerAddress: staker,
        transferToAddress: staker,
        callValueInfo: [{ callValue: 4n * TRX }],
        rejected: false,
      },
    ]);
    expect(s.world.getAccount(staker)?.balance).toBe(44n * TRX);
    expect(frozenEnergy(s, staker)).toBe(4n * TRX);
    // the extra internal transaction has its own nonce, hence its own hash
    expect(result.internalTransactions[1]!.hash).not.toEqual(result.internalTransactions[0]!.hash);
  });

  it('pays out a matured unfreeze during CANCELALLUNFREEZEV2 with a withdrawExpireUnfreezeWhileCanceling internal transaction', async () => {
    const { staker, later } = await stakerWithMaturedUnfreeze();
    // ten days in, 3 more TRX start unfreezing: still pending fifteen days in
    s.world.setCode(staker, hexToBytes(asm(3n * TRX, 1, 'UNFREEZEBALANCEV2', ...RETURN_TOP)));
    const pending = await run(s, '', { address: staker, block: blockAt(1_500n, s.block.timestampMs + 10n * DAY_MS) });
    expect(pending.result.internalTransactions.map((t) => t.note)).toEqual(['unfreezeBalanceV2ForEnergy']);
    s.world.setCode(staker, hexToBytes(asm('CANCELALLUNFREEZEV2', ...RETURN_TOP)));
    const { top, result } = await run(s, '', { address: staker, block: later });
    expect(top).toBe(1n);
    expect(result.internalTransactions).toMatchObject([
      {
        note: 'cancelAllUnfreezeV2',
        callerAddress: staker,
        transferToAddress: staker,
        callValueInfo: [{ callValue: 0n }],
        rejected: false,
      },
      {
        note: 'withdrawExpireUnfreezeWhileCanceling',
        callerAddress: staker,
        transferToAddress: staker,
        callValueInfo: [{ callValue: 4n * TRX }],
        rejected: false,
      },
    ]);
    // the matured 4 TRX are paid out, the pending 3 TRX are frozen again
    expect(s.world.getAccount(staker)?.balance).toBe(44n * TRX);
    expect(frozenEnergy(s, staker)).toBe(6n * TRX);
    expect(settledAccount(s, staker)?.unfrozenV2).toEqual([]);
  });

  it('pays a matured unfreeze to the inheritor on SELFDESTRUCT with a withdrawExpireUnfreezeWhileSuiciding internal transaction', async () => {
    const { staker, later } = await stakerWithMaturedUnfreeze();
    s.world.setCode(staker, hexToBytes(asm(word20(BOB), 'SELFDESTRUCT')));
    // before it matures the pending unfreeze forbids the SELFDESTRUCT (canSuicide): REVERT
    const early = await run(s, '', { address: staker, block: blockAt(1_500n, s.block.timestampMs + DAY_MS) });
    expect(early.result.result).toBe('REVERT');
    expect(s.world.getContract(staker)).toBeDefined();
    const { result } = await run(s, '', { address: staker, block: later });
    expect(result.result).toBe('SUCCESS');
    expect(result.internalTransactions).toMatchObject([
      // the suicide's value is the balance plus the matured unfreeze
      {
        note: 'suicide',
        callerAddress: staker,
        transferToAddress: BOB,
        callValueInfo: [{ callValue: 44n * TRX }],
        rejected: false,
      },
      {
        note: 'withdrawExpireUnfreezeWhileSuiciding',
        callerAddress: staker,
        transferToAddress: BOB,
        callValueInfo: [{ callValue: 4n * TRX }],
        rejected: false,
      },
    ]);
    expect(s.world.getAccount(BOB)?.balance).toBe(44n * TRX);
    expect(frozenEnergy(s, BOB)).toBe(6n * TRX);
    expect(s.world.getContract(staker)).toBeUndefined();
  });

  it('treats UNFREEZE (0xd6) and FREEZEEXPIRETIME (0xd7) as invalid opcodes unless allowTvmFreeze', async () => {
    const unfreeze = await run(s, ['ADDRESS', 1, 'UNFREEZE', ...RETURN_TOP]);
    expect([unfreeze.result.result, unfreeze.result.resMessage]).toEqual([
      'ILLEGAL_OPERATION',
      'Invalid operation code: opCode[d6];',
    ]);
    expect(unfreeze.result.energyUsed).toBe(unfreeze.result.energyLimit);
    expect(unfreeze.result.internalTransactions).toEqual([]);
    const expire = await run(s, ['ADDRESS', 1, 'FREEZEEXPIRETIME', ...RETURN_TOP]);
    expect([expire.result.result, expire.result.resMessage]).toEqual([
      'ILLEGAL_OPERATION',
      'Invalid operation code: opCode[d7];',
    ]);
    expect(expire.result.energyUsed).toBe(expire.result.energyLimit);
  });

  it('UNFREEZE without a Stake 1.0 balance pushes 0, records a rejected unfreezeFor… internal transaction of value 0 and costs 20000', async () => {
    const on = await setup({ getAllowTvmFreeze: 1n });
    const staker = freshAddress();
    // a Stake 2.0 freeze is not a Stake 1.0 balance: UNFREEZE must not touch it
    install(
      on.world,
      staker,
      asm(10n * TRX, 1, 'FREEZEBALANCEV2', 'POP', 'ADDRESS', 1, 'UNFREEZE', ...RETURN_TOP),
      50n * TRX,
    );
    const own = await run(on, '', { address: staker });
    expect(own.result.result).toBe('SUCCESS');
    expect(own.top).toBe(0n);
    expect(own.result.internalTransactions).toMatchObject([
      { note: 'freezeBalanceV2ForEnergy', rejected: false },
      {
        note: 'unfreezeForEnergy',
        callerAddress: staker,
        transferToAddress: staker,
        callValueInfo: [{ callValue: 0n }],
        rejected: true,
      },
    ]);
    // PUSH4 3 + PUSH1 3 + FREEZEBALANCEV2 10000 + POP 2 + ADDRESS 2 + PUSH1 3 + UNFREEZE 20000 + return 11
    expect(own.result.energyUsed).toBe(3n + 3n + 10_000n + 2n + 2n + 3n + 20_000n + 11n);
    expect(frozenEnergy(on, staker)).toBe(10n * TRX);
    expect(on.world.getAccount(staker)?.balance).toBe(40n * TRX);

    // unfreezing what was delegated to another account (v1) and an unknown resource code: refused alike
    const other = await run(on, [word20(ALICE), 'PUSH0', 'UNFREEZE', ...RETURN_TOP], { balance: TRX });
    expect(other.top).toBe(0n);
    expect(other.result.internalTransactions).toMatchObject([
      { note: 'unfreezeForBandwidth', transferToAddress: ALICE, callValueInfo: [{ callValue: 0n }], rejected: true },
    ]);
    // PUSH20 3 + PUSH0 2 + UNFREEZE 20000 + return 11
    expect(other.result.energyUsed).toBe(20_016n);
    const unknown = await run(on, ['ADDRESS', 7, 'UNFREEZE', ...RETURN_TOP]);
    expect(unknown.top).toBe(0n);
    expect(unknown.result.internalTransactions).toMatchObject([{ note: 'unfreezeForUnknownType', rejected: true }]);
  });

  it('FREEZEEXPIRETIME pushes 0 when there is no Stake 1.0 freeze or delegation, even after a Stake 2.0 freeze, and costs 50', async () => {
    const on = await setup({ getAllowTvmFreeze: 1n });
    const own = await run(on, ['ADDRESS', 1, 'FREEZEEXPIRETIME', ...RETURN_TOP]);
    expect(own.result.result).toBe('SUCCESS');
    expect(own.top).toBe(0n);
    // ADDRESS 2 + PUSH1 3 + FREEZEEXPIRETIME 50 + return 11
    expect(own.result.energyUsed).toBe(66n);
    expect(own.result.internalTransactions).toEqual([]);
    const staked = await run(
      on,
      [10n * TRX, 1, 'FREEZEBALANCEV2', 'POP', 'ADDRESS', 1, 'FREEZEEXPIRETIME', ...RETURN_TOP],
      { balance: 20n * TRX },
    );
    expect(staked.top).toBe(0n);
    const delegatedTo = await run(on, [word20(ALICE), 'PUSH0', 'FREEZEEXPIRETIME', ...RETURN_TOP]);
    expect(delegatedTo.top).toBe(0n);
    expect(delegatedTo.result.energyUsed).toBe(3n + 2n + 50n + 11n);
  });

  it('fails a staking opcode under STATICCALL with StaticCallModificationException', async () => {
    const inner = freshAddress();
    install(s.world, inner, asm(TRX, 1, 'FREEZEBALANCEV2', ...RETURN_TOP), 5n * TRX);
    const { top, result } = await run(s, [
      'PUSH0',
      'PUSH0',
      'PUSH0',
      'PUSH0',
      word20(inner),
      'GAS',
      'STATICCALL',
      ...RETURN_TOP,
    ]);
    expect(result.result).toBe('SUCCESS');
    expect(top).toBe(0n);
    expect(result.internalTransactions).toMatchObject([{ note: 'call', rejected: true }]);
    const root = await run(s, [1, 'PUSH0', 'SSTORE', 'STOP']);
    expect(root.result.result).toBe('SUCCESS');
  });

  it('sends the balance of a contract that self-destructs to itself to the black hole', async () => {
    const { result, address } = await run(s, ['ADDRESS', 'SELFDESTRUCT'], { balance: 3n * TRX });
    expect(result.result).toBe('SUCCESS');
    expect(result.internalTransactions).toMatchObject([
      { note: 'suicide', callerAddress: address, transferToAddress: address, callValueInfo: [{ callValue: 3n * TRX }] },
    ]);
    expect(s.world.getAccount(BLACK_HOLE)?.balance).toBe(3n * TRX);
    expect(s.world.getContract(address)).toBeUndefined();
  });
});

describe('transaction-level TRC10 value and proposal switches', () => {
  it('moves call_token_value before the code runs, exposes it to the root frame, and returns it on REVERT', async () => {
    const s = await setup();
    issueToken(s, '1000007');
    s.world.setTokenBalance(OWNER, '1000007', 50n);
    const ok = freshAddress();
    install(s.world, ok, asm('CALLTOKENVALUE', 'PUSH0', 'MSTORE', 'CALLTOKENID', 32, 'MSTORE', 64, 'PUSH0', 'RETURN'));
    const request = {
      world: s.world,
      block: s.block,
      owner: OWNER,
      data: new Uint8Array(0),
      feeLimit: 10n * TRX,
      tokenValue: 20n,
      tokenId: 1_000_007n,
    };
    const paid = await s.vm.runTrigger({ ...request, txId: nextTxId(), contractAddress: ok });
    expect([wordAt(paid.returnData, 0), wordAt(paid.returnData, 1)]).toEqual([20n, 1_000_007n]);
    expect(s.world.getTokenBalance(ok, '1000007')).toBe(20n);
    const reverting = freshAddress();
    install(s.world, reverting, asm('PUSH0', 'PUSH0', 'REVERT'));
    const reverted = await s.vm.runTrigger({ ...request, txId: nextTxId(), contractAddress: reverting });
    expect(reverted.result).toBe('REVERT');
    expect(s.world.getTokenBalance(OWNER, '1000007')).toBe(30n);
    expect(s.world.getTokenBalance(reverting, '1000007')).toBe(0n);
    await expect(
      s.vm.runTrigger({ ...request, txId: nextTxId(), contractAddress: ok, tokenValue: 31n }),
    ).rejects.toThrowError('assetBalance is not sufficient.');
  });

  it('keeps the logs of a reverted constant call and rejects nothing', async () => {
    const s = await setup();
    const address = freshAddress();
    install(
      s.world,
      address,
      asm(
        5,
        'PUSH0',
        'PUSH0',
        'LOG1',
        'PUSH0',
        'PUSH0',
        'PUSH0',
        'PUSH0',
        'PUSH0',
        word20(ALICE),
        'GAS',
        'CALL',
        'PUSH0',
        'PUSH0',
        'REVERT',
      ),
    );
    const constant = await s.vm.runConstant({
      world: s.world,
      block: s.block,
      txId: nextTxId(),
      owner: OWNER,
      contractAddress: address,
      data: new Uint8Array(0),
    });
    expect(constant.result).toBe('REVERT');
    expect(constant.logs).toHaveLength(1);
    expect(constant.internalTransactions).toMatchObject([{ note: 'call', rejected: false }]);
    const real = await s.vm.runTrigger({
      world: s.world,
      block: s.block,
      txId: nextTxId(),
      owner: OWNER,
      contractAddress: address,
      data: new Uint8Array(0),
      feeLimit: TRX,
    });
    expect(real.logs).toHaveLength(0);
    expect(real.internalTransactions).toMatchObject([{ note: 'call', rejected: true }]);
  });

  it('drops TLOAD/TSTORE/MCOPY when allowTvmCancun is off and restores them with setChainParameters', async () => {
    const s = await setup({ getAllowTvmCancun: 0n });
    const address = freshAddress();
    install(s.world, address, asm(1, 'PUSH0', 'TSTORE', 'STOP'));
    expect((await run(s, '', { address })).result.result).toBe('ILLEGAL_OPERATION');
    await s.vm.setChainParameters({ ...s.parameters, getAllowTvmCancun: 1n });
    expect((await run(s, '', { address })).result.result).toBe('SUCCESS');
  });

  it('estimates a deploy through a simulated CreateSmartContract', async () => {
    const s = await setup();
    const bytecode = hexToBytes(asm(1, 'PUSH0', 'SSTORE', 1, 'PUSH0', 'RETURN'));
    const estimate = await s.vm.estimateEnergy({
      world: s.world,
      block: s.block,
      txId: nextTxId(),
      owner: OWNER,
      data: bytecode,
    });
    expect(estimate.ok).toBe(true);
    // 3+2+20000 (SSTORE) + 3+2 + RETURN 0 + memory 3 + deposit 1 byte·200
    if (estimate.ok) expect(estimate.energyUsed).toBe(20_213n);
    expect(s.world.depth).toBe(0);
  });
});

describe('limits and exceptions', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await setup();
  });

  it('allows call depth 64 and no deeper', async () => {
    const { address, result } = await run(
      s,
      [
        'PUSH0',
        'SLOAD',
        1,
        'ADD',
        'PUSH0',
        'SSTORE',
        'PUSH0',
        'PUSH0',
        'PUSH0',
        'PUSH0',
        'PUSH0',
        'ADDRESS',
        'GAS',
        'CALL',
        'STOP',
      ],
      { feeLimit: 10_000n * TRX },
    );
    expect(result.result).toBe('SUCCESS');
    expect(bytesToBigint(s.world.getStorage(address, '0'.repeat(64) as never)!)).toBe(65n);
    expect(result.internalTransactions).toHaveLength(64);
  });

  it('forwards all remaining energy from version-0 contracts and all but 1/64 from version-1 ones', async () => {
    const callee = freshAddress();
    install(s.world, callee, asm('GAS', ...RETURN_TOP));
    const code = asm(32, 'PUSH0', 'PUSH0', 'PUSH0', 'PUSH0', word20(callee), 'GAS', 'CALL', 32, 'PUSH0', 'RETURN');
    const v1 = freshAddress();
    install(s.world, v1, code);
    const v0 = freshAddress();
    install(s.world, v0, code);
    s.world.putContract(v0, { ...s.world.getContract(v0)!, version: 0 });
    // limit L = 21 TRX / 210 = 100 000; 16 energy before CALL, CALL costs 40 + 3 (memory) → 99 941 available
    const feeLimit = 21n * TRX;
    const zero = await run(s, '', { address: v0, feeLimit });
    const one = await run(s, '', { address: v1, feeLimit });
    expect(zero.result.energyLimit).toBe(100_000n);
    // the callee's GAS costs 2 before it reads the counter
    expect(zero.top).toBe(99_941n - 2n);
    expect(one.top).toBe(99_941n - 99_941n / 64n - 2n);
  });

  it('raises OUT_OF_MEMORY above 3 MiB before charging energy', async () => {
    const over = await run(s, [3n * 1024n * 1024n - 31n, 'MLOAD', ...RETURN_TOP], { feeLimit: 10_000n * TRX });
    expect(over.result.result).toBe('OUT_OF_MEMORY');
    expect(over.result.resMessage).toBe("Out of Memory when 'MLOAD' operation executing");
    // exactly 3 MiB is allowed: 3·98 304 + 98 304²/512 = 19 169 280 energy for the memory
    const edge = await run(s, [3n * 1024n * 1024n - 32n, 'MLOAD', 'POP', 'STOP'], { feeLimit: 10_000n * TRX });
    expect(edge.result.result).toBe('SUCCESS');
    // PUSH3 3 + MLOAD 1 + memory + POP 2 + STOP 0
    expect(edge.result.energyUsed).toBe(3n + 1n + 19_169_280n + 2n);
  });

  it('maps bad jumps, stack underflow and invalid opcodes to java-tron results and messages', async () => {
    const jump = await run(s, [5, 'JUMP', 'STOP', 'STOP', 'STOP', 'STOP']);
    expect([jump.result.result, jump.result.resMessage]).toEqual([
      'BAD_JUMP_DESTINATION',
      "Operation with pc isn't 'JUMPDEST': PC[5];",
    ]);
    const stack = await run(s, ['ADD']);
    expect([stack.result.result, stack.result.resMessage]).toEqual([
      'STACK_TOO_SMALL',
      'Expected stack size 2 but actual 0;',
    ]);
    const invalid = await run(s, ['INVALID']);
    expect([invalid.result.result, invalid.result.exceptionClass]).toEqual([
      'ILLEGAL_OPERATION',
      'org.tron.core.vm.program.Program$IllegalOperationException',
    ]);
  });

  it('ends with STACK_TOO_LARGE when a 1025th item is pushed, spending the whole energy limit', async () => {
    // JUMPDEST PUSH0 PUSH0(=0) JUMP: one more item per turn
    const { result } = await run(s, ['JUMPDEST', 'PUSH0', 'PUSH0', 'JUMP']);
    expect(result.result).toBe('STACK_TOO_LARGE');
    expect(result.resMessage).toBe('Expected: overflow 1024 elements stack limit');
    expect(result.exceptionClass).toBe('org.tron.core.vm.program.Program$StackTooLargeException');
    // fee_limit 1000 TRX at 210 sun per energy
    expect(result.energyLimit).toBe(4_761_904n);
    expect(result.energyUsed).toBe(4_761_904n);
    // 1024 items are still fine: 1024 PUSH0 then STOP
    const full = await run(s, [...Array<string>(1024).fill('PUSH0'), 'STOP']);
    expect(full.result.result).toBe('SUCCESS');
    expect(full.result.energyUsed).toBe(2_048n);
  });

  it('never ends a transaction as PRECOMPILED_CONTRACT: a failing precompile pushes 0 and spends the energy forwarded to it', async () => {
    // bn128 add (0x06) of (1, 1), which is not on the curve: java-tron's execute answers false
    const call = (energy: number) => [
      1,
      'PUSH0',
      'MSTORE',
      1,
      32,
      'MSTORE',
      'PUSH0',
      'PUSH0',
      128,
      'PUSH0',
      'PUSH0',
      6,
      energy,
      'CALL',
      ...RETURN_TOP,
    ];
    const bad = await run(s, call(5_000));
    expect(bad.result.result).toBe('SUCCESS');
    expect(bad.top).toBe(0n);
    expect(bad.result.internalTransactions).toEqual([]);
    // MSTOREs 19 (memory to 2 words) + 7 pushes 17 + CALL 40 + memory to 4 words 6 + the 5000 forwarded + return 8
    expect(bad.result.energyUsed).toBe(19n + 17n + 40n + 6n + 5_000n + 8n);
    // less energy than the precompile's price (150): the same, 0 pushed and the 100 spent
    const short = await run(s, call(100));
    expect([short.result.result, short.top]).toEqual(['SUCCESS', 0n]);
    expect(short.result.energyUsed).toBe(19n + 17n + 40n + 6n + 100n + 8n);
  });

  it('ends with OUT_OF_TIME, spending the whole limit, only when a CPU time budget is configured', async () => {
    const loop = ['JUMPDEST', 'PUSH0', 'JUMP'];
    const unlimited = await run(s, loop, { feeLimit: TRX });
    expect(unlimited.result.result).toBe('OUT_OF_ENERGY');
    const timed = await setup({}, { cpuTimeLimitMs: 1 });
    const { result } = await run(timed, loop, { feeLimit: 10_000n * TRX });
    expect(result.result).toBe('OUT_OF_TIME');
    expect(result.resMessage).toMatch(/^CPU timeout for '(JUMPDEST|PUSH0|JUMP)' operation executing$/);
    expect(result.exceptionClass).toBe('org.tron.core.vm.program.Program$OutOfTimeException');
    expect(result.energyUsed).toBe(result.energyLimit);
    expect(result.energyLimit).toBe(47_619_047n);
  });

  it('refuses to deploy code starting with 0xEF as INVALID_CODE, spending the whole limit', async () => {
    const result = await s.vm.runCreate({
      world: s.world,
      block: s.block,
      txId: nextTxId(),
      owner: OWNER,
      feeLimit: 100n * TRX,
      bytecode: hexToBytes(asm(0xef, 'PUSH0', 'MSTORE8', 1, 'PUSH0', 'RETURN')),
      consumeUserResourcePercent: 100n,
      originEnergyLimit: 1n,
    });
    expect(result.result).toBe('INVALID_CODE');
    expect(result.resMessage).toBe('invalid code: must not begin with 0xef');
    expect(result.energyUsed).toBe(result.energyLimit);
    expect(s.world.getAccount(result.contractAddress)).toBeUndefined();
  });
});
