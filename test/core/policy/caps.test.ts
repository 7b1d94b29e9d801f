import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POLICY_BREACH } from '@core/policy/breach';
import { evaluatePolicy } from '@core/policy/evaluate';
import { ACCOUNT, HOUR, NOON_WEDNESDAY, PARTNER, paymentOf, policyWith, TRX, USDT } from './helpers';

const DAY = 24 * HOUR;
const USDT_KEY = `TRC20:${USDT}`;
const capped = policyWith({
  assets: [
    { asset: 'TRX', symbol: 'TRX', decimals: 6, dailyCap: 250_000n * TRX, perTransactionCap: 100_000n * TRX },
    { asset: USDT_KEY, symbol: 'USDT', decimals: 6, dailyCap: 10_000n * TRX },
  ],
});

const spent = (amount: bigint, time: number, asset = 'TRX') => ({ time, asset, amount });

describe('daily cap over a rolling day', () => {
  it('blocks a payment that would take the last 24 hours above the cap, with the numbers', () => {
    const verdict = evaluatePolicy(
      capped,
      paymentOf(60_000n * TRX, { history: [spent(200_000n * TRX, NOON_WEDNESDAY - 3 * HOUR)] }),
    );
    expect(verdict.pass).toBe(false);
    expect(verdict.policyVersion).toBe(3);
    expect(verdict.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.dailyCap]);
    expect(verdict.breaches[0]!.message).toContain(
      "This payment of 60,000 TRX would bring today's outflow to 260,000 TRX, above the daily cap of 250,000 TRX " +
        'for Active "payments" (id 2).',
    );
    expect(verdict.breaches[0]!.message).toContain('send at most 50,000 TRX now');
    const usedUp = evaluatePolicy(capped, paymentOf(1n, { history: [spent(250_000n * TRX, NOON_WEDNESDAY - HOUR)] }));
    expect(usedUp.breaches[0]!.message).toContain('nothing more may go out until older payments leave the window');
  });

  it('passes a payment that reaches the cap exactly', () => {
    const verdict = evaluatePolicy(
      capped,
      paymentOf(50_000n * TRX, { history: [spent(200_000n * TRX, NOON_WEDNESDAY - HOUR)] }),
    );
    expect(verdict).toEqual({ pass: true, policyVersion: 3, breaches: [] });
  });

  it('drops an outflow exactly 24 hours old and keeps one a millisecond younger', () => {
    const old = paymentOf(60_000n * TRX, { history: [spent(200_000n * TRX, NOON_WEDNESDAY - DAY)] });
    const recent = paymentOf(60_000n * TRX, { history: [spent(200_000n * TRX, NOON_WEDNESDAY - DAY + 1)] });
    expect(evaluatePolicy(capped, old).pass).toBe(true);
    expect(evaluatePolicy(capped, recent).breaches.map((b) => b.code)).toEqual([POLICY_BREACH.dailyCap]);
  });

  it('counts only outflows of the same asset', () => {
    const verdict = evaluatePolicy(
      capped,
      paymentOf(60_000n * TRX, { history: [spent(9_000n * TRX, NOON_WEDNESDAY - HOUR, USDT_KEY)] }),
    );
    expect(verdict.pass).toBe(true);
  });

  it('counts a transferFrom the simulation saw leave the account although no payment is stated', () => {
    const verdict = evaluatePolicy(
      capped,
      paymentOf(0n, {
        contractType: 'TriggerSmartContract',
        transfer: undefined,
        call: { contract: USDT, selector: '23b872dd' },
        balanceChanges: [
          { address: ACCOUNT, asset: USDT_KEY, delta: -12_000n * TRX },
          { address: PARTNER, asset: USDT_KEY, delta: 12_000n * TRX },
        ],
      }),
    );
    expect(verdict.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.dailyCap]);
    expect(verdict.breaches[0]!.message).toContain('12,000 USDT');
  });

  it('is unchanged by the order of the history and by anything older than a day', () => {
    const record = fc.record({
      age: fc.integer({ min: 0, max: 3 * DAY }),
      amount: fc.bigInt({ min: 1n, max: 100_000n * TRX }),
    });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 12 }), fc.bigInt({ min: 1n, max: 100_000n * TRX }), (rows, amount) => {
        const history = rows.map((r) => spent(r.amount, NOON_WEDNESDAY - r.age));
        const base = evaluatePolicy(capped, paymentOf(amount, { history }));
        const shuffled = evaluatePolicy(capped, paymentOf(amount, { history: [...history].reverse() }));
        const recentOnly = history.filter((h) => h.time > NOON_WEDNESDAY - DAY);
        const trimmed = evaluatePolicy(capped, paymentOf(amount, { history: recentOnly }));
        expect(shuffled).toEqual(base);
        expect(trimmed).toEqual(base);
        const inWindow = recentOnly.reduce((sum, h) => sum + h.amount, 0n);
        expect(base.breaches.some((b) => b.code === POLICY_BREACH.dailyCap)).toBe(inWindow + amount > 250_000n * TRX);
      }),
    );
  });
});

describe('per-transaction cap', () => {
  it('blocks one payment above the cap and passes one at the cap', () => {
    const over = evaluatePolicy(capped, paymentOf(100_000n * TRX + 1n));
    expect(over.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.perTransactionCap]);
    expect(over.breaches[0]!.message).toContain(
      'This payment of 100,000.000001 TRX is above the per-transaction cap of 100,000 TRX',
    );
    expect(evaluatePolicy(capped, paymentOf(100_000n * TRX)).pass).toBe(true);
  });

  it('takes the simulated outflow when it is larger than the stated payment', () => {
    const verdict = evaluatePolicy(
      capped,
      paymentOf(10n * TRX, { balanceChanges: [{ address: ACCOUNT, asset: 'TRX', delta: -150_000n * TRX }] }),
    );
    expect(verdict.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.perTransactionCap]);
  });
});

describe('unlisted assets', () => {
  const token = { asset: 'TRC10:1000001', amount: 5n, recipient: PARTNER };
  it('blocks an asset the policy does not list when it says block', () => {
    const verdict = evaluatePolicy(policyWith({ unlistedAssets: 'block' }), paymentOf(0n, { transfer: token }));
    expect(verdict.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.unlistedAsset]);
    expect(verdict.breaches[0]!.message).toContain('5 base units of TRC10:1000001');
  });

  it('lets it through when it says allow', () => {
    expect(evaluatePolicy(policyWith({ unlistedAssets: 'allow' }), paymentOf(0n, { transfer: token })).pass).toBe(true);
  });
});
