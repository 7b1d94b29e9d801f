import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { K, snapshotFixture } from '../../../fixtures/permission-snapshot';

vi.mock('@renderer/api/bridge', () => ({
  api: {
    vault: {
      listAccounts: async () => [
        { id: 'acc_1', label: 'Treasury', address: K.K1.base58, addressHex: K.K1.hex, canSign: true },
      ],
    },
    permissions: {
      load: async () => snapshotFixture(),
      inspectKeys: async ({ addresses }: { addresses: string[] }) =>
        addresses.map((address) => ({ address, isContract: false, activated: true })),
    },
    on: () => () => {},
  },
}));

const { default: PermissionsPage } = await import('@renderer/pages/permissions/PermissionsPage.vue');

async function render() {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [{ path: '/permissions/:address?', component: PermissionsPage }],
  });
  await router.push(`/permissions/${K.K1.base58}`);
  await router.isReady();
  const page = mount(PermissionsPage, { global: { plugins: [router] } });
  await flushPromises();
  return page;
}
const button = (page: Awaited<ReturnType<typeof render>>, text: string) => {
  const found = page.findAll('button').find((b) => b.text() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
};

describe('permissions page', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('disables "Add active permission" once the draft holds 8 active groups', async () => {
    const page = await render();
    await button(page, 'Edit permissions').trigger('click');
    expect(page.text()).toContain('1 of at most 8 active permissions');
    for (let n = 2; n <= 8; n++) {
      expect(button(page, 'Add active permission').attributes('disabled')).toBeUndefined();
      await button(page, 'Add active permission').trigger('click');
      expect(page.text()).toContain(`${n} of at most 8 active permissions`);
    }
    expect(button(page, 'Add active permission').attributes('disabled')).toBeDefined();
    await button(page, 'Add active permission').trigger('click');
    expect(page.text()).toContain('8 of at most 8 active permissions');
  });
});
