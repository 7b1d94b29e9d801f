import { describe, expect, it } from 'vitest';
import { summarizeTransaction, type EnvelopeSummary } from '@core/envelope';
import type { SigningPolicy } from '@core/ipc/channels/vault';
import { passwordForMessage, passwordForTransaction } from '@main/wallet/consent/signing-policy';
import { byName } from '../../../fixtures/permissions';
import { unsignedOf, trigger } from '../../../core/envelope/helpers';

const transferOf = (sun: bigint): EnvelopeSummary => ({
  contractType: 'TransferContract',
  owner: '41' + '11'.repeat(20),
  permissionId: 0,
  expiration: '0',
  amounts: [{ role: 'send', asset: 'TRX', sun: sun.toString(), trx: '' }],
  recipients: ['41' + '22'.repeat(20)],
  details: {},
});
const ABOVE_1000: SigningPolicy = { passwordFor: 'above-amount', thresholdSun: '1000000000' };

describe('signing policy', () => {
  it('by default asks for the password above 1,000 TRX and not at or below it', () => {
    expect(passwordForTransaction(undefined, transferOf(1_000_000_000n)).required).toBe(false);
    expect(passwordForTransaction(undefined, transferOf(1_000_000_001n))).toEqual({
      required: true,
      reason: 'This moves more than 1,000 TRX, so your signing policy asks for the password.',
    });
  });

  it('always asks for a permission change, whatever the policy', () => {
    const update = summarizeTransaction(unsignedOf(byName('account_permission_update') as never));
    for (const policy of [ABOVE_1000, { passwordFor: 'permission-changes' } as const]) {
      expect(passwordForTransaction(policy, update).required).toBe(true);
    }
  });

  it('counts token moves and undecodable contract calls as above the amount: their value is unknown', () => {
    const call = summarizeTransaction(unsignedOf(trigger), { decoder: false });
    expect(passwordForTransaction(ABOVE_1000, call)).toMatchObject({ required: true });
    expect(passwordForTransaction(ABOVE_1000, call).reason).toMatch(/cannot measure/);
  });

  it('asks on every signature under "every signature", and only for permission changes under that policy', () => {
    expect(passwordForTransaction({ passwordFor: 'every-signature' }, transferOf(1n)).required).toBe(true);
    expect(passwordForTransaction({ passwordFor: 'permission-changes' }, transferOf(10n ** 15n)).required).toBe(false);
  });

  it('asks for a message only under "every signature"', () => {
    expect(passwordForMessage({ passwordFor: 'every-signature' }).required).toBe(true);
    expect(passwordForMessage(ABOVE_1000).required).toBe(false);
  });
});
