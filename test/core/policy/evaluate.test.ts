import { describe, expect, it } from 'vitest';
import { POLICY_BREACH } from '@core/policy/breach';
import { readPolicyDocument } from '@core/policy/canonical';
import { PolicyError } from '@core/policy/errors';
import { evaluatePolicy } from '@core/policy/evaluate';
import { NOON_WEDNESDAY, paymentOf, policyWith, STRANGER, TRX } from './helpers';

describe('evaluatePolicy', () => {
  it('refuses a transaction of another account and names both', () => {
    const verdict = evaluatePolicy(policyWith(), paymentOf(1n, { owner: STRANGER }));
    expect(verdict.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.otherAccount]);
    expect(verdict.breaches[0]!.message).toContain(STRANGER);
  });

  it('refuses a permission the policy has no rules for', () => {
    const verdict = evaluatePolicy(policyWith(), paymentOf(1n, { permissionId: 3, permissionName: 'ops' }));
    expect(verdict.breaches.map((b) => b.code)).toEqual([POLICY_BREACH.permissionNotCovered]);
    expect(verdict.breaches[0]!.message).toContain('no rules for Active "ops" (id 3)');
  });

  it('reports every broken rule at once', () => {
    const policy = policyWith({
      assets: [{ asset: 'TRX', symbol: 'TRX', decimals: 6, perTransactionCap: 1n * TRX }],
      recipients: { tags: ['vendor'], coolingOffHours: 0 },
      schedule: { utcOffsetMinutes: 0, days: ['sat'], hours: [{ from: '00:00', to: '24:00' }] },
      tiers: [{ asset: 'TRX', above: 0n, otherSignatures: 1 }],
    });
    const verdict = evaluatePolicy(policy, paymentOf(2n * TRX, { time: NOON_WEDNESDAY }));
    expect(verdict.breaches.map((b) => b.code)).toEqual([
      POLICY_BREACH.outsideHours,
      POLICY_BREACH.recipientNotAllowed,
      POLICY_BREACH.perTransactionCap,
      POLICY_BREACH.tierSignatures,
    ]);
  });
});

describe('reading a policy document', () => {
  it('refuses a permission named twice with a sentence', () => {
    const rules = { permissionId: 2, assets: [], unlistedAssets: 'allow', tiers: [] };
    const doc = { format: 'tron-treasury-policy/1', version: 1, account: STRANGER, permissions: [rules, rules] };
    expect(() => readPolicyDocument(doc)).toThrow(/permissions names a permission id twice/);
  });

  it('refuses an amount written as a JSON number, which could lose digits', () => {
    const doc = {
      format: 'tron-treasury-policy/1',
      version: 1,
      account: STRANGER,
      permissions: [
        {
          permissionId: 2,
          assets: [{ asset: 'TRX', symbol: 'TRX', decimals: 6, dailyCap: 250_000 * 1e6 }],
          unlistedAssets: 'allow',
          tiers: [],
        },
      ],
    };
    expect(() => readPolicyDocument(doc)).toThrow(PolicyError);
    expect(
      readPolicyDocument({
        ...doc,
        permissions: [
          { ...doc.permissions[0], assets: [{ ...doc.permissions[0]!.assets[0], dailyCap: String(250_000n * TRX) }] },
        ],
      }).permissions[0]!.assets[0]!.dailyCap,
    ).toBe(250_000n * TRX);
  });

  it('refuses the witness permission and a malformed asset', () => {
    expect(() => policyWith({ permissionId: 1 })).toThrow(/must be 0 \(owner\) or 2 and up/);
    expect(() => policyWith({ assets: [{ asset: 'TRC20:nope', symbol: 'X', decimals: 0 }] })).toThrow(
      /must be TRX, TRC10/,
    );
  });
});
