import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { EstimateView } from '@core/ipc/channels/tx';
import EnergyEstimate from '@renderer/components/tx/EnergyEstimate.vue';

/** The figures of contract-paths.test.ts: 35,000 energy of which 2,500 is the dynamic-energy penalty. */
const estimate: EstimateView = {
  kind: 'trc20-transfer',
  energy: { method: 'estimateenergy', energy: 35_000n, baseEnergy: 27_500n, penalty: 2_500n },
  feeLimits: [
    {
      strategy: 'estimate',
      feeLimitSun: 8_820_000n,
      energy: 35_000n,
      marginBps: 2_000n,
      explanation: '35,000 energy × 210 sun, plus 20 %.',
      problem: null,
    },
    {
      strategy: 'energy-factor',
      feeLimitSun: 7_761_600n,
      energy: 30_800n,
      marginBps: 2_000n,
      explanation: "27,500 base energy × the contract's factor 1.12.",
      problem: null,
    },
    {
      strategy: 'max-factor',
      feeLimitSun: 30_492_000n,
      energy: 121_000n,
      marginBps: 2_000n,
      explanation: "27,500 base energy × the chain's maximum factor 4.4.",
      problem: null,
    },
  ],
  problem: null,
  revertReason: null,
};

/** The definition list as [term, description] pairs. */
function figures(wrapper: ReturnType<typeof mount>): [string, string][] {
  const terms = wrapper.findAll('dt').map((d) => d.text());
  const values = wrapper.findAll('dd').map((d) => d.text());
  return terms.map((t, i) => [t, values[i]!]);
}

function rows(wrapper: ReturnType<typeof mount>) {
  return wrapper.findAll('tr[data-strategy]').map((row) => ({
    strategy: row.attributes('data-strategy'),
    label: row.get('th').text(),
    why: row.get('.estimate__why').text(),
    amount: row.get('.estimate__amount').text(),
    canUse: row.find('button').exists(),
  }));
}

describe('EnergyEstimate', () => {
  it('shows the energy with the base energy and the dynamic-energy penalty as separate figures, and the method', () => {
    const wrapper = mount(EnergyEstimate, { props: { estimate } });
    expect(figures(wrapper)).toEqual([
      ['Energy', '35,000'],
      ['Base energy', '27,500'],
      ['Dynamic-energy penalty', '2,500'],
      ['Measured with', 'estimateenergy'],
    ]);
    expect(wrapper.find('[data-testid="estimate-problem"]').exists()).toBe(false);
  });

  it('lists the three fee_limit strategies in order, each with its reasoning and its value in TRX', () => {
    const wrapper = mount(EnergyEstimate, { props: { estimate } });
    expect(wrapper.get('caption').text()).toBe('Fee limit suggestions (20 % safety margin)');
    expect(rows(wrapper)).toEqual([
      {
        strategy: 'estimate',
        label: 'From this estimate',
        why: '35,000 energy × 210 sun, plus 20 %.',
        amount: '8.82 TRX',
        canUse: true,
      },
      {
        strategy: 'energy-factor',
        label: "From the contract's energy factor",
        why: "27,500 base energy × the contract's factor 1.12.",
        amount: '7.7616 TRX',
        canUse: true,
      },
      {
        strategy: 'max-factor',
        label: "From the chain's maximum factor",
        why: "27,500 base energy × the chain's maximum factor 4.4.",
        amount: '30.492 TRX',
        canUse: true,
      },
    ]);
  });

  it('hands the fee_limit of the chosen strategy over in sun', async () => {
    const wrapper = mount(EnergyEstimate, { props: { estimate } });
    await wrapper.get('tr[data-strategy="max-factor"] button').trigger('click');
    await wrapper.get('tr[data-strategy="estimate"] button').trigger('click');
    expect(wrapper.emitted('use')).toEqual([[30_492_000n], [8_820_000n]]);
  });

  it('says when the node did not split the penalty, and shows a refused strategy with its reason and no value to use', () => {
    const wrapper = mount(EnergyEstimate, {
      props: {
        estimate: {
          ...estimate,
          energy: { method: 'triggerconstantcontract', energy: 13_000n, baseEnergy: null, penalty: null },
          feeLimits: [
            { ...estimate.feeLimits[0]!, feeLimitSun: null, problem: 'Refused: it would be more than 15,000 TRX.' },
            ...estimate.feeLimits.slice(1),
          ],
        },
      },
    });
    expect(figures(wrapper)).toEqual([
      ['Energy', '13,000'],
      ['Base energy', 'not reported'],
      ['Dynamic-energy penalty', 'not reported'],
      ['Measured with', 'triggerconstantcontract'],
    ]);
    expect(rows(wrapper)[0]).toEqual({
      strategy: 'estimate',
      label: 'From this estimate',
      why: 'Refused: it would be more than 15,000 TRX.',
      amount: '—',
      canUse: false,
    });
    expect(
      rows(wrapper)
        .slice(1)
        .map((r) => r.canUse),
    ).toEqual([true, true]);
  });

  it('shows why there is no estimate instead of figures, for a call that reverts', () => {
    const wrapper = mount(EnergyEstimate, {
      props: {
        estimate: {
          ...estimate,
          energy: null,
          feeLimits: [],
          problem: 'The call reverts: insufficient balance',
          revertReason: 'insufficient balance',
        },
      },
    });
    expect(wrapper.get('[data-testid="estimate-problem"]').text()).toContain('The call reverts: insufficient balance');
    expect(wrapper.find('dl').exists()).toBe(false);
    expect(wrapper.find('table').exists()).toBe(false);
  });

  it('does not repeat a revert reason the simulation under Review already gives', () => {
    const reason = 'ERC20: transfer amount exceeds balance';
    const reverted: EstimateView = {
      ...estimate,
      energy: null,
      feeLimits: [],
      problem: `The call reverts, so it would fail on chain: ${reason}`,
      revertReason: reason,
    };
    expect(mount(EnergyEstimate, { props: { estimate: reverted } }).text()).toContain(reason);
    const beside = mount(EnergyEstimate, { props: { estimate: reverted, reasonShownElsewhere: true } });
    expect(beside.text()).not.toContain(reason);
    expect(beside.get('[data-testid="estimate-problem"]').text()).toContain('the reason is given with the simulation');
  });
});
