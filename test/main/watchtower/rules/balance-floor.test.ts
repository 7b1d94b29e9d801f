import { describe, expect, it } from 'vitest';
import type { TxId } from '@core/brand';
import { alertId } from '@main/watchtower/alert-id';
import { balanceFloor, floorBreaches } from '@main/watchtower/rules/balance-floor';
import { defaultRules, type WatchedAccount } from '@main/watchtower/watch-list';
import { testKey } from '../fake-chain';

const token = testKey().hex;
const account: WatchedAccount = {
  address: testKey().hex,
  label: 'Treasury',
  rules: {
    ...defaultRules(),
    balanceFloor: {
      enabled: true,
      trxSun: 100n,
      tokens: new Map([
        ['1000001', 5n],
        [token, 10n],
      ]),
    },
  },
};

describe('balance below a floor', () => {
  it('lists every asset below its floor, an absent token counting as 0', () => {
    expect(floorBreaches(account, { trx: 99n, tokens: new Map([['1000001', 5n]]) })).toEqual([
      { asset: 'TRX', balance: 99n, floor: 100n },
      { asset: token, balance: 0n, floor: 10n },
    ]);
    expect(
      floorBreaches(account, {
        trx: 100n,
        tokens: new Map([
          ['1000001', 5n],
          [token, 10n],
        ]),
      }),
    ).toEqual([]);
  });

  it('gives one id per transaction and asset, and one per block when no transaction is known', () => {
    const breach = { asset: 'TRX', balance: 1n, floor: 100n };
    const txid = 'ab'.repeat(32) as TxId;
    const byTx = balanceFloor(account, breach, { txid });
    expect(byTx).toMatchObject({ txid, subject: 'TRX' });
    expect(byTx.title).toContain('below its floor of 0.0001 TRX');
    const atBlock = balanceFloor(account, breach, { blockId: 'cd'.repeat(32) });
    expect(atBlock.txid).toBeUndefined();
    expect(alertId(atBlock)).not.toBe(alertId(balanceFloor(account, breach, { blockId: 'ef'.repeat(32) })));
    expect(alertId(byTx)).toBe(alertId(balanceFloor(account, { ...breach, balance: 2n }, { txid })));
  });

  it('says nothing when the rule is off', () => {
    const off = {
      ...account,
      rules: { ...account.rules, balanceFloor: { ...account.rules.balanceFloor, enabled: false } },
    };
    expect(floorBreaches(off, { trx: 0n, tokens: new Map() })).toEqual([]);
  });
});
