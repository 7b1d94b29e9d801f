import { describe, expect, it } from 'vitest';
import * as b from '@core/tx/builders';
import { stakingChanged } from '@main/watchtower/rules/staking-changed';
import { signedTx, testKey } from '../fake-chain';
import { context, facts } from './rule-context';

const treasury = testKey();
const other = testKey();

describe('staking and voting changed', () => {
  it.each([
    ['stake', b.freezeBalanceV2Contract({ owner: treasury.hex, amount: 5_000_000n, resource: 'ENERGY' }), 'staked TRX'],
    ['unstake', b.unfreezeBalanceV2Contract({ owner: treasury.hex, amount: 1n }), 'started unstaking TRX'],
    [
      'delegate',
      b.delegateResourceContract({ owner: treasury.hex, receiver: other.hex, amount: 1_000_000n, resource: 'ENERGY' }),
      'delegated resources',
    ],
    [
      'undelegate',
      b.unDelegateResourceContract({
        owner: treasury.hex,
        receiver: other.hex,
        amount: 1_000_000n,
        resource: 'ENERGY',
      }),
      'took back delegated resources',
    ],
    [
      'vote',
      b.voteWitnessContract({ owner: treasury.hex, votes: [{ witness: other.hex, count: 3n }] }),
      'changed its votes',
    ],
  ])('reports a %s', (_name, spec, words) => {
    const [alert] = stakingChanged(facts(signedTx(spec, [treasury])), context(treasury.hex));
    expect(alert!.rule).toBe('staking-changed');
    expect(alert!.title).toContain(words);
  });

  it('writes the amount in TRX and the receiver by name', () => {
    const spec = b.delegateResourceContract({
      owner: treasury.hex,
      receiver: other.hex,
      amount: 1_500_000n,
      resource: 'ENERGY',
    });
    const [alert] = stakingChanged(
      facts(signedTx(spec, [treasury])),
      context(treasury.hex, { names: new Map([[other.hex, 'Ops']]) }),
    );
    expect(alert!.title).toBe('Treasury delegated resources: 1.5 TRX to Ops.');
  });

  it('carries the amount and the votes', () => {
    const freeze = signedTx(b.freezeBalanceV2Contract({ owner: treasury.hex, amount: 5_000_000n }), [treasury]);
    expect(stakingChanged(facts(freeze), context(treasury.hex))[0]!.details).toMatchObject({
      amounts: [{ role: 'stake', asset: 'TRX', sun: '5000000' }],
    });
    const vote = signedTx(b.voteWitnessContract({ owner: treasury.hex, votes: [{ witness: other.hex, count: 3n }] }), [
      treasury,
    ]);
    expect(stakingChanged(facts(vote), context(treasury.hex))[0]!.details).toMatchObject({
      votes: [{ address: other.hex, count: '3' }],
    });
  });

  it('ignores transfers, other owners and a rule turned off', () => {
    const transfer = signedTx(b.transferContract({ owner: treasury.hex, to: other.hex, amount: 1n }), [treasury]);
    expect(stakingChanged(facts(transfer), context(treasury.hex))).toEqual([]);
    const theirs = signedTx(b.freezeBalanceV2Contract({ owner: other.hex, amount: 1n }), [other]);
    expect(stakingChanged(facts(theirs), context(treasury.hex))).toEqual([]);
    const mine = signedTx(b.freezeBalanceV2Contract({ owner: treasury.hex, amount: 1n }), [treasury]);
    expect(
      stakingChanged(facts(mine), context(treasury.hex, { rules: { stakingChanged: { enabled: false } } })),
    ).toEqual([]);
  });
});
