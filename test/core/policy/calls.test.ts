import { describe, expect, it } from 'vitest';
import { toHexAddress } from '@core/address/address';
import { POLICY_BREACH } from '@core/policy/breach';
import { evaluatePolicy } from '@core/policy/evaluate';
import { paymentOf, policyWith, STRANGER, USDT } from './helpers';

const TRANSFER = 'a9059cbb';
const APPROVE = '095ea7b3';
const policy = policyWith({ calls: [{ contract: USDT, selector: TRANSFER }] });
const callOf = (contract: string, selector: string) =>
  paymentOf(0n, { contractType: 'TriggerSmartContract', transfer: undefined, call: { contract, selector } });

describe('allowed contract calls', () => {
  it('passes a listed contract and selector, in either address form and with a 0x prefix', () => {
    expect(evaluatePolicy(policy, callOf(USDT, TRANSFER)).pass).toBe(true);
    expect(evaluatePolicy(policy, callOf(toHexAddress(USDT), `0x${TRANSFER.toUpperCase()}`)).pass).toBe(true);
  });

  it('blocks another selector on a listed contract and names both', () => {
    const verdict = evaluatePolicy(policy, callOf(USDT, APPROVE));
    expect(verdict.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.callNotAllowed]);
    expect(verdict.breaches[0]!.message).toContain(`function 0x${APPROVE} on contract ${USDT}`);
  });

  it('blocks a listed selector on another contract', () => {
    expect(evaluatePolicy(policy, callOf(STRANGER, TRANSFER)).breaches.map((b) => b.code)).toEqual([
      POLICY_BREACH.callNotAllowed,
    ]);
  });

  it('blocks every call when the list is empty, and none when the policy has no list', () => {
    expect(evaluatePolicy(policyWith({ calls: [] }), callOf(USDT, TRANSFER)).pass).toBe(false);
    expect(evaluatePolicy(policyWith(), callOf(USDT, APPROVE)).pass).toBe(true);
  });
});
