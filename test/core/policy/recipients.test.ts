import { describe, expect, it } from 'vitest';
import { toHexAddress } from '@core/address/address';
import { POLICY_BREACH } from '@core/policy/breach';
import { evaluatePolicy } from '@core/policy/evaluate';
import { ACCOUNT, HOUR, NOON_WEDNESDAY, PARTNER, paymentOf, policyWith, STRANGER, TRX, USDT } from './helpers';

const policy = policyWith({ recipients: { tags: ['vendor', 'payroll'], coolingOffHours: 48 } });
const entry = (address: string, tags: string[], addedAt: number) => ({ address, tags, addedAt });

describe('recipient allowlist', () => {
  it('passes a recipient whose address-book entry carries a listed tag and is older than the cooling-off', () => {
    const book = [entry(PARTNER, ['payroll'], NOON_WEDNESDAY - 72 * HOUR)];
    expect(evaluatePolicy(policy, paymentOf(5n * TRX, { addressBook: book })).pass).toBe(true);
  });

  it('matches the address whichever form the book holds it in', () => {
    const book = [entry(toHexAddress(PARTNER), ['vendor'], NOON_WEDNESDAY - 72 * HOUR)];
    expect(evaluatePolicy(policy, paymentOf(5n * TRX, { addressBook: book })).pass).toBe(true);
  });

  it('blocks a recipient that is not in the address book', () => {
    const verdict = evaluatePolicy(
      policy,
      paymentOf(5n * TRX, { transfer: { asset: 'TRX', amount: 5n, recipient: STRANGER } }),
    );
    expect(verdict.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.recipientNotAllowed]);
    expect(verdict.breaches[0]!.message).toContain(`${STRANGER} is not on the allowlist`);
  });

  it('blocks a recipient whose entry carries none of the listed tags', () => {
    const book = [entry(PARTNER, ['friends'], NOON_WEDNESDAY - 72 * HOUR)];
    const verdict = evaluatePolicy(policy, paymentOf(5n * TRX, { addressBook: book }));
    expect(verdict.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.recipientNotAllowed]);
  });

  it('allows a new recipient exactly when the cooling-off hours have passed, not a millisecond earlier', () => {
    const at = (addedAt: number) => paymentOf(5n * TRX, { addressBook: [entry(PARTNER, ['vendor'], addedAt)] });
    expect(evaluatePolicy(policy, at(NOON_WEDNESDAY - 48 * HOUR)).pass).toBe(true);
    const early = evaluatePolicy(policy, at(NOON_WEDNESDAY - 48 * HOUR + 1));
    expect(early.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.recipientCoolingOff]);
    expect(early.breaches[0]!.message).toContain('less than 48 hours ago');
    expect(early.breaches[0]!.message).toContain(new Date(NOON_WEDNESDAY + 1).toISOString());
  });

  it('counts the oldest tagged entry when an address has several', () => {
    const book = [
      entry(PARTNER, ['vendor'], NOON_WEDNESDAY - HOUR),
      entry(PARTNER, ['payroll'], NOON_WEDNESDAY - 49 * HOUR),
    ];
    expect(evaluatePolicy(policy, paymentOf(5n * TRX, { addressBook: book })).pass).toBe(true);
  });

  it('holds an address the simulation credits with what the account sends to the allowlist', () => {
    const book = [entry(PARTNER, ['vendor'], NOON_WEDNESDAY - 72 * HOUR)];
    const verdict = evaluatePolicy(
      policy,
      paymentOf(0n, {
        contractType: 'TriggerSmartContract',
        transfer: undefined,
        call: { contract: USDT, selector: '23b872dd' },
        addressBook: book,
        balanceChanges: [
          { address: ACCOUNT, asset: `TRC20:${USDT}`, delta: -7n },
          { address: STRANGER, asset: `TRC20:${USDT}`, delta: 7n },
          { address: PARTNER, asset: 'TRX', delta: 1n },
        ],
      }),
    );
    expect(verdict.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.recipientNotAllowed]);
    expect(verdict.breaches[0]!.message).toContain(STRANGER);
  });

  it('leaves recipients free when the policy has no allowlist', () => {
    expect(evaluatePolicy(policyWith(), paymentOf(5n * TRX)).pass).toBe(true);
  });
});
