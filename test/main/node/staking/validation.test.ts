import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { utf8ToBytes } from '@core/bytes/utf8';
import { newKey, startNode, transfer, type Key } from '../helpers';
import { advance, b, broadcast, build, expectRefused, fundedKey, makeTx, send, TRX } from './helpers';

const PARSE = 'class org.tron.core.services.http.JsonFormat$ParseException : ';

/**
 * Every validation message of the Stake 2.0, vote, reward, representative and TRC-10 contracts,
 * exactly as java-tron's actuators word them (java-tron's actuators' validate()), through
 * the builder endpoints (which run the actuator's validate) and, for a sample, through broadcast.
 */
const hexText = (text: string): string => bytesToHex(utf8ToBytes(text));
const BAD = '41' + '00'.repeat(19);

describe('staking, vote, reward and TRC-10 validation messages', () => {
  let node: TronNode;
  let a: Key; // stakes, delegates
  let bob: Key; // receives delegations
  let cand: Key; // representative candidate
  let issuer: Key; // TRC-10 issuer (token 1000001, on sale)
  let early: Key; // TRC-10 issuer (token 1000002, sale not started)
  let many: Key; // 32 pending unfreezes
  let poor: Key;
  const stranger = newKey();
  const contractAccount = newKey();
  let saleStart = 0;

  beforeAll(async () => {
    node = await startNode({ witnessCount: 1 });
    [a, bob, cand, issuer, early, many] = [0, 1, 2, 3, 4, 5].map((i) => fundedKey(node, i)) as [
      Key,
      Key,
      Key,
      Key,
      Key,
      Key,
    ];
    poor = newKey();
    await send(node, b.freezeBalanceV2Contract({ owner: a.hex, amount: 1000n * TRX }), a);
    await send(node, b.freezeBalanceV2Contract({ owner: a.hex, amount: 1000n * TRX, resource: 'ENERGY' }), a);
    await send(node, b.freezeBalanceV2Contract({ owner: many.hex, amount: 100n * TRX }), many);
    await send(node, b.witnessCreateContract({ owner: cand.hex, url: 'https://cand.example' }), cand);
    await send(node, transfer(a, poor, 100n * TRX), a);
    await send(node, b.accountUpdateContract({ owner: bob.hex, name: 'bobname' }), bob);
    // An account of type Contract (AccountCreateContract carries the type).
    await send(
      node,
      {
        type: 'AccountCreateContract',
        value: { owner_address: a.hex, account_address: contractAccount.hex, type: 'Contract' },
      },
      a,
    );
    const head = node.head().timestamp;
    saleStart = head + 60_000;
    const token = (owner: Key, start: number, name: string) =>
      b.assetIssueContract({
        owner: owner.hex,
        name,
        abbr: 'T',
        totalSupply: 1_000_000n,
        precision: 0,
        trxNum: 1_000_000,
        num: 10,
        startTime: start,
        endTime: start + 86_400_000,
        url: 'https://t.example',
      });
    await send(node, token(issuer, saleStart, 'OnSale'), issuer);
    await send(node, token(early, head + 10 * 86_400_000, 'Later'), early);
    await node.mine(1);
    await send(
      node,
      b.delegateResourceContract({
        owner: a.hex,
        receiver: bob.hex,
        amount: 100n * TRX,
        resource: 'ENERGY',
        lock: true,
        lockPeriodBlocks: 1000n,
      }),
      a,
    );
    await send(node, b.delegateResourceContract({ owner: a.hex, receiver: bob.hex, amount: 50n * TRX }), a);
    for (let i = 1; i <= 32; i++)
      await send(node, b.unfreezeBalanceV2Contract({ owner: many.hex, amount: BigInt(i) }), many);
    await node.mine(1);
    // Into the sale period of token 1000001 (start = head + 60 s).
    await advance(node, 61);
  }, 30_000);
  afterAll(async () => node?.stop());

  it('FreezeBalanceV2', async () => {
    const f = (body: Record<string, unknown>, message: string) =>
      expectRefused(node, 'freezebalancev2', { owner_address: a.hex, frozen_balance: 1_000_000, ...body }, message);
    await f({ owner_address: BAD }, 'Invalid address');
    await f({ owner_address: stranger.hex }, `Account[${stranger.hex}] not exists`);
    await f({ frozen_balance: 0 }, 'frozenBalance must be positive');
    await f({ frozen_balance: 999_999 }, 'frozenBalance must be greater than or equal to 1 TRX');
    await f(
      { owner_address: poor.hex, frozen_balance: 100_000_001 },
      'frozenBalance must be less than or equal to accountBalance',
    );
    await f({ resource: 'TRON_POWER' }, 'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
    // An undeclared number never reaches the actuator through JSON: JsonFormat.handlePrimitive refuses it.
    expect(
      await build(node, 'freezebalancev2', { owner_address: a.hex, frozen_balance: 1_000_000, resource: 7 }),
    ).toEqual({
      Error: `${PARSE}1:99: Enum type "protocol.ResourceCode" has no value with number 7.`,
    });
  });

  it('UnfreezeBalanceV2, including the 33rd pending unfreeze', async () => {
    const u = (body: Record<string, unknown>, message: string) =>
      expectRefused(node, 'unfreezebalancev2', { owner_address: a.hex, unfreeze_balance: 1_000_000, ...body }, message);
    await u({ owner_address: BAD }, 'Invalid address');
    await u({ owner_address: stranger.hex }, `Account[${stranger.hex}] does not exist`);
    await u({ owner_address: poor.hex }, 'no frozenBalance(BANDWIDTH)');
    await u({ owner_address: poor.hex, resource: 'ENERGY' }, 'no frozenBalance(Energy)');
    await u({ resource: 'TRON_POWER' }, 'ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]');
    expect(
      await build(node, 'unfreezebalancev2', { owner_address: a.hex, unfreeze_balance: 1_000_000, resource: 9 }),
    ).toEqual({ Error: `${PARSE}1:101: Enum type "protocol.ResourceCode" has no value with number 9.` });
    // a staked 1000 TRX for bandwidth and delegated 50 of it: 950 TRX remain.
    await u({ unfreeze_balance: 950_000_001 }, 'Invalid unfreeze_balance, [950000001] is error');
    await u({ unfreeze_balance: 0 }, 'Invalid unfreeze_balance, [0] is error');
    await u(
      { owner_address: many.hex, unfreeze_balance: 1 },
      'Invalid unfreeze operation, unfreezing times is over limit',
    );
    expect(await build(node, 'getavailableunfreezecount', { owner_address: many.hex })).toEqual({});
  });

  it('WithdrawExpireUnfreeze and CancelAllUnfreezeV2', async () => {
    await expectRefused(
      node,
      'withdrawexpireunfreeze',
      { owner_address: many.hex },
      'no unFreeze balance to withdraw ',
    );
    await expectRefused(
      node,
      'withdrawexpireunfreeze',
      { owner_address: stranger.hex },
      `Account[${stranger.hex}] not exists`,
    );
    await expectRefused(node, 'withdrawexpireunfreeze', { owner_address: BAD }, 'Invalid address');
    await expectRefused(node, 'cancelallunfreezev2', { owner_address: a.hex }, 'No unfreezeV2 list to cancel');
    await expectRefused(
      node,
      'cancelallunfreezev2',
      { owner_address: stranger.hex },
      `Account[${stranger.hex}] not exists`,
    );
  });

  it('DelegateResource', async () => {
    const d = (body: Record<string, unknown>, message: string) =>
      expectRefused(
        node,
        'delegateresource',
        { owner_address: a.hex, receiver_address: bob.hex, balance: 1_000_000, resource: 'ENERGY', ...body },
        message,
      );
    await d({ owner_address: BAD }, 'Invalid address');
    await d({ owner_address: stranger.hex }, `Account[${stranger.hex}] not exists`);
    await d({ balance: 999_999 }, 'delegateBalance must be greater than or equal to 1 TRX');
    // Energy: 1000 TRX staked, 100 delegated → 900 TRX left (no energy used).
    await d({ balance: 900_000_001 }, 'delegateBalance must be less than or equal to available FreezeEnergyV2 balance');
    await d(
      { resource: 'BANDWIDTH', balance: 951_000_000 },
      'delegateBalance must be less than or equal to available FreezeBandwidthV2 balance',
    );
    await d({ resource: 'TRON_POWER' }, 'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
    await d({ receiver_address: BAD }, 'Invalid receiverAddress');
    await d({ receiver_address: a.hex }, 'receiverAddress must not be the same as ownerAddress');
    await d({ receiver_address: stranger.hex }, `Account[${stranger.hex}] not exists`);
    await d(
      { lock: true, lock_period: 864_001 },
      'The lock period of delegate resource cannot be less than 0 and cannot exceed 864000!',
    );
    await d(
      { lock: true, lock_period: -1 },
      'The lock period of delegate resource cannot be less than 0 and cannot exceed 864000!',
    );
    // The energy lock of 1000 blocks (3,000,000 ms) started one block and a 61 s jump ago.
    const reply = await build(node, 'delegateresource', {
      owner_address: a.hex,
      receiver_address: bob.hex,
      balance: 1_000_000,
      resource: 'ENERGY',
      lock: true,
      lock_period: 10,
    });
    expect(reply.Error).toMatch(
      /^class org\.tron\.core\.exception\.ContractValidateException : The lock period for ENERGY this time cannot be less than the remaining time\[\d+ms\] of the last lock period for ENERGY!$/,
    );
    const remaining = Number(/time\[(\d+)ms\]/.exec(reply.Error as string)![1]);
    const locked = (await build(node, 'getdelegatedresourcev2', { fromAddress: a.hex, toAddress: bob.hex }))
      .delegatedResource[1];
    expect(remaining).toBe(locked.expire_time_for_energy - node.head().timestamp);
    await d({ receiver_address: contractAccount.hex }, 'Do not allow delegate resources to contract addresses');
  });

  it('UnDelegateResource', async () => {
    const u = (body: Record<string, unknown>, message: string) =>
      expectRefused(
        node,
        'undelegateresource',
        { owner_address: a.hex, receiver_address: bob.hex, balance: 1_000_000, resource: 'ENERGY', ...body },
        message,
      );
    await u({ owner_address: BAD }, 'Invalid address');
    await u({ owner_address: stranger.hex }, `Account[${stranger.hex}] does not exist`);
    await u({ receiver_address: BAD }, 'Invalid receiverAddress');
    await u({ receiver_address: a.hex }, 'receiverAddress must not be the same as ownerAddress');
    await u({ receiver_address: cand.hex }, 'delegated Resource does not exist');
    await u({ balance: 0 }, 'unDelegateBalance must be more than 0 TRX');
    // Energy is locked for 1000 blocks: nothing can be taken back yet.
    await u({}, 'insufficient delegateFrozenBalance(Energy), request=1000000, unlock_balance=0');
    await u(
      { resource: 'BANDWIDTH', balance: 50_000_001 },
      'insufficient delegatedFrozenBalance(BANDWIDTH), request=50000001, unlock_balance=50000000',
    );
    await u({ resource: 'TRON_POWER' }, 'ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]');
  });

  it('VoteWitness', async () => {
    const v = (body: Record<string, unknown>, message: string) =>
      expectRefused(
        node,
        'votewitnessaccount',
        { owner_address: a.hex, votes: [{ vote_address: cand.hex, vote_count: 1 }], ...body },
        message,
      );
    await v({ owner_address: BAD }, 'Invalid address');
    await v({ votes: [] }, 'VoteNumber must more than 0');
    await v(
      { votes: Array.from({ length: 31 }, () => ({ vote_address: cand.hex, vote_count: 1 })) },
      'VoteNumber more than maxVoteNumber 30',
    );
    await v({ votes: [{ vote_address: BAD, vote_count: 1 }] }, 'Invalid vote address!');
    await v({ votes: [{ vote_address: cand.hex, vote_count: 0 }] }, 'vote count must be greater than 0');
    await v({ votes: [{ vote_address: stranger.hex, vote_count: 1 }] }, `Account[${stranger.hex}] not exists`);
    await v({ votes: [{ vote_address: bob.hex, vote_count: 1 }] }, `Witness[${bob.hex}] not exists`);
    await v({ owner_address: stranger.hex }, `Account[${stranger.hex}] not exists`);
    // TRON power = 950 (bandwidth) + 900 (energy) + 50 + 100 (delegated out) = 2000 TRX; votes are counted in sun.
    await v(
      { votes: [{ vote_address: cand.hex, vote_count: 2001 }] },
      'The total number of votes[2001000000] is greater than the tronPower[2000000000]',
    );
    await v({ owner_address: poor.hex }, 'The total number of votes[1000000] is greater than the tronPower[0]');
  });

  it('WithdrawBalance', async () => {
    const genesis = node.chain.props.genesisWitnesses[0]!;
    await expectRefused(node, 'withdrawbalance', { owner_address: BAD }, 'Invalid address');
    await expectRefused(
      node,
      'withdrawbalance',
      { owner_address: stranger.hex },
      `Account[${stranger.hex}] not exists`,
    );
    await expectRefused(
      node,
      'withdrawbalance',
      { owner_address: genesis },
      `Account[${genesis}] is a guard representative and is not allowed to withdraw Balance`,
    );
    await expectRefused(node, 'withdrawbalance', { owner_address: a.hex }, 'witnessAccount does not have any reward');
  });

  it('WitnessCreate, WitnessUpdate and UpdateBrokerage', async () => {
    const url = hexText('https://x.example');
    await expectRefused(node, 'createwitness', { owner_address: BAD, url }, 'Invalid address');
    await expectRefused(node, 'createwitness', { owner_address: a.hex }, 'Invalid url');
    await expectRefused(node, 'createwitness', { owner_address: a.hex, url: 'ab'.repeat(257) }, 'Invalid url');
    await expectRefused(
      node,
      'createwitness',
      { owner_address: stranger.hex, url },
      `account[${stranger.hex}] not exists`,
    );
    await expectRefused(node, 'createwitness', { owner_address: cand.hex, url }, `Witness[${cand.hex}] has existed`);
    await expectRefused(node, 'createwitness', { owner_address: poor.hex, url }, 'balance < AccountUpgradeCost');
    await expectRefused(node, 'updatewitness', { owner_address: BAD, update_url: url }, 'Invalid address');
    await expectRefused(
      node,
      'updatewitness',
      { owner_address: stranger.hex, update_url: url },
      'account does not exist',
    );
    await expectRefused(node, 'updatewitness', { owner_address: cand.hex }, 'Invalid url');
    await expectRefused(node, 'updatewitness', { owner_address: a.hex, update_url: url }, 'Witness does not exist');
    await expectRefused(node, 'updateBrokerage', { owner_address: BAD, brokerage: 10 }, 'Invalid ownerAddress');
    await expectRefused(node, 'updateBrokerage', { owner_address: cand.hex, brokerage: 101 }, 'Invalid brokerage');
    await expectRefused(node, 'updateBrokerage', { owner_address: cand.hex, brokerage: -1 }, 'Invalid brokerage');
    await expectRefused(
      node,
      'updateBrokerage',
      { owner_address: a.hex, brokerage: 10 },
      `Not existed witness:${a.hex}`,
    );
  });

  it('AccountUpdate (the updateaccount builder)', async () => {
    const u = (body: Record<string, unknown>, message: string) =>
      expectRefused(node, 'updateaccount', { owner_address: a.hex, account_name: hexText('alice'), ...body }, message);
    await u({ account_name: hexText('n'.repeat(201)) }, 'Invalid accountName');
    await u({ owner_address: BAD }, 'Invalid ownerAddress');
    await u({ owner_address: stranger.hex }, 'Account does not exist');
    await u({ owner_address: bob.hex }, 'This account name is already existed');
    await u({ account_name: hexText('bobname') }, 'This name is existed');
    expect(
      (await build(node, 'updateaccount', { owner_address: a.hex, account_name: hexText('alice') })).raw_data
        .contract[0].type,
    ).toBe('AccountUpdateContract');
  });

  it('AssetIssue', async () => {
    const start = node.head().timestamp + 60_000;
    const base = {
      owner_address: a.hex,
      name: hexText('Good'),
      abbr: hexText('G'),
      total_supply: 1000,
      trx_num: 1,
      num: 1,
      start_time: start,
      end_time: start + 1000,
      url: hexText('https://g.example'),
    };
    const i = (body: Record<string, unknown>, message: string) =>
      expectRefused(node, 'createassetissue', { ...base, ...body }, message);
    await i({ owner_address: BAD }, 'Invalid ownerAddress');
    await i({ name: hexText('two words') }, 'Invalid assetName');
    await i({ name: '' }, 'Invalid assetName');
    await i({ name: hexText('x'.repeat(33)) }, 'Invalid assetName');
    await i({ name: hexText('TRX') }, "assetName can't be trx");
    await i({ precision: 7 }, 'precision cannot exceed 6');
    await i({ abbr: hexText('a b') }, 'Invalid abbreviation for token');
    await i({ url: '' }, 'Invalid url');
    await i({ description: hexText('d'.repeat(201)) }, 'Invalid description');
    await i({ start_time: 0 }, 'Start time should be not empty');
    await i({ end_time: 0 }, 'End time should be not empty');
    await i({ end_time: start }, 'End time should be greater than start time');
    await i({ start_time: node.head().timestamp, end_time: start }, 'Start time should be greater than HeadBlockTime');
    await i({ total_supply: 0 }, 'TotalSupply must greater than 0!');
    await i({ trx_num: 0 }, 'TrxNum must greater than 0!');
    await i({ num: 0 }, 'Num must greater than 0!');
    await i({ public_free_asset_net_usage: 1 }, 'PublicFreeAssetNetUsage must be 0!');
    await i(
      { frozen_supply: Array.from({ length: 11 }, () => ({ frozen_amount: 1, frozen_days: 1 })) },
      'Frozen supply list length is too long',
    );
    await i({ free_asset_net_limit: 57_600_000_000 }, 'Invalid FreeAssetNetLimit');
    await i({ public_free_asset_net_limit: -1 }, 'Invalid PublicFreeAssetNetLimit');
    await i({ frozen_supply: [{ frozen_amount: 0, frozen_days: 1 }] }, 'Frozen supply must be greater than 0!');
    await i({ frozen_supply: [{ frozen_amount: 1001, frozen_days: 1 }] }, 'Frozen supply cannot exceed total supply');
    await i(
      { frozen_supply: [{ frozen_amount: 1, frozen_days: 3653 }] },
      'frozenDuration must be less than 3652 days and more than 1 days',
    );
    await i({ owner_address: stranger.hex }, 'Account not exists');
    await i({ owner_address: issuer.hex }, 'An account can only issue one asset');
    await i({ owner_address: poor.hex }, 'No enough balance for fee!');
  });

  it('TransferAsset', async () => {
    const t = (body: Record<string, unknown>, message: string) =>
      expectRefused(
        node,
        'transferasset',
        { owner_address: issuer.hex, to_address: bob.hex, asset_name: hexText('1000001'), amount: 1, ...body },
        message,
      );
    await t({ owner_address: BAD }, 'Invalid ownerAddress');
    await t({ to_address: BAD }, 'Invalid toAddress');
    await t({ amount: 0 }, 'Amount must be greater than 0.');
    await t({ to_address: issuer.hex }, 'Cannot transfer asset to yourself.');
    await t({ owner_address: stranger.hex }, 'No owner account!');
    await t({ asset_name: hexText('1000999') }, 'No asset!');
    await t({ owner_address: bob.hex, to_address: a.hex }, 'assetBalance must be greater than 0.');
    await t({ amount: 1_000_001 }, 'assetBalance is not sufficient.');
  });

  it('ParticipateAssetIssue', async () => {
    const p = (body: Record<string, unknown>, message: string) =>
      expectRefused(
        node,
        'participateassetissue',
        { owner_address: bob.hex, to_address: issuer.hex, asset_name: hexText('1000001'), amount: 1_000_000, ...body },
        message,
      );
    await p({ owner_address: BAD }, 'Invalid ownerAddress');
    await p({ to_address: BAD }, 'Invalid toAddress');
    await p({ amount: 0 }, 'Amount must greater than 0!');
    await p({ to_address: bob.hex }, 'Cannot participate asset Issue yourself !');
    await p({ owner_address: stranger.hex }, 'Account does not exist!');
    await p({ owner_address: poor.hex, amount: 100_000_001 }, 'No enough balance !');
    await p({ asset_name: hexText('1000999') }, 'No asset named 1000999');
    await p({ to_address: a.hex }, `The asset is not issued by ${a.hex}`);
    await p({ to_address: early.hex, asset_name: hexText('1000002') }, 'No longer valid period!');
    // 1 TRX buys 10 tokens (trx_num 1,000,000 sun : num 10): 99,999 sun buy 0.999… → none.
    await p({ amount: 99_999 }, 'Can not process the exchange!');
    // The issuer holds 1,000,000 tokens: 100,001 TRX would buy 1,000,010.
    await p({ amount: 100_001_000_000 }, 'Asset balance is not enough !');
  });

  it('refusals at broadcast carry the same text after "Contract validate error : "', async () => {
    const refuse = async (spec: Parameters<typeof makeTx>[1], key: Key, message: string) => {
      expect(await broadcast(node, makeTx(node, spec, key.key), true)).toMatchObject({
        code: 'CONTRACT_VALIDATE_ERROR',
        message: `Contract validate error : ${message}`,
      });
    };
    await refuse(
      b.freezeBalanceV2Contract({ owner: a.hex, amount: TRX - 1n }),
      a,
      'frozenBalance must be greater than or equal to 1 TRX',
    );
    await refuse(
      b.unfreezeBalanceV2Contract({ owner: many.hex, amount: 1n }),
      many,
      'Invalid unfreeze operation, unfreezing times is over limit',
    );
    await refuse(
      b.delegateResourceContract({ owner: a.hex, receiver: a.hex, amount: TRX }),
      a,
      'receiverAddress must not be the same as ownerAddress',
    );
    await refuse(
      b.unDelegateResourceContract({ owner: a.hex, receiver: bob.hex, amount: 51n * TRX }),
      a,
      'insufficient delegatedFrozenBalance(BANDWIDTH), request=51000000, unlock_balance=50000000',
    );
    await refuse(
      b.voteWitnessContract({ owner: a.hex, votes: [{ witness: cand.hex, count: 2001n }] }),
      a,
      'The total number of votes[2001000000] is greater than the tronPower[2000000000]',
    );
    await refuse(b.withdrawBalanceContract({ owner: a.hex }), a, 'witnessAccount does not have any reward');
  });

  it('needs the committee switches: unfreeze delay, delegation, change of delegation, new resource model', async () => {
    const off = await startNode({
      witnessCount: 1,
      chainParameters: { getUnfreezeDelayDays: 0n, getChangeDelegation: 0n },
    });
    const noDr = await startNode({
      witnessCount: 1,
      chainParameters: { getAllowDelegateResource: 0n, getAllowNewResourceModel: 1n },
    });
    try {
      const x = fundedKey(off, 0).hex;
      const y = fundedKey(off, 1).hex;
      const committee = (what: string) => `Not support ${what} transaction, need to be opened by the committee`;
      await expectRefused(
        off,
        'freezebalancev2',
        { owner_address: x, frozen_balance: 1_000_000 },
        committee('FreezeV2'),
      );
      await expectRefused(off, 'unfreezebalancev2', { owner_address: x, unfreeze_balance: 1 }, committee('UnfreezeV2'));
      await expectRefused(off, 'withdrawexpireunfreeze', { owner_address: x }, committee('WithdrawExpireUnfreeze'));
      await expectRefused(off, 'cancelallunfreezev2', { owner_address: x }, committee('CancelAllUnfreezeV2'));
      await expectRefused(
        off,
        'delegateresource',
        { owner_address: x, receiver_address: y, balance: 1_000_000 },
        committee('Delegate resource'),
      );
      await expectRefused(
        off,
        'undelegateresource',
        { owner_address: x, receiver_address: y, balance: 1 },
        committee('unDelegate resource'),
      );
      await expectRefused(
        off,
        'updateBrokerage',
        { owner_address: x, brokerage: 1 },
        'contract type error, unexpected type [UpdateBrokerageContract]',
      );
      const z = fundedKey(noDr, 0).hex;
      await expectRefused(
        noDr,
        'delegateresource',
        { owner_address: z, receiver_address: y, balance: 1_000_000 },
        'No support for resource delegate',
      );
      await expectRefused(
        noDr,
        'undelegateresource',
        { owner_address: z, receiver_address: y, balance: 1 },
        'No support for resource delegate',
      );
      // With the new resource model TRON_POWER can be staked on its own; an undeclared number is JsonFormat's refusal.
      expect(
        await build(noDr, 'freezebalancev2', { owner_address: z, frozen_balance: 1_000_000, resource: 5 }),
      ).toEqual({
        Error: `${PARSE}1:99: Enum type "protocol.ResourceCode" has no value with number 5.`,
      });
      await expectRefused(
        noDr,
        'unfreezebalancev2',
        { owner_address: z, unfreeze_balance: 1, resource: 'TRON_POWER' },
        'no frozenBalance(TronPower)',
      );
      expect(await build(noDr, 'unfreezebalancev2', { owner_address: z, unfreeze_balance: 1, resource: 5 })).toEqual({
        Error: `${PARSE}1:95: Enum type "protocol.ResourceCode" has no value with number 5.`,
      });
      expect(
        (await build(noDr, 'freezebalancev2', { owner_address: z, frozen_balance: 1_000_000, resource: 'TRON_POWER' }))
          .txID,
      ).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await off.stop();
      await noDr.stop();
    }
  });

  it('builders answer GET as java-tron does: empty 200, or 405 where there is no doGet', async () => {
    const get = async (path: string) => {
      const r = await fetch(`${node.url}/wallet/${path}`);
      return { status: r.status, text: await r.text() };
    };
    for (const path of [
      'unfreezebalancev2',
      'withdrawexpireunfreeze',
      'undelegateresource',
      'votewitnessaccount',
      'withdrawbalance',
      'createwitness',
      'updatewitness',
      'updateaccount',
      'createassetissue',
      'transferasset',
      'participateassetissue',
    ]) {
      expect(await get(path)).toEqual({ status: 200, text: '' });
    }
    for (const path of ['freezebalancev2', 'delegateresource', 'cancelallunfreezev2', 'updateBrokerage'])
      expect((await get(path)).status).toBe(405);
  });

  it('reads answer GET with query parameters as java-tron does', async () => {
    const get = async (q: string) => (await fetch(`${node.url}/wallet/${q}`)).text();
    expect(await get(`getcandelegatedmaxsize?owner_address=${a.hex}&type=1`)).toBe('{"max_size":900000000}\n');
    expect(await get(`getavailableunfreezecount?ownerAddress=${many.hex}`)).toBe('{}\n');
    expect(await get(`getavailableunfreezecount?owner_address=${a.hex}`)).toBe('{"count":32}\n');
    expect(
      await get(
        `getcanwithdrawunfreezeamount?owner_address=${many.hex}&timestamp=${node.head().timestamp + 15 * 86_400_000}`,
      ),
    ).toBe(`{"amount":${(32 * 33) / 2}}\n`);
    expect(await get(`getReward?address=${a.hex}`)).toBe('{"reward": 0}\n');
    expect(await get('getReward?address=zzz')).toBe(
      '{"Error": "INVALID address, The Base58Check value is too short to hold a checksum."}\n',
    );
    expect(await get(`getBrokerage?address=${cand.hex}`)).toBe('{"brokerage": 20}\n');
    expect(
      JSON.parse(await get(`getdelegatedresourcev2?fromAddress=${a.hex}&toAddress=${bob.hex}`)).delegatedResource,
    ).toHaveLength(2);
    expect(JSON.parse(await get(`getdelegatedresourceaccountindexv2?value=${bob.hex}`))).toEqual({
      account: bob.hex,
      fromAccounts: [a.hex],
    });
    expect(JSON.parse(await get('getassetissuebyid?value=1000002')).owner_address).toBe(early.hex);
  });

  it('a builder returns the unsigned transaction with Permission_id and, for transferasset, extra_data', async () => {
    const tx = await build(node, 'transferasset', {
      owner_address: issuer.hex,
      to_address: bob.hex,
      asset_name: hexText('1000001'),
      amount: 5,
      Permission_id: 2,
      extra_data: hexText('memo'),
    });
    expect(tx.raw_data.contract[0]).toMatchObject({
      type: 'TransferAssetContract',
      Permission_id: 2,
      parameter: { value: { asset_name: hexText('1000001'), amount: 5 } },
    });
    expect(tx.raw_data.data).toBe(hexText('memo'));
    const visible = await build(node, 'freezebalancev2', {
      owner_address: fundedKey(node, 6).hex,
      frozen_balance: 2_000_000,
      resource: 'ENERGY',
    });
    expect(visible.raw_data.contract[0].parameter.value).toEqual({
      owner_address: fundedKey(node, 6).hex,
      frozen_balance: 2_000_000,
      resource: 'ENERGY',
    });
    expect(hexToBytes(visible.raw_data_hex).length).toBeGreaterThan(0);
  });
});
