import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { OfflineStatus } from '../../../../src-core/ipc/channels/offline';
import { installWindowApi } from '../../stub-window-api';

const REASON =
  'The offline signer stays on because its record offline-mode.json could not be read. Leave the offline signer only if this computer is meant to go online.';
const calls: { channel: string; args: unknown }[] = [];
let status: OfflineStatus;

installWindowApi(
  {
    offline: { status: () => status },
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
});
