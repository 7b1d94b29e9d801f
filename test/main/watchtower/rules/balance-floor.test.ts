import { describe, expect, it } from 'vitest';
import type { TxId } from '@core/brand';
import { alertId } from '@main/watchtower/alert-id';
import { alertWords } from '@main/watchtower/alert-words';
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

const words = alertWords({ accounts: [account], tokens: new Map([[token, { symbol: 'USDT', decimals: 6 }]]) });

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
    const byTx = balanceFloor(account, breach, { txid }, words);
    expect(byTx).toMatchObject({ txid, subject: 'TRX' });
    expect(byTx.title).toBe('The TRX balance of Treasury is 0.000001 TRX, below the floor of 0.0001 TRX set for it.');
    const atBlock = balanceFloor(account, breach, { blockId: 'cd'.repeat(32) }, words);
    expect(atBlock.txid).toBeUndefined();
    expect(alertId(atBlock)).not.toBe(alertId(balanceFloor(account, breach, { blockId: 'ef'.repeat(32) }, words)));
    expect(alertId(byTx)).toBe(alertId(balanceFloor(account, { ...breach, balance: 2n }, { txid }, words)));
  });

  it('writes a token floor in the token’s unit and symbol', () => {
    const draft = balanceFloor(
      account,
      { asset: token, balance: 2_500_000n, floor: 10_000_000n },
      { txid: 'ab'.repeat(32) as TxId },
      words,
    );
    expect(draft.title).toBe('The USDT balance of Treasury is 2.5 USDT, below the floor of 10 USDT set for it.');
  });

  it('says nothing when the rule is off', () => {
    const off = {
      ...account,
      rules: { ...account.rules, balanceFloor: { ...account.rules.balanceFloor, enabled: false } },
    };
    expect(floorBreaches(off, { trx: 0n, tokens: new Map() })).toEqual([]);
  });
});
