import { describe, expect, it } from 'vitest';
import { policyChannels } from '../../../src-core/ipc/channels/policy';
import { vectors } from '../../fixtures/vectors';

const address = Object.values<{ hex: string; base58: string }>(vectors.keys)[0]!.base58;
const verdict = policyChannels['policy:verdict'];
const override = policyChannels['policy:override'];
const TOKEN = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('policy channels', () => {
  it('asks a verdict for a transaction by txid, or for payments an account would make in order', () => {
    expect(verdict.input.safeParse({ txid: 'AB'.repeat(32) }).data).toEqual({ txid: 'ab'.repeat(32) });
    const payments = [
      { asset: 'TRX', amount: 1n, recipient: address },
      { asset: 'TRC10:1000001', amount: 0n, recipient: address },
      { asset: `TRC20:${TOKEN}`, amount: 2n ** 255n, recipient: address },
    ];
    expect(verdict.input.safeParse({ owner: address, permissionId: 2, payments }).success).toBe(true);
  });

  it('refuses an asset it does not name, a negative amount, no payments, and fields it does not know', () => {
    for (const args of [
      { owner: address, permissionId: 2, payments: [{ asset: 'USDT', amount: 1n, recipient: address }] },
      { owner: address, permissionId: 2, payments: [{ asset: 'TRX', amount: -1n, recipient: address }] },
      { owner: address, permissionId: 2, payments: [] },
      { txid: 'ab'.repeat(32), path: '../treasury-policy.json' },
    ]) {
      expect(
        verdict.input.safeParse(args).success,
        JSON.stringify(args, (_, v) => String(v)),
      ).toBe(false);
    }
  });

  it('takes an override as a txid and a vault account id only: no path, no password, no breach list', () => {
    expect(override.input.safeParse({ txid: 'ab'.repeat(32), accountId: 'acc_0123456789abcdef' }).success).toBe(true);
    for (const extra of [{ password: 'x' }, { breaches: [] }, { by: address }]) {
      const args = { txid: 'ab'.repeat(32), accountId: 'acc_0123456789abcdef', ...extra };
      expect(override.input.safeParse(args).success).toBe(false);
    }
    expect(policyChannels['policy:adopt'].input.safeParse({ path: '../treasury-policy.json' }).success).toBe(false);
  });
});
