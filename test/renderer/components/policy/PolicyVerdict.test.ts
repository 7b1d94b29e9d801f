import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { serializeError } from '../../../../src-core/errors';
import type { PolicyVerdictView } from '../../../../src-core/ipc/channels/policy';
import { PolicyError } from '../../../../src-core/policy/errors';

/** The verdict before signing, as main answers it: what the component asks for, and what it shows. */
const ACCOUNT = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const RECIPIENT = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const calls: { channel: string; args: unknown }[] = [];
let answer: PolicyVerdictView | PolicyError;

// Main behind the preload: a verdict answers `{ok, value}`, a refusal `{ok: false, error}` serialized.
(window as unknown as { api: unknown }).api = {
  on: () => () => {},
  policy: {
    verdict: async (args: unknown) => {
      calls.push({ channel: 'policy:verdict', args });
      return answer instanceof PolicyError ? { ok: false, error: serializeError(answer) } : { ok: true, value: answer };
    },
  },
};
const { default: PolicyVerdict } = await import('../../../../src-renderer/components/policy/PolicyVerdict.vue');

describe('PolicyVerdict', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
  });

  it('asks main for the prepared transaction’s verdict and names each breach in main’s words', async () => {
    answer = {
      account: ACCOUNT,
      policyVersion: 3,
      verdicts: [
        {
          pass: false,
          overriddenBy: null,
          breaches: [
            { code: 'POLICY_DAILY_CAP', message: 'The daily cap of 5 TRX would be passed: 4 TRX sent, 2 TRX more.' },
          ],
        },
      ],
      historyNote: 'Outflows of the last 24 hours read from this desk’s node.',
    };
    const wrapper = mount(PolicyVerdict, { props: { txid: 'a'.repeat(64) } });
    await flushPromises();
    expect(calls).toEqual([{ channel: 'policy:verdict', args: { txid: 'a'.repeat(64) } }]);
    const breach = wrapper.get('[data-testid="policy-breach"]');
    expect(breach.text()).toContain('Treasury policy version 3 blocks this');
    expect(breach.get('[data-code="POLICY_DAILY_CAP"]').text()).toBe(
      'The daily cap of 5 TRX would be passed: 4 TRX sent, 2 TRX more.',
    );
    expect(wrapper.find('[data-testid="policy-pass"]').exists()).toBe(false);
  });

  it('says every rule passes, or that no policy is adopted', async () => {
    answer = {
      account: ACCOUNT,
      policyVersion: 2,
      verdicts: [{ pass: true, breaches: [], overriddenBy: null }],
      historyNote: 'From the node.',
    };
    const passing = mount(PolicyVerdict, { props: { txid: 'b'.repeat(64) } });
    await flushPromises();
    expect(passing.get('[data-testid="policy-pass"]').text()).toContain('Every rule passes.');
    answer = { account: ACCOUNT, policyVersion: null, verdicts: [], historyNote: 'From the node.' };
    const none = mount(PolicyVerdict, { props: { txid: 'c'.repeat(64) } });
    await flushPromises();
    expect(none.get('[data-testid="policy-none"]').text()).toBe(
      'No treasury policy is adopted for this account on this desk.',
    );
  });

  it('numbers a plan’s payments and passes them to main as they are', async () => {
    const payments = {
      owner: ACCOUNT,
      permissionId: 2,
      payments: [
        { asset: 'TRX', amount: 1_000_000n, recipient: RECIPIENT },
        { asset: 'TRX', amount: 9_000_000n, recipient: RECIPIENT },
      ],
    };
    answer = {
      account: ACCOUNT,
      policyVersion: 1,
      verdicts: [
        { pass: true, breaches: [], overriddenBy: null },
        {
          pass: false,
          breaches: [{ code: 'POLICY_PER_TRANSACTION_CAP', message: 'Above 5 TRX.' }],
          overriddenBy: null,
        },
      ],
      historyNote: 'From the node.',
    };
    const wrapper = mount(PolicyVerdict, { props: { payments } });
    await flushPromises();
    expect(calls).toEqual([{ channel: 'policy:verdict', args: payments }]);
    expect(wrapper.get('[data-code="POLICY_PER_TRANSACTION_CAP"]').text()).toBe('Payment 2: Above 5 TRX.');
  });

  it('shows main’s refusal as an error notice', async () => {
    answer = new PolicyError('POLICY_HISTORY_UNAVAILABLE', 'The daily caps cannot be counted on this node.');
    const wrapper = mount(PolicyVerdict, { props: { txid: 'd'.repeat(64) } });
    await flushPromises();
    expect(wrapper.text()).toContain('The daily caps cannot be counted on this node.');
    expect(wrapper.find('[data-testid="policy-breach"]').exists()).toBe(false);
  });
});
