import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PolicyStatusView } from '../../../../src-core/ipc/channels/policy';

/** An account's adopted policy as main reports it, and adoption asked of main (its dialog, its window). */
const ACCOUNT = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const calls: { channel: string; args: unknown }[] = [];
let status: PolicyStatusView;
let adopted: PolicyStatusView | null;

const adoptedStatus = (state: 'verified' | 'changed', version: number): PolicyStatusView => ({
  account: ACCOUNT,
  adopted: {
    version,
    fileName: 'treasury.json',
    adoptedAt: 1_700_000_000_000,
    digest: 'ab'.repeat(32),
    anyChain: false,
    signature: { status: state, message: `Signed: ${state}.`, weight: 2n, threshold: 2n },
    rules: ['Active (id 2): TRX: 5 TRX per 24 hours; other assets blocked.'],
  },
});

(window as unknown as { api: unknown }).api = {
  on: () => () => {},
  policy: {
    status: async (args: unknown) => {
      calls.push({ channel: 'policy:status', args });
      return { ok: true, value: status };
    },
    adopt: async (args: unknown) => {
      calls.push({ channel: 'policy:adopt', args });
      return { ok: true, value: adopted };
    },
  },
};
const { default: PolicyStatus } = await import('../../../../src-renderer/components/policy/PolicyStatus.vue');

describe('PolicyStatus', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
  });

  it('shows main’s check of the owner signatures and the rules, and a changed file as an error', async () => {
    status = adoptedStatus('verified', 3);
    const wrapper = mount(PolicyStatus, { props: { account: ACCOUNT } });
    await flushPromises();
    expect(calls).toEqual([{ channel: 'policy:status', args: { account: ACCOUNT } }]);
    const notice = wrapper.get('[data-testid="policy-status-signature"]');
    expect(notice.attributes('data-status')).toBe('verified');
    expect(notice.text()).toContain('Treasury policy version 3');
    expect(wrapper.text()).toContain('Active (id 2): TRX: 5 TRX per 24 hours; other assets blocked.');
    status = adoptedStatus('changed', 3);
    const changed = mount(PolicyStatus, { props: { account: ACCOUNT } });
    await flushPromises();
    expect(changed.get('[data-testid="policy-status-signature"]').classes()).toContain('notice--error');
  });

  it('asks main to adopt with no path from the page, and shows what main adopted', async () => {
    status = { account: ACCOUNT, adopted: null };
    adopted = adoptedStatus('verified', 4);
    const wrapper = mount(PolicyStatus, { props: { account: ACCOUNT } });
    await flushPromises();
    expect(wrapper.get('[data-testid="policy-status-none"]').text()).toContain('No treasury policy');
    await wrapper.get('[data-testid="policy-adopt"]').trigger('click');
    await flushPromises();
    expect(calls.at(-1)).toEqual({ channel: 'policy:adopt', args: undefined });
    expect(wrapper.get('[data-testid="policy-status-signature"]').text()).toContain('Treasury policy version 4');
  });
});
