import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import type { PermissionChoiceView } from '@core/ipc/channels/tx';
import { toBase58Address } from '@core/address/address';
import { hexToBytes } from '@core/bytes/hex';
import { addressFromPrivateKey } from '@core/keys/keys';
import { installWindowApi, type MainStub } from '../stub-window-api';

/**
 * The builder's signer section over a stubbed main: a treasury whose owner is the proposer's one
 * key and whose payments group is 2-of-3. The selector, the panel above it and the bypass
 * sentence all follow main's one answer to who signs.
 */
const OWNER = toBase58Address(addressFromPrivateKey(hexToBytes('01'.padStart(64, '0'))));
const BYPASS = 'Signing with the owner key alone bypasses the 2-of-3 "payments" group.';

function view(pick: number | null): PermissionChoiceView {
  const chosen = pick ?? 2;
  const candidate = (id: number, type: 'Owner' | 'Active', name: string, threshold: bigint) => ({
    id,
    type,
    name,
    threshold,
    allowsType: true,
    heldKeys: [OWNER],
    heldWeight: 1n,
    reachableAlone: threshold === 1n,
    qualifies: true,
    chosen: id === chosen,
    bypasses: id === 0 ? BYPASS : null,
    reasons: [],
  });
  return {
    kind: 'trx-transfer',
    contractType: 'TransferContract',
    owner: OWNER,
    ownerExists: true,
    permissionId: chosen,
    picked: pick !== null,
    explanation: chosen === 0 ? `You chose the owner permission (id 0). ${BYPASS}` : 'Use active permission 2.',
    candidates: [candidate(0, 'Owner', 'owner', 1n), candidate(2, 'Active', 'payments', 2n)],
  };
}

const calls: { channel: string; args: unknown }[] = [];
let remembered: number | null = null;
const main: MainStub = {
  accounts: {
    list: () => ({
      network: 'embedded',
      updatedAt: null,
      accounts: [{ address: OWNER, label: 'Proposer', canSign: true }],
    }),
  },
  addressBook: { list: () => [] },
  tx: {
    permissions: () => view(remembered),
    pickSigner: ({ permissionId }: { permissionId: number | null }) => {
      remembered = permissionId;
      return view(remembered);
    },
  },
};
installWindowApi(main, calls, { on: () => () => undefined });

const { default: BuildPage } = await import('@renderer/pages/BuildPage.vue');

async function render(): Promise<VueWrapper> {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/build/:kind', component: BuildPage },
      { path: '/:rest(.*)*', component: { template: '<div />' } },
    ],
  });
  await router.push(`/build/trx-transfer?owner=${OWNER}`);
  await router.isReady();
  const page = mount(BuildPage, { global: { plugins: [router] } });
  await flushPromises();
  return page;
}

const panelId = (page: VueWrapper) => page.get('[data-testid="permission-choice"]').attributes('data-permission-id');
const selector = (page: VueWrapper) => page.get<HTMLSelectElement>('[data-testid="signer-choice"] select');

describe('build page: who signs', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
    remembered = null;
  });

  it('shows the selector outside the folded section when two permissions could sign', async () => {
    const page = await render();
    expect(page.find('[data-testid="signer-choice"]').exists()).toBe(true);
    expect(page.find('details [data-testid="signer-choice"]').exists()).toBe(false);
    expect(page.findAll('details select').length).toBe(0);
    expect(selector(page).element.value).toBe('');
    expect(panelId(page)).toBe('2');
    expect(page.find('[data-testid="signer-bypass"]').exists()).toBe(false);
  });

  it('makes the panel follow the permission picked in the selector, with the bypass said', async () => {
    const page = await render();
    await selector(page).setValue('0');
    await flushPromises();
    expect(calls.filter((c) => c.channel === 'tx:pickSigner').map((c) => c.args)).toEqual([
      { owner: OWNER, kind: 'trx-transfer', permissionId: 0 },
    ]);
    expect(selector(page).element.value).toBe('0');
    expect(panelId(page)).toBe('0');
    expect(page.get('[data-testid="permission-choice"]').text()).toContain(
      'Signs with the owner permission (id 0) (your choice)',
    );
    expect(page.get('[data-testid="signer-bypass"]').text()).toBe(BYPASS);

    await selector(page).setValue('');
    await flushPromises();
    expect(calls.at(-1)).toEqual({
      channel: 'tx:pickSigner',
      args: { owner: OWNER, kind: 'trx-transfer', permissionId: null },
    });
    expect(panelId(page)).toBe('2');
    expect(selector(page).element.value).toBe('');
    expect(page.find('[data-testid="signer-bypass"]').exists()).toBe(false);
  });

  it('starts from the choice main remembered for the account', async () => {
    remembered = 0;
    const page = await render();
    expect(selector(page).element.value).toBe('0');
    expect(panelId(page)).toBe('0');
    expect(page.get('[data-testid="signer-bypass"]').text()).toBe(BYPASS);
  });
});
