import { describe, expect, it } from 'vitest';
import { toBase58Address } from '@core/address/address';
import { definePolicy } from '@core/policy/canonical';
import type { PolicyDocumentInput } from '@core/policy/document';
import { HOUR_MS } from '@core/policy/input';
import * as b from '@core/tx/builders';
import { policyBreach } from '@main/watchtower/rules/policy-breach';
import type { WatchedPolicy } from '@main/watchtower/policies';
import { signedTx, testKey, transferInfo } from '../fake-chain';
import { context, facts } from './rule-context';

const treasury = testKey();
const keyA = testKey();
const keyB = testKey();
const vendor = testKey();
const spender = testKey();
const token = testKey().hex;
const TRX = 1_000_000n;
const NOW = Date.UTC(2026, 11, 2, 12, 0);

function policy(rules: Partial<PolicyDocumentInput['permissions'][number]> = {}): WatchedPolicy['policy'] {
  return definePolicy({
    format: 'tron-treasury-policy/1',
    version: 4,
    account: toBase58Address(treasury.hex),
    permissions: [
      {
        permissionId: 2,
        assets: [
          { asset: 'TRX', symbol: 'TRX', decimals: 6, dailyCap: 1000n * TRX },
          { asset: `TRC20:${toBase58Address(token)}`, symbol: 'USDT', decimals: 6, perTransactionCap: 100n },
        ],
        unlistedAssets: 'allow',
        tiers: [],
        ...rules,
      },
    ],
  });
}

const ctx = context(treasury.hex);
const pay = (amount: bigint, signers = [keyA], permissionId = 2) =>
  signedTx(b.transferContract({ owner: treasury.hex, to: vendor.hex, amount }), signers, { permissionId });

describe('policy breach', () => {
  it('counts the outflows the watchtower saw in the last 24 hours toward the daily cap, and names the rule', () => {
    const seen = [{ time: NOW - 2 * HOUR_MS, asset: 'TRX', amount: 600n * TRX }];
    const [alert] = policyBreach(facts(pay(500n * TRX)), ctx, { policy: policy() }, seen, NOW);
    expect(alert).toMatchObject({
      rule: 'policy-breach',
      account: treasury.hex,
      details: { policyVersion: 4, permissionId: 2, breaches: [{ code: 'POLICY_DAILY_CAP' }] },
    });
    expect(alert!.title).toMatch(/^An outflow from Treasury breaks treasury policy version 4: /);
    expect(alert!.title).toContain('1,100 TRX');
    const dayOld = [{ time: NOW - 24 * HOUR_MS, asset: 'TRX', amount: 600n * TRX }];
    expect(policyBreach(facts(pay(500n * TRX)), ctx, { policy: policy() }, dayOld, NOW)).toEqual([]);
  });

  it('raises nothing for an outflow within the policy, or value coming in', () => {
    expect(policyBreach(facts(pay(10n * TRX)), ctx, { policy: policy() }, [], NOW)).toEqual([]);
    const incoming = signedTx(b.transferContract({ owner: vendor.hex, to: treasury.hex, amount: 5000n * TRX }), [
      vendor,
    ]);
    expect(policyBreach(facts(incoming), ctx, { policy: policy() }, [], NOW)).toEqual([]);
  });

  it('catches a TRC-20 pulled by a spender over the per-transaction cap, under every permission the policy names', () => {
    const call = signedTx(b.triggerSmartContract({ owner: spender.hex, contract: token, data: '23b872dd' }), [spender]);
    const info = transferInfo(call.txID, token, treasury.hex, spender.hex, 101n);
    const [alert] = policyBreach(facts(call, info), ctx, { policy: policy() }, [], NOW);
    expect(alert!.title).toContain('(pulled by a spender, not sent by the account)');
    expect(alert!.details).toMatchObject({ permissionId: null, breaches: [{ code: 'POLICY_PER_TRANSACTION_CAP' }] });
    const within = transferInfo(call.txID, token, treasury.hex, spender.hex, 100n);
    expect(policyBreach(facts(call, within), ctx, { policy: policy() }, [], NOW)).toEqual([]);
  });

  it('judges recipients only with an address book: the headless watcher has none', () => {
    const rules = policy({ recipients: { tags: ['vendor'], coolingOffHours: 48 } });
    expect(policyBreach(facts(pay(TRX)), ctx, { policy: rules }, [], NOW)).toEqual([]);
    const addressBook = [{ address: vendor.hex, tags: ['vendor'], addedAt: NOW - HOUR_MS }];
    const [alert] = policyBreach(facts(pay(TRX)), ctx, { policy: rules, addressBook }, [], NOW);
    expect(alert!.details).toMatchObject({
      recipientsJudged: true,
      breaches: [{ code: 'POLICY_RECIPIENT_COOLING_OFF' }],
    });
  });

  it('counts the signatures the transaction carries for a tier', () => {
    const rules = policy({ tiers: [{ asset: 'TRX', above: 100n * TRX, otherSignatures: 1 }] });
    const [alert] = policyBreach(facts(pay(200n * TRX, [keyA])), ctx, { policy: rules }, [], NOW);
    expect(alert!.details).toMatchObject({ breaches: [{ code: 'POLICY_TIER_SIGNATURES' }] });
    expect(policyBreach(facts(pay(200n * TRX, [keyA, keyB])), ctx, { policy: rules }, [], NOW)).toEqual([]);
  });

  it('reports a permission the policy does not name, as a key used outside the app would sign', () => {
    const [alert] = policyBreach(facts(pay(TRX, [treasury], 0)), ctx, { policy: policy() }, [], NOW);
    expect(alert!.details).toMatchObject({ permissionId: 0, breaches: [{ code: 'POLICY_PERMISSION_NOT_COVERED' }] });
  });
});
