import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { serializeError } from '../../../../src-core/errors';
import type { VaultAccount } from '../../../../src-core/ipc/channels/vault';
import { PolicyError } from '../../../../src-core/policy/errors';

/** The owner's override of a blocked signature, asked of main with the vault key the person chose. */
const TXID = 'ab'.repeat(32);
const calls: { channel: string; args: unknown }[] = [];
let refusal: PolicyError | null = null;

const account = (id: string, label: string, custody: VaultAccount['custody'], canSign = true): VaultAccount => ({
  id,
  kind: 'privateKey',
  label,
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  addressHex: '41' + '5a'.repeat(20),
  canSign,
  createdAt: 0,
  custody,
});

(window as unknown as { api: unknown }).api = {
  on: () => () => {},
  vault: {
    listAccounts: async () => ({
      ok: true,
      value: [
        account('acc_0000000000000001', 'Watched', 'watch', false),
        account('acc_0000000000000002', 'Owner key', 'vault'),
        account('acc_0000000000000003', 'Ledger', 'ledger'),
      ],
    }),
  },
  policy: {
    override: async (args: unknown) => {
      calls.push({ channel: 'policy:override', args });
      return refusal
        ? { ok: false, error: serializeError(refusal) }
        : { ok: true, value: { txid: TXID, by: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', at: 1_700_000_000_000 } };
    },
  },
};
const { default: PolicyOverride } = await import('../../../../src-renderer/components/policy/PolicyOverride.vue');

describe('PolicyOverride', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
    refusal = null;
  });

  it('offers only the vault’s own keys and asks main to override with the chosen one', async () => {
    const wrapper = mount(PolicyOverride, { props: { txid: TXID } });
    await flushPromises();
    const options = wrapper.findAll('option').map((o) => o.text());
    expect(options).toEqual(['Owner key — TJRabPrwbZy45sbavfcjinPJC18kjpRTv8']);
    await wrapper.get('[data-testid="policy-override-button"]').trigger('click');
    await flushPromises();
    expect(calls).toEqual([{ channel: 'policy:override', args: { txid: TXID, accountId: 'acc_0000000000000002' } }]);
    expect(wrapper.get('[data-testid="policy-override-recorded"]').text()).toContain(
      'Override recorded for owner key TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    );
    expect(wrapper.emitted('overridden')).toHaveLength(1);
  });

  it('shows main’s refusal of a key outside the owner permission', async () => {
    refusal = new PolicyError('POLICY_NOT_AN_OWNER_KEY', 'Only a key of the owner permission may override it.');
    const wrapper = mount(PolicyOverride, { props: { txid: TXID } });
    await flushPromises();
    await wrapper.get('[data-testid="policy-override-button"]').trigger('click');
    await flushPromises();
    expect(wrapper.text()).toContain('Only a key of the owner permission may override it.');
    expect(wrapper.emitted('overridden')).toBeUndefined();
  });
});
