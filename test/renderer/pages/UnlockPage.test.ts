import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { VaultStatus } from '../../../src-core/ipc/channels/vault';
import { installWindowApi } from '../stub-window-api';

let status: VaultStatus;
const calls: { channel: string; args: unknown }[] = [];
installWindowApi(
  {
    vault: {
      status: () => status,
      unlock: () => (status = { ...status, locked: false }),
    },
  },
  calls,
);
const { default: UnlockPage } = await import('../../../src-renderer/pages/UnlockPage.vue');

function routerAt(path: string) {
  const page = { template: '<p>page</p>' };
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', component: page },
      { path: '/unlock', component: UnlockPage },
      { path: '/cosign/:id', component: page },
    ],
  });
  return { router, ready: router.push(path) };
}

beforeEach(() => {
  setActivePinia(createPinia());
  status = {
    initialized: true,
    locked: true,
    accountCount: 1,
    autoLockMs: 300_000,
    failedAttempts: 0,
    retryAfterMs: 0,
    rememberedOnDevice: false,
    sessionEndsAt: 1_800_000_000_000,
    signingPolicy: { passwordFor: 'every-signature' },
    readOnly: false,
    problems: [],
    removedKeystores: 0,
    keychain: { available: true, backend: 'test' },
  };
});

describe('UnlockPage', () => {
  it('returns to the page the lock interrupted, and to Home when it names none or another origin', async () => {
    for (const [from, to] of [
      ['/unlock?return=%2Fcosign%2Fenv_00000000000000aa', '/cosign/env_00000000000000aa'],
      ['/unlock', '/'],
      ['/unlock?return=%2F%2Fevil.example', '/'],
    ] as const) {
      const { router, ready } = routerAt(from);
      await ready;
      const page = mount(UnlockPage, { global: { plugins: [router] } });
      await flushPromises();
      await page.find('input[type="password"]').setValue('Treasury-Desk-2024!');
      await page.find('form').trigger('submit');
      await flushPromises();
      expect(calls.at(-1)?.channel).toBe('vault:unlock');
      expect(router.currentRoute.value.fullPath).toBe(to);
      page.unmount();
    }
  });
});
