import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { OfflineEnvelope, OfflineStatus } from '../../../../src-core/ipc/channels/offline';
import { installWindowApi } from '../../stub-window-api';
import { paymentsProgress } from '../../fixtures/progress';

const REASON =
  'The offline signer stays on because its record offline-mode.json could not be read. Leave the offline signer only if this computer is meant to go online.';
const calls: { channel: string; args: unknown }[] = [];
let status: OfflineStatus;

const NOW = 1_700_000_000_000;

/** What main sends for an envelope whose token and two names only the proposer stated. */
function statedView(): OfflineEnvelope {
  const progress = paymentsProgress({ basis: 'envelope' });
  return {
    txid: 'c1'.repeat(32),
    headline: 'Send 250,000 TT (stated by the proposer) to Carol (stated by the proposer)',
    contractType: 'TriggerSmartContract',
    owner: 'TTreasury',
    network: {
      name: 'nile',
      genesisBlockId: '0000000000000000d698d4192c56cb6be724a558448e2684802de4d6cd8690dc',
      genesis: 'Nile Testnet, genesis …802de4d6cd8690dc',
    },
    fingerprint: {
      words: ['abandon', 'ability', 'able', 'about', 'above', 'absent', 'absorb', 'abstract'],
      text: 'abandon ability able about above absent absorb abstract',
      hex: '0000-1111-2222-3333-4444',
    },
    summary: [
      {
        label: 'Send (TRC20)',
        value: '250,000 TT (stated by the proposer) to Carol (stated by the proposer) (TCarol)',
      },
    ],
    call: null,
    checks: [{ id: 'integrity', outcome: 'passed', title: 'Transaction intact', message: 'ok' }],
    notCheckable: [],
    progress: {
      ...progress,
      signers: progress.signers.map((s) =>
        s.address === 'TCarol' ? { ...s, name: 'Carol (stated by the proposer)' } : s,
      ),
    },
    expiry: {
      expiresAt: NOW + 3_600_000,
      headTime: NOW,
      remainingMs: 3_600_000,
      state: 'open',
      windowMs: 3_600_000,
      warnBelowMs: 300_000,
    },
    signatures: 1,
    note: null,
    json: '{}',
    fileName: 'TriggerSmartContract-c1c1c1c1-1sig-of-2.tronenv.json',
  };
}

installWindowApi(
  {
    offline: { status: () => status, import: () => statedView() },
    vault: {
      status: () => ({ initialized: true, locked: true, accountCount: 0 }),
      listAccounts: () => [],
    },
  },
  calls,
);
const { default: OfflineSignerPage } = await import('../../../../src-renderer/pages/offline/OfflineSignerPage.vue');

async function render() {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [{ path: '/offline', component: OfflineSignerPage }],
  });
  await router.push('/offline');
  await router.isReady();
  const page = mount(OfflineSignerPage, { global: { plugins: [router] } });
  await flushPromises();
  return page;
}

beforeEach(() => {
  setActivePinia(createPinia());
  calls.length = 0;
});

describe('OfflineSignerPage', () => {
  it('shows main’s reason when doubt about the saved mode turned the offline signer on', async () => {
    status = { offline: true, reason: REASON };
    const page = await render();
    expect(page.find('[data-testid="offline-page"]').attributes('data-offline')).toBe('true');
    expect(page.find('[data-testid="offline-reason"]').text()).toBe(REASON);
  });

  it('shows no reason when the person chose the offline signer', async () => {
    status = { offline: true, reason: null };
    const page = await render();
    expect(page.find('[data-testid="offline-page"]').attributes('data-offline')).toBe('true');
    expect(page.find('[data-testid="offline-reason"]').exists()).toBe(false);
  });

  it('shows the amount and names the proposer stated, marked, and the genesis by its network and tail', async () => {
    status = { offline: true, reason: null };
    const page = await render();
    await page.find('textarea').setValue('{"format":"tron-cosign-envelope"}');
    const check = page.findAll('button').find((b) => b.text().includes('Check pasted text'))!;
    await check.trigger('click');
    await flushPromises();
    expect(calls.some((c) => c.channel === 'offline:import')).toBe(true);
    expect(page.find('[data-testid="headline"]').text()).toContain('250,000 TT (stated by the proposer)');
    expect(page.find('[data-testid="genesis"]').text()).toBe('Nile Testnet, genesis …802de4d6cd8690dc');
    expect(page.find('[data-testid="offline-envelope"]').text()).not.toContain('0000000000000000…');
    const carol = page.findAll('[data-testid="signer"]').find((s) => s.attributes('data-address') === 'TCarol')!;
    expect(carol.text()).toContain('Carol (stated by the proposer)');
    expect(carol.text()).not.toContain('Unknown key');
  });
});
