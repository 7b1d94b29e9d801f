import { describe, expect, it } from 'vitest';
import { POLICY_BREACH } from '@core/policy/breach';
import { evaluatePolicy } from '@core/policy/evaluate';
import { OWNER_A, OWNER_B, OWNER_C, paymentOf, policyWith, TRX } from './helpers';

const policy = policyWith({
  tiers: [
    { asset: 'TRX', above: 10_000n * TRX, otherSignatures: 1 },
    { asset: 'TRX', above: 100_000n * TRX, otherSignatures: 2 },
  ],
});

describe('tiers', () => {
  it('needs nothing at or below the lowest tier', () => {
    expect(evaluatePolicy(policy, paymentOf(10_000n * TRX)).pass).toBe(true);
  });

  it('needs one other signature above the first tier', () => {
    const alone = evaluatePolicy(policy, paymentOf(10_000n * TRX + 1n));
    expect(alone.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.tierSignatures]);
    expect(alone.breaches[0]!.message).toContain('1 other key must sign before this one; the envelope carries 0');
    expect(evaluatePolicy(policy, paymentOf(10_000n * TRX + 1n, { approvedSigners: [OWNER_B] })).pass).toBe(true);
  });

  it('applies the strictest tier the amount exceeds', () => {
    const verdict = evaluatePolicy(policy, paymentOf(200_000n * TRX, { approvedSigners: [OWNER_B] }));
    expect(verdict.breaches).toHaveLength(1);
    expect(verdict.breaches[0]!.details).toMatchObject({ required: 2, present: 1 });
    expect(evaluatePolicy(policy, paymentOf(200_000n * TRX, { approvedSigners: [OWNER_B, OWNER_C] })).pass).toBe(true);
  });

  it("does not count the desk's own signature or a repeated signer", () => {
    const verdict = evaluatePolicy(
      policy,
      paymentOf(200_000n * TRX, { signer: OWNER_A, approvedSigners: [OWNER_A, OWNER_B, OWNER_B] }),
    );
    expect(verdict.breaches[0]!.details).toMatchObject({ present: 1 });
  });
});
