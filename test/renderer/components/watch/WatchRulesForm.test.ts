import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { WatchRules } from '@core/ipc/channels/watch';
import WatchRulesForm from '@renderer/components/watch/WatchRulesForm.vue';

const BOB = 'TNWtoufpsNepTJdNzbcimHrPEUSHLDCJE1';
const CAROL = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

const rules: WatchRules = {
  permissionChanged: true,
  unexpectedSigner: true,
  signersFromChain: true,
  expectedSigners: [],
  outgoingValue: true,
  outgoingTrxSun: 0n,
  outgoingTokens: [],
  stakingChanged: true,
  contractSettings: true,
  balanceFloor: true,
  floorTrxSun: 0n,
};

function field(wrapper: ReturnType<typeof mount>, label: string) {
  const id = wrapper
    .findAll('label')
    .find((l) => l.text() === label)!
    .attributes('for');
  return wrapper.get(`#${id}`);
}

describe('WatchRulesForm', () => {
  it('saves the signers expected besides the chain’s keys, and the chain switch', async () => {
    const wrapper = mount(WatchRulesForm, { props: { rules } });
    await field(wrapper, 'Other expected signers').setValue(` ${BOB}, ${CAROL} `);
    await field(wrapper, 'Expect every key of the account’s permissions on chain (followed as they change)').setValue(
      false,
    );
    await wrapper.get('form').trigger('submit');
    expect(wrapper.emitted('save')).toEqual([[{ ...rules, signersFromChain: false, expectedSigners: [BOB, CAROL] }]]);
  });

  it('refuses a signer that is no address, naming it, and saves nothing', async () => {
    const wrapper = mount(WatchRulesForm, { props: { rules } });
    await field(wrapper, 'Other expected signers').setValue(`${BOB} Tnot-an-address`);
    await wrapper.get('form').trigger('submit');
    expect(wrapper.emitted('save')).toBeUndefined();
    expect(wrapper.get('.field__error').text()).toBe(
      'Tnot-an-address is not a TRON address (T… with a valid checksum).',
    );
  });

  it('sets a threshold per watched token, typed in the token’s own units', async () => {
    const tt = { token: CAROL, symbol: 'TT', decimals: 6, above: 0n };
    const wrapper = mount(WatchRulesForm, { props: { rules: { ...rules, outgoingTokens: [tt] } } });
    await field(wrapper, 'Report TT sent above (TT)').setValue('300000');
    await wrapper.get('form').trigger('submit');
    expect(wrapper.emitted('save')).toEqual([[{ ...rules, outgoingTokens: [{ ...tt, above: 300_000_000_000n }] }]]);
  });

  it('refuses a token amount with more decimals than the token has, and saves nothing', async () => {
    const tt = { token: CAROL, symbol: 'TT', decimals: 2, above: 0n };
    const wrapper = mount(WatchRulesForm, { props: { rules: { ...rules, outgoingTokens: [tt] } } });
    await field(wrapper, 'Report TT sent above (TT)').setValue('1.234');
    await wrapper.get('form').trigger('submit');
    expect(wrapper.emitted('save')).toBeUndefined();
    expect(wrapper.get('.field__error').text()).toMatch(/decimal/);
  });
});
