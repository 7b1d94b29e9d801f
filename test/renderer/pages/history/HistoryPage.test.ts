import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryRow } from '@core/ipc/channels/history';

const TXID_A = 'a'.repeat(64);
const TXID_B = 'b'.repeat(64);
const TXID_C = 'c'.repeat(64);
const base: Omit<HistoryRow, 'txid' | 'stage' | 'headline' | 'blockNumber' | 'envelopeId' | 'direction' | 'money'> = {
  type: 'TransferContract',
  owner: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  ownerName: 'Treasury',
  permissionId: 2,
  signers: [{ address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', name: 'Alice' }],
  feeSun: 1_100_000n,
  message: null,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  expiresAt: null,
  broadcastAt: null,
  confirmedAt: null,
};
const BOB = 'TEdea7WvtoCNceWPwaz7JbkBjbb6omTQcL';
const ROWS: HistoryRow[] = [
  {
    ...base,
    txid: TXID_A,
    stage: 'confirmed',
    headline: 'Send 12.5 TRX to Bob',
    blockNumber: 42,
    envelopeId: null,
    direction: 'out',
    money: {
      asset: 'TRX',
      symbol: 'TRX',
      amount: '12.5',
      baseUnits: 12_500_000n,
      decimals: 6,
      recipient: BOB,
      recipientName: 'Bob',
    },
  },
  {
    ...base,
    txid: TXID_B,
    stage: 'proposed',
    headline: 'Change the permissions of Treasury',
    type: 'AccountPermissionUpdateContract',
    blockNumber: null,
    envelopeId: 'env_00000000000000aa',
    direction: 'out',
    money: null,
  },
  {
    ...base,
    txid: TXID_C,
    stage: 'confirmed',
    headline: 'Send 250000000000 base units of TLZk to Treasury',
    type: 'TriggerSmartContract',
    blockNumber: 50,
    envelopeId: null,
    direction: 'in',
    feeSun: null,
    money: {
      asset: 'TLZkDnUDMwRPKQaCwNLn5zdGKx5mZ8Aqmo',
      symbol: 'TT',
      amount: '250000',
      baseUnits: 250_000_000_000n,
      decimals: 6,
      recipient: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      recipientName: 'Treasury',
    },
  },
];

vi.mock('@renderer/api/bridge', () => ({
  api: {
    on: () => () => undefined,
    history: { list: async () => ROWS },
    cosign: { list: async () => ({ fileDialogs: { open: false, save: false } }) },
  },
}));

const { default: HistoryPage } = await import('@renderer/pages/history/HistoryPage.vue');

function render() {
  return mount(HistoryPage, {
    global: { stubs: { RouterLink: { props: ['to'], template: '<a :href="to"><slot /></a>' } } },
  });
}

describe('history page (the one history screen)', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it("shows each row's direction and the amount in the asset's own units and symbol", async () => {
    const page = render();
    await flushPromises();
    const rows = page.findAll('[data-testid="history-row"]');
    expect(rows.map((r) => r.attributes('data-direction'))).toEqual(['out', 'out', 'in']);
    expect(rows.map((r) => r.find('[data-testid="history-amount"]').text())).toEqual(['12.5 TRX', '—', '250,000 TT']);
    expect(rows[2]!.text()).toContain('In');
  });

  it('links each row to its tracking view, its block and its envelope', async () => {
    const page = render();
    await flushPromises();
    const [confirmed, proposed] = page.findAll('[data-testid="history-row"]');
    expect(confirmed!.attributes('data-stage')).toBe('confirmed');
    expect(confirmed!.findAll('a').map((a) => a.attributes('href'))).toEqual(['/block/42', `/tx/${TXID_A}`]);
    expect(proposed!.findAll('a').map((a) => a.attributes('href'))).toEqual([
      `/tx/${TXID_B}`,
      '/cosign/env_00000000000000aa',
    ]);
  });

  it('filters by stage and by text, and says when nothing matches', async () => {
    const page = render();
    await flushPromises();
    await page.find('select').setValue('proposed');
    expect(page.findAll('[data-testid="history-row"]').map((r) => r.attributes('data-txid'))).toEqual([TXID_B]);
    await page.find('select').setValue('all');
    await page.find('input[type="search"]').setValue('bob');
    expect(page.findAll('[data-testid="history-row"]').map((r) => r.attributes('data-txid'))).toEqual([TXID_A]);
    await page.find('input[type="search"]').setValue('nothing like this');
    expect(page.findAll('[data-testid="history-row"]')).toHaveLength(0);
    expect(page.text()).toContain('No transaction matches the filters.');
  });
});
