import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter, type Router } from 'vue-router';
import type { ImportResult, Inbox, InboxItem } from '@core/ipc/channels/cosign';
import { useNoticesStore } from '@renderer/stores/notices';
import { installWindowApi, type MainStub } from '../../stub-window-api';

/**
 * The co-signing inbox over a stubbed `window.api` (read by the real bridge): its rows, envelopes
 * that no longer verify and their removal, and an import that opens the envelope.
 */
const HEAD = 1_800_000_000_000;
const ID = 'env_00000000000000a1';
const TXID = 'a1'.repeat(32);

const calls: { channel: string; args: unknown }[] = [];
let inbox: Inbox;

function item(overrides: Partial<InboxItem> = {}): InboxItem {
  return {
    id: ID,
    txid: TXID,
    label: 'payroll',
    origin: 'imported',
    stage: 'collecting',
    contractType: 'TransferContract',
    headline: 'Send 2.5 TRX to Carol',
    owner: 'TTreasury',
    ownerName: 'Treasury',
    fingerprint: {
      words: ['abandon', 'ability', 'able', 'about', 'above', 'absent', 'absorb', 'abstract'],
      text: 'abandon ability able about above absent absorb abstract',
      hex: '0000-1111-2222-3333-4444',
    },
    currentWeight: 1n,
    threshold: 2n,
    signatures: 1,
    expiresAt: HEAD + 1_800_000,
    autoBroadcast: false,
    createdAt: HEAD,
    updatedAt: HEAD,
    replacedBy: null,
    ...overrides,
  };
}

/** The page reads only the outcome and the id; the store keeps the detail for the envelope page. */
const imported = {
  id: ID,
  outcome: 'merged',
  newSignatures: 1,
  broadcast: true,
  detail: item(),
} as unknown as ImportResult;

const main: MainStub = {
  cosign: {
    list: () => inbox,
    removeUnreadable: ({ id }: { id: string }) => {
      inbox = { ...inbox, unreadable: inbox.unreadable.filter((u) => u.id !== id) };
      return { id };
    },
    import: () => imported,
  },
};
installWindowApi(main, calls, { on: () => () => undefined });

const { default: InboxPage } = await import('@renderer/pages/cosign/InboxPage.vue');

let router: Router;

async function render(): Promise<VueWrapper> {
  router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/cosign', component: InboxPage },
      { path: '/cosign/:id', component: { template: '<div />' } },
      { path: '/address-book', component: { template: '<div />' } },
    ],
  });
  await router.push('/cosign');
  await router.isReady();
  const page = mount(InboxPage, { global: { plugins: [router] } });
  await flushPromises();
  return page;
}

describe('co-signing inbox page', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
    inbox = {
      network: 'Embedded dev node',
      items: [],
      unreadable: [],
      headTime: HEAD,
      fileDialogs: { open: false, save: false },
    };
  });

  it('says there are no envelopes yet on an empty network', async () => {
    const page = await render();
    expect(page.get('[data-testid="inbox-table"] caption').text()).toBe('Envelopes on Embedded dev node');
    expect(page.findAll('[data-testid="inbox-row"]')).toHaveLength(0);
    expect(page.get('[data-testid="inbox-table"] tbody').text()).toContain('No envelopes yet');
  });

  it('lists each envelope with its headline, origin, weight, time left and fingerprint, linked to its page', async () => {
    inbox.items = [
      item(),
      item({
        id: 'env_00000000000000a2',
        txid: 'a2'.repeat(32),
        origin: 'proposed',
        stage: 'broadcast',
        ownerName: null,
        currentWeight: 2n,
      }),
    ];
    const page = await render();
    const rows = page.findAll('[data-testid="inbox-row"]');
    expect(rows.map((r) => r.attributes('data-id'))).toEqual([ID, 'env_00000000000000a2']);
    const first = rows[0]!;
    expect(first.get('a').attributes('href')).toBe(`/cosign/${ID}`);
    expect(first.text()).toContain('Send 2.5 TRX to Carol');
    expect(first.text()).toContain('Received · from Treasury');
    expect(first.text()).toContain('1 / 2');
    expect(first.text()).toContain('0000-1111-2222-3333-4444');
    expect(first.find('[data-testid="countdown"]').exists()).toBe(true);
    // A broadcast one has no countdown any more, and an unnamed owner shows its address.
    expect(rows[1]!.text()).toContain('Proposed here · from TTreasury');
    expect(rows[1]!.find('[data-testid="countdown"]').exists()).toBe(false);
  });

  it('says an envelope another desk broadcast was broadcast elsewhere, with the weight on chain', async () => {
    inbox.items = [
      item({ stage: 'confirmed', currentWeight: 2n, signatures: 2, broadcastBy: 'elsewhere', onChainAt: HEAD }),
      item({ id: 'env_00000000000000a2', txid: 'a2'.repeat(32), stage: 'confirmed', broadcastBy: 'here' }),
    ];
    const page = await render();
    const rows = page.findAll('[data-testid="inbox-row"]');
    expect(rows[0]!.text()).toMatch(/Received · from Treasury\s+· broadcast elsewhere/);
    expect(rows[0]!.text()).toContain('2 / 2');
    expect(rows[1]!.text()).not.toContain('broadcast elsewhere');
  });

  it('shows an envelope that no longer verifies with its reason, and forgets it only when asked', async () => {
    inbox.unreadable = [
      {
        id: 'env_00000000000000bd',
        label: 'old payroll',
        code: 'ENVELOPE_JSON_HEX_MISMATCH',
        reason: 'The JSON and raw_data_hex describe different transactions.',
      },
    ];
    const page = await render();
    expect(page.text()).toContain('“old payroll” can no longer be read');
    expect(page.text()).toContain(
      'The JSON and raw_data_hex describe different transactions. (ENVELOPE_JSON_HEX_MISMATCH)',
    );
    expect(calls.some((c) => c.channel === 'cosign:removeUnreadable')).toBe(false);
    await page
      .findAll('button')
      .find((b) => b.text() === 'Remove it')!
      .trigger('click');
    await flushPromises();
    expect(calls.find((c) => c.channel === 'cosign:removeUnreadable')?.args).toEqual({ id: 'env_00000000000000bd' });
    expect(page.text()).not.toContain('can no longer be read');
  });

  it('after an import says what changed (merged, broadcast) and opens the envelope', async () => {
    const page = await render();
    await page.get('textarea').setValue('{"format":"tron-cosign"}');
    await page
      .findAll('button')
      .find((b) => b.text() === 'Import pasted text')!
      .trigger('click');
    await flushPromises();
    expect(calls.find((c) => c.channel === 'cosign:import')?.args).toEqual({
      text: '{"format":"tron-cosign"}',
      source: 'paste',
    });
    expect(useNoticesStore().items.map((n) => n.text)).toContain(
      '1 new signature(s) merged — the threshold was met and it was broadcast.',
    );
    expect(router.currentRoute.value.fullPath).toBe(`/cosign/${ID}`);
  });
});
