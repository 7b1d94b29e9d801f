import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const REASON =
  'the optional package @ledgerhq/hw-transport-node-hid-noevents is not installed (its native part, node-hid, did not build for this system).';

vi.mock('@renderer/api/bridge', () => ({
  api: {
    ledger: { support: async () => ({ available: false, reason: REASON }) },
    on: () => () => {},
  },
}));

const { default: LedgerAccounts } = await import('@renderer/components/accounts/LedgerAccounts.vue');

describe('LedgerAccounts without USB support', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('tells a person what they can do, and keeps the technical reason in a details line', async () => {
    const wrapper = mount(LedgerAccounts);
    await flushPromises();
    const card = wrapper.get('[data-testid="ledger-unavailable"]');
    const sentence = card.get('.ledger__unavailable').text();
    expect(sentence).toContain('Install the app again');
    expect(sentence).toContain('sign with a key in your vault or the offline signer');
    expect(sentence).not.toMatch(/npm|node-hid|libusb/);
    expect(card.get('details summary').text()).toBe('Details');
    expect(card.get('[data-testid="ledger-unavailable-reason"]').text()).toBe(REASON);
  });
});
