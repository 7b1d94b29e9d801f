import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { describe, expect, it } from 'vitest';
import type { CostView, PermissionChoiceView, SimulationView } from '@core/ipc/channels/tx';
import CostBreakdown from '@renderer/components/tx/CostBreakdown.vue';
import PermissionPanel from '@renderer/components/tx/PermissionPanel.vue';
import SimulationPanel from '@renderer/components/tx/SimulationPanel.vue';
import TxFieldInput from '@renderer/components/tx/TxFieldInput.vue';
import { useNamesStore } from '@renderer/stores/names';

const cost: CostView = {
  expectedSignatures: 2,
  recipientExists: false,
  bandwidth: { bytes: 282n, source: 'create-account-burn', stakedBytes: 0n, freeBytes: 0n, burnedSun: 100_000n },
  energy: null,
  fees: [
    { kind: 'activation', label: 'Activating the new recipient account', sun: 1_000_000n },
    { kind: 'multi-signature', label: 'Multi-signature fee', sun: 1_000_000n },
  ],
  feeLimitSun: null,
  burnedSun: 2_100_000n,
  valueSun: 2_500_000n,
  totalDebitSun: 4_600_000n,
  notes: [],
};

const TREASURY = 'TNWtoufpsNepTJdNzbcimHrPEUSHLDCJE1';

/** A Pinia whose names store knows the treasury from the address book (no main to read it from). */
function namedPinia() {
  const pinia = createPinia();
  setActivePinia(pinia);
  const names = useNamesStore();
  names.contacts = [
    { id: 'c1', name: 'Treasury', address: TREASURY, note: '', tags: [], createdAt: 0, updatedAt: 0 },
  ] as typeof names.contacts;
  names.ensure = async () => undefined;
  return pinia;
}

describe('transaction components', () => {
  it('show the cost in TRX line by line, with the total burned and the balance drop', () => {
    const wrapper = mount(CostBreakdown, { props: { cost } });
    expect(wrapper.get('[data-cost="bandwidth"]').text()).toContain('0.1 TRX');
    expect(wrapper.get('[data-cost="bandwidth"]').text()).toContain('flat account-creation fee');
    expect(wrapper.get('[data-cost="multi-signature"]').text()).toContain('1 TRX');
    expect(wrapper.get('[data-testid="cost-burned"]').text()).toBe('2.1 TRX');
    expect(wrapper.get('[data-testid="cost-debit"]').text()).toBe('4.6 TRX');
    expect(wrapper.text()).toContain('counted for 2 signatures');
    expect(wrapper.html()).not.toContain('style=');
  });

  it('show a TRX field with its value in sun and its validation message', () => {
    const wrapper = mount(TxFieldInput, {
      props: {
        field: { key: 'amount', label: 'Amount (TRX)', type: 'trx' },
        value: '2.5',
        sun: 2_500_000n,
        error: null,
      },
    });
    expect(wrapper.get('.field__hint').text()).toBe('= 2,500,000 sun');
    const invalid = mount(TxFieldInput, {
      props: { field: { key: 'amount', label: 'Amount (TRX)', type: 'trx' }, value: '0', error: 'Enter more than 0.' },
    });
    expect(invalid.get('[role="alert"]').text()).toBe('Enter more than 0.');
    expect(invalid.get('input').attributes('aria-invalid')).toBe('true');
  });

  it('offer bandwidth or energy for a resource field and emit the choice', async () => {
    const wrapper = mount(TxFieldInput, {
      props: { field: { key: 'resource', label: 'Resource', type: 'resource' }, value: 'BANDWIDTH' },
    });
    expect(wrapper.findAll('option').map((o) => o.text())).toEqual(['Bandwidth', 'Energy']);
    await wrapper.get('select').setValue('ENERGY');
    expect(wrapper.emitted('update')).toEqual([['ENERGY']]);
  });

  it('say which permission signs and why each other one does not', () => {
    const view: PermissionChoiceView = {
      kind: 'freeze',
      contractType: 'FreezeBalanceV2Contract',
      owner: 'T',
      ownerExists: true,
      permissionId: null,
      picked: false,
      explanation: 'None of your keys belongs to a permission that may stake.',
      candidates: [
        {
          id: 0,
          type: 'Owner',
          name: 'owner',
          threshold: 2n,
          allowsType: true,
          heldKeys: [],
          heldWeight: 0n,
          reachableAlone: false,
          qualifies: false,
          chosen: false,
          bypasses: null,
          reasons: [{ code: 'CHOOSE_NO_HELD_KEY', message: 'None of your keys is in the owner permission.' }],
        },
      ],
    };
    const wrapper = mount(PermissionPanel, { props: { choice: view } });
    expect(wrapper.get('[data-testid="permission-choice"]').attributes('data-permission-id')).toBe('none');
    expect(wrapper.text()).toContain('No permission group can sign this');
    expect(wrapper.get('[data-code="CHOOSE_NO_HELD_KEY"]').text()).toBe(
      'None of your keys is in the owner permission.',
    );
  });

  it('names the chosen group in the panel as the review and main’s confirmation name it', () => {
    const group = (id: number, type: 'Owner' | 'Active', name: string, chosen: boolean) => ({
      id,
      type,
      name,
      threshold: type === 'Owner' ? 1n : 2n,
      allowsType: true,
      heldKeys: [],
      heldWeight: 1n,
      reachableAlone: type === 'Owner',
      qualifies: true,
      chosen,
      bypasses: null,
      reasons: [],
    });
    const view: PermissionChoiceView = {
      kind: 'trx-transfer',
      contractType: 'TransferContract',
      owner: 'T',
      ownerExists: true,
      permissionId: 2,
      picked: true,
      explanation: 'You chose active permission "payments" (id 2).',
      candidates: [group(0, 'Owner', 'owner', false), group(2, 'Active', 'payments', true)],
    };
    const wrapper = mount(PermissionPanel, { props: { choice: view } });
    expect(wrapper.text()).toContain('Signs with active permission "payments" (id 2) (your choice)');
    const owner = mount(PermissionPanel, {
      props: { choice: { ...view, permissionId: 0, picked: false, candidates: [group(0, 'Owner', 'owner', true)] } },
    });
    expect(owner.text()).toContain('Signs with the owner permission (id 0)');
  });

  it('show a reverting simulation with its reason and method', () => {
    const simulation: SimulationView = {
      txid: 'ab'.repeat(32),
      method: 'constant-call',
      methodNote: 'The node ran the contract call as a constant call.',
      success: false,
      result: 'REVERT',
      reason: 'The contract reverted: insufficient balance',
      outOfEnergy: { risk: false, message: 'It needs 900 energy; its limits allow 47619.' },
      energyUsed: 900n,
      balanceChanges: [{ address: TREASURY, asset: 'TRX', delta: -189_000n, decimals: 6 }],
      logs: [],
      stateChanged: false,
    };
    const wrapper = mount(SimulationPanel, { props: { simulation }, global: { plugins: [namedPinia()] } });
    expect(wrapper.get('[data-testid="simulation"]').attributes('data-success')).toBe('false');
    // The address by the name the address book gives it, shortened in the middle, on one line; the
    // full address is there for screen readers.
    const address = wrapper.get('[data-testid="address"]');
    expect(address.get('.address-text__name').text()).toBe('Treasury');
    expect(address.get('code').text()).toBe(`${TREASURY.slice(0, 6)}…${TREASURY.slice(-6)}`);
    expect(address.get('code').attributes('aria-hidden')).toBe('true');
    expect(address.get('.visually-hidden').text()).toBe(TREASURY);
    expect(wrapper.get('[data-testid="address"]').attributes('title')).toBe(TREASURY);
    expect(wrapper.get('[data-testid="simulation-reason"]').text()).toBe('The contract reverted: insufficient balance');
    expect(wrapper.text()).toContain('Constant call');
    expect(wrapper.text()).toContain('−0.189 TRX');
  });
});

describe('an amount field with what the account holds', () => {
  const holding = {
    amount: 999_900_000_000n,
    decimals: 6,
    symbol: 'TRX',
    has: 'holds',
    max: 999_898_633_000n,
    keptAsideSun: 1_367_000n,
    keptAsideNote:
      'Max keeps 1.367 TRX aside for fees: 0.267 TRX bandwidth (267 bytes), 1.1 TRX activation if the recipient is new.',
  };
  const field = { key: 'amount', label: 'Amount (TRX)', type: 'trx' } as const;

  it('shows the balance and what Max keeps aside, and asks for Max on click', async () => {
    const wrapper = mount(TxFieldInput, { props: { field, value: '', holding } });
    expect(wrapper.get('[data-testid="holding-balance"]').text()).toBe('The account holds 999,900 TRX.');
    expect(wrapper.get('[data-testid="holding-kept-aside"]').text()).toBe(holding.keptAsideNote);
    await wrapper.get('[data-testid="amount-max"]').trigger('click');
    expect(wrapper.emitted('max')).toHaveLength(1);
  });

  it('shows the refusal of an amount above the balance as the field error', () => {
    const error = 'The account holds 999,900 TRX; this is 1,000,100 TRX more than it has.';
    const wrapper = mount(TxFieldInput, { props: { field, value: '2000000', holding, error } });
    expect(wrapper.get('[role="alert"]').text()).toBe(error);
    expect(wrapper.get('input').attributes('aria-invalid')).toBe('true');
  });
});

describe('the simulation of a refused transaction', () => {
  it('reads the sentence first and keeps the node words in a details line, each once', () => {
    const nodeText = 'Contract validate error : Validate TransferContract error, balance is not sufficient.';
    const wrapper = mount(SimulationPanel, {
      props: {
        simulation: {
          txid: 'a'.repeat(64),
          method: 'dry-run',
          methodNote: 'The embedded node executed this exact transaction.',
          success: false,
          result: 'CONTRACT_VALIDATE_ERROR',
          reason: 'The account does not hold enough TRX for this amount and its fees.',
          reasonDetail: nodeText,
          outOfEnergy: { risk: false, message: 'This transaction runs no contract code, so it uses no energy.' },
          energyUsed: null,
          balanceChanges: [],
          logs: [],
          stateChanged: false,
        },
      },
    });
    expect(wrapper.get('[data-testid="simulation-reason"]').text()).toBe(
      'The account does not hold enough TRX for this amount and its fees.',
    );
    expect(wrapper.get('[data-testid="simulation-reason-detail"]').text()).toContain(nodeText);
    expect(wrapper.text().split('balance is not sufficient').length - 1).toBe(1);
  });
});
