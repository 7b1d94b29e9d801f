import { describe, expect, it } from 'vitest';
import { FeeError } from '../../../src-core/errors';
import { DEFAULT_CHAIN_PARAMETERS } from '../../../src-core/chain/parameters';
import { transactionFromRawData } from '../../../src-core/tx/codec';
import { bandwidthBytes, transactionCost } from '../../../src-core/fee';
import { expectWalletError } from '../../fixtures/expect-error';
import { byName } from '../../fixtures/permissions';

const TRX = 1_000_000n;
const unsigned = (name: string) => transactionFromRawData(byName(name).raw_data);
const exhaustedFree = { freeNetUsed: DEFAULT_CHAIN_PARAMETERS.getFreeNetLimit };

describe('transactionCost', () => {
  it('costs a plain transfer nothing when the free bandwidth covers it', () => {
    const cost = transactionCost({ transaction: unsigned('transfer_owner'), recipientExists: true });
    expect(cost.bandwidth.source).toBe('free');
    expect(cost.burnedSun).toBe(0n);
    expect(cost.valueSun).toBe(TRX);
    expect(cost.totalDebitSun).toBe(TRX);
    expect(cost.fees).toEqual([]);
    expect(cost.notes).toEqual([]);
  });

  it('burns bytes × 1000 sun once the free bandwidth is used up', () => {
    const tx = unsigned('transfer_owner');
    const cost = transactionCost({ transaction: tx, recipientExists: true, account: exhaustedFree });
    expect(cost.burnedSun).toBe(bandwidthBytes(tx) * 1_000n);
  });

  it('charges 1 TRX activation plus 0.1 TRX bandwidth for a transfer to a new address', () => {
    const cost = transactionCost({ transaction: unsigned('transfer_owner'), recipientExists: false });
    expect(cost.bandwidth.source).toBe('create-account-burn');
    expect(cost.fees).toEqual([{ kind: 'activation', sun: TRX, label: 'Activating the new recipient account' }]);
    expect(cost.burnedSun).toBe(1_100_000n);
    expect(cost.totalDebitSun).toBe(2_100_000n);
  });

  it('notes that an unknown recipient was assumed to exist', () => {
    expect(transactionCost({ transaction: unsigned('transfer_owner') }).notes.map((n) => n.code)).toEqual([
      'COST_RECIPIENT_ASSUMED_ACTIVE',
    ]);
  });

  it('adds the memo fee', () => {
    const cost = transactionCost({ transaction: unsigned('transfer_owner_memo'), recipientExists: true });
    expect(cost.fees).toEqual([{ kind: 'memo', sun: TRX, label: 'Memo fee' }]);
    expect(cost.burnedSun).toBe(TRX);
  });

  it('costs a 2-of-3 proposal with the signatures it will carry: multi-signature fee and their bytes', () => {
    const tx = unsigned('transfer_multisig_pid2');
    const cost = transactionCost({
      transaction: tx,
      expectedSignatures: 2,
      recipientExists: true,
      account: exhaustedFree,
    });
    expect(cost.fees).toEqual([{ kind: 'multi-signature', sun: TRX, label: 'Multi-signature fee' }]);
    expect(cost.bandwidth.bytes).toBe(bandwidthBytes(tx, { expectedSignatures: 2 }));
    expect(cost.burnedSun).toBe(TRX + cost.bandwidth.bytes * 1_000n);
    expect(cost.expectedSignatures).toBe(2);
  });

  it('charges 100 TRX for a permission update', () => {
    const cost = transactionCost({ transaction: unsigned('account_permission_update') });
    expect(cost.fees).toEqual([{ kind: 'contract', sun: 100n * TRX, label: 'AccountPermissionUpdateContract fee' }]);
    expect(cost.valueSun).toBe(0n);
  });

  it('adds burned energy for a contract call, after staked energy, within fee_limit', () => {
    const tx = unsigned('trigger_trc20_transfer_multisig_pid2');
    const cost = transactionCost({
      transaction: tx,
      energy: 65_000n,
      expectedSignatures: 2,
      account: { energyLimit: 15_000n },
    });
    expect(cost.feeLimitSun).toBe(100n * TRX);
    expect(cost.energy).toMatchObject({ fromStake: 15_000n, burnedEnergy: 50_000n, burnedSun: 50_000n * 210n });
    expect(cost.fromStake).toEqual({ bandwidth: 0n, energy: 15_000n });
    expect(cost.burnedSun).toBe(50_000n * 210n + TRX);
    expect(cost.notes).toEqual([]);
  });

  it('warns when the energy would burn more than fee_limit allows', () => {
    const cost = transactionCost({ transaction: unsigned('trigger_trc20_transfer_multisig_pid2'), energy: 600_000n });
    expect(cost.notes.map((n) => n.code)).toEqual(['COST_ENERGY_EXCEEDS_FEE_LIMIT']);
  });

  it('says when energy is unknown, with fee_limit as the ceiling', () => {
    const cost = transactionCost({ transaction: unsigned('trigger_trc20_transfer_multisig_pid2') });
    expect(cost.energy).toBeUndefined();
    expect(cost.notes[0]).toMatchObject({ code: 'COST_ENERGY_UNKNOWN' });
    expect(cost.notes[0]!.message).toContain('100000000 sun');
  });

  it('counts the call value of a deployment and notes a missing fee_limit', () => {
    const raw = structuredClone(byName('create_smart_contract').raw_data);
    raw.contract[0].parameter.value.new_contract.call_value = 5_000_000;
    delete raw.fee_limit;
    const cost = transactionCost({ transaction: transactionFromRawData(raw), energy: 0n });
    expect(cost.valueSun).toBe(5n * TRX);
    expect(cost.notes.map((n) => n.code)).toEqual(['COST_NO_FEE_LIMIT']);
  });

  it('refuses a transaction without a known contract', () => {
    const tx = unsigned('transfer_owner');
    expectWalletError(
      () => transactionCost({ transaction: { ...tx, raw_data: { ...tx.raw_data, contract: [] } } }),
      FeeError,
      'FEE_BAD_TRANSACTION',
    );
    const weird = structuredClone(tx);
    weird.raw_data.contract[0]!.parameter.value.amount = 'lots';
    expectWalletError(() => transactionCost({ transaction: weird }), FeeError, 'FEE_BAD_TRANSACTION');
  });
});
