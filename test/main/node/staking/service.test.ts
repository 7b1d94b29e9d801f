import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TronNode } from '@main/node';
import { staking } from '@main/node';
import { RECORD } from '@main/node/state/records';
import { newKey, startNode, type Key } from '../helpers';
import { b, fundedKey, send, TRX } from './helpers';

/**
 * The staking service the VM's StakingHooks call (TRON opcodes, SELFDESTRUCT, query
 * precompiles): each operation validates with java-tron's messages, runs in a savepoint of the
 * view, returns the amounts, and leaves no trace when refused.
 */
describe('staking service (for the VM hooks)', () => {
  let node: TronNode;
  let a: Key;
  let bob: Key;
  let cand: Key;

  beforeAll(async () => {
    node = await startNode({ witnessCount: 1 });
    [a, bob, cand] = [fundedKey(node, 0), fundedKey(node, 1), fundedKey(node, 2)];
    await send(node, b.witnessCreateContract({ owner: cand.hex, url: 'https://c.example' }), cand);
    await node.mine(1);
  });
  afterAll(async () => node?.stop());

  it("freezes, and refuses with java-tron's text leaving the view untouched", () => {
    const view = node.chain.newView();
    expect(staking.freezeV2(view, a.hex, 100n * TRX, 1)).toEqual({ ok: true, amount: 100n * TRX });
    expect(view.mutable.totalEnergyWeight).toBe(100n);
    const changed = view.getAccount(a.hex);
    expect(staking.freezeV2(view, a.hex, 1n, 1)).toEqual({
      ok: false,
      reason: 'frozenBalance must be greater than or equal to 1 TRX',
    });
    expect(staking.freezeV2(view, a.hex, TRX, 3)).toEqual({
      ok: false,
      reason: 'ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]',
    });
    expect(view.getAccount(a.hex)).toBe(changed);
    expect(view.mutable.totalEnergyWeight).toBe(100n);
  });

  it('unfreezes, withdraws, cancels, delegates, undelegates and votes with the amounts the itx notes need', () => {
    const view = node.chain.newView();
    staking.freezeV2(view, a.hex, 300n * TRX, 0);
    expect(staking.unfreezeV2(view, a.hex, 50n * TRX, 0)).toEqual({
      ok: true,
      amount: 50n * TRX,
      withdrawnExpired: 0n,
    });
    expect(staking.withdrawExpireUnfreeze(view, a.hex)).toEqual({
      ok: false,
      reason: 'no unFreeze balance to withdraw ',
    });
    expect(staking.cancelAllUnfreezeV2(view, a.hex)).toEqual({
      ok: true,
      withdrawnExpired: 0n,
      canceled: { BANDWIDTH: 50n * TRX, ENERGY: 0n, TRON_POWER: 0n },
    });
    expect(staking.delegate(view, a.hex, bob.hex, 20n * TRX, 0)).toEqual({ ok: true, amount: 20n * TRX });
    expect(staking.resourceV2(view, bob.hex, a.hex, 0)).toBe(20n * TRX);
    expect(staking.totalAcquiredResource(view, bob.hex, 0)).toBe(20n * TRX);
    expect(staking.totalDelegatedResource(view, a.hex, 0)).toBe(20n * TRX);
    expect(staking.canSuicide(view, a.hex)).toBe(false);
    expect(staking.undelegate(view, a.hex, bob.hex, 21n * TRX, 0)).toEqual({
      ok: false,
      reason: 'insufficient delegatedFrozenBalance(BANDWIDTH), request=21000000, unlock_balance=20000000',
    });
    expect(staking.undelegate(view, a.hex, bob.hex, 20n * TRX, 0)).toMatchObject({ ok: true });
    expect(staking.canSuicide(view, a.hex)).toBe(true);
    expect(staking.totalVoteCount(view, a.hex)).toBe(300n);
    expect(staking.vote(view, a.hex, [{ witnessHex: cand.hex, count: 301n }])).toEqual({
      ok: false,
      reason: 'The total number of votes[301000000] is greater than the tronPower[300000000]',
    });
    expect(staking.vote(view, a.hex, [{ witnessHex: cand.hex, count: 300n }])).toEqual({ ok: true, total: 300n });
    expect([
      staking.voteCount(view, a.hex, cand.hex),
      staking.usedVoteCount(view, a.hex),
      staking.isWitness(view, cand.hex),
      staking.isWitness(view, a.hex),
    ]).toEqual([300n, 300n, true, false]);
    expect(staking.availableUnfreezeV2Size(view, a.hex)).toBe(32n);
    expect(staking.unfreezableBalanceV2(view, a.hex, 0)).toBe(300n * TRX);
  });

  it('withdraws rewards as the VM does: 0 without allowance, refused for guard representatives', () => {
    const view = node.chain.newView();
    expect(staking.withdrawReward(view, a.hex)).toEqual({ ok: true, amount: 0n });
    const genesis = node.chain.props.genesisWitnesses[0]!;
    expect(staking.withdrawReward(view, genesis)).toEqual({
      ok: false,
      reason: `Account[${genesis}] is a guard representative and is not allowed to withdraw Balance`,
    });
    view.mutableAccount(bob.hex)!.allowance = 777n;
    const balance = view.getAccount(bob.hex)!.balance;
    expect(staking.withdrawReward(view, bob.hex)).toEqual({ ok: true, amount: 777n });
    expect(view.getAccount(bob.hex)!.balance).toBe(balance + 777n);
    expect(staking.rewardBalance(view, bob.hex)).toBe(0n);
  });

  it('reverts with the enclosing savepoint (a failed VM frame)', () => {
    const view = node.chain.newView();
    view.begin(); // the transaction
    staking.freezeV2(view, a.hex, 10n * TRX, 1);
    view.begin(); // a frame
    staking.vote(view, a.hex, [{ witnessHex: cand.hex, count: 10n }]);
    staking.delegate(view, a.hex, bob.hex, 5n * TRX, 1);
    expect(view.getRecord(RECORD.votes, a.hex)).toBeDefined();
    view.rollback(); // the frame reverts: votes and delegation gone, the freeze stays
    expect(view.getAccount(a.hex)!.votes).toEqual([]);
    expect(view.getRecord(RECORD.votes, a.hex)).toBeUndefined();
    expect(staking.resourceV2(view, bob.hex, a.hex, 1)).toBe(0n);
    expect(staking.unfreezableBalanceV2(view, a.hex, 1)).toBe(10n * TRX);
    view.commitTx();
    expect(view.mutable.totalEnergyWeight).toBe(10n);
  });

  it("hands a self-destructed contract's stake and matured unfreezes to its inheritor and cancels its votes", () => {
    const view = node.chain.newView();
    const heir = newKey();
    staking.freezeV2(view, a.hex, 40n * TRX, 1);
    staking.vote(view, a.hex, [{ witnessHex: cand.hex, count: 40n }]);
    staking.withdrawRewardAndCancelVotes(view, a.hex);
    expect(view.getAccount(a.hex)!.votes).toEqual([]);
    expect(view.getRecord(RECORD.votes, a.hex)).toEqual({ old: [], new: [] });
    // The inheritor must exist (the VM creates it first).
    view.putNewAccount({
      ...view.getAccount(bob.hex)!,
      address: Uint8Array.from(Buffer.from(heir.hex, 'hex')),
      addressHex: heir.hex,
      balance: 0n,
      frozenV2: [],
    });
    expect(staking.transferStakeToInheritor(view, a.hex, heir.hex)).toEqual({ withdrawnExpired: 0n });
    expect(staking.unfreezableBalanceV2(view, heir.hex, 1)).toBe(40n * TRX);
    expect(view.getAccount(a.hex)!.frozenV2).toEqual([]);
    // Total weights do not change (java-tron moves the stake as is).
    expect(view.mutable.totalEnergyWeight).toBe(40n);
  });
});
