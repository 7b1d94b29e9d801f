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

/** The tokens watched on Home: two, listed out of symbol order. */
const WATCHED = [
  {
    address: toBase58Address(addressFromPrivateKey(hexToBytes('03'.padStart(64, '0')))),
    name: 'Tether',
    symbol: 'USDT',
    decimals: 6,
  },
  {
    address: toBase58Address(addressFromPrivateKey(hexToBytes('02'.padStart(64, '0')))),
    name: 'Treasury token',
    symbol: 'TT',
    decimals: 18,
  },
];

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
  tokens: {
    list: () => WATCHED,
    inspect: ({ address }: { address: string }) => WATCHED.find((t) => t.address === address),
    balances: () => ({ tokens: WATCHED, balances: [] }),
  },
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

async function render(kind = 'trx-transfer'): Promise<VueWrapper> {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/build/:kind', component: BuildPage },
      { path: '/:rest(.*)*', component: { template: '<div />' } },
    ],
  });
  await router.push(`/build/${kind}?owner=${OWNER}`);
  await router.isReady();
  const page = mount(BuildPage, { global: { plugins: [router] }, attachTo: document.body });
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

describe('build page: the TRC20 token picker', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
    remembered = null;
  });

  const contractField = (page: VueWrapper) => page.get<HTMLInputElement>('[data-field="token"] input');
  const picker = (page: VueWrapper) => page.get<HTMLSelectElement>('[data-testid="token-pick"] select');

  it('offers the tokens watched on Home, by symbol, beside the free contract field', async () => {
    const page = await render('trc20-transfer');
    const labels = [...picker(page).element.options].map((o) => o.text.trim());
    expect(labels).toEqual([
      'Choose a token watched on Home…',
      `TT · Treasury token · ${WATCHED[1]!.address}`,
      `USDT · Tether · ${WATCHED[0]!.address}`,
    ]);
    expect(contractField(page).element.value).toBe('');
    page.unmount();
  });

  it('fills the contract field with the token picked and reads its decimals from the chain', async () => {
    const page = await render('trc20-transfer');
    await picker(page).setValue(WATCHED[1]!.address);
    await flushPromises();
    expect(contractField(page).element.value).toBe(WATCHED[1]!.address);
    expect(calls.filter((c) => c.channel === 'tokens:inspect').map((c) => c.args)).toEqual([
      { address: WATCHED[1]!.address },
    ]);
    expect(page.get('[data-field="token"]').text()).toContain('TT: 18 decimals (read from the chain).');
    page.unmount();
  });

  it('keeps a pasted contract that is not watched, with nothing chosen in the picker', async () => {
    const page = await render('trc20-transfer');
    const pasted = toBase58Address(addressFromPrivateKey(hexToBytes('04'.padStart(64, '0'))));
    await contractField(page).setValue(pasted);
    await flushPromises();
    expect(contractField(page).element.value).toBe(pasted);
    expect(picker(page).element.value).toBe('');
    page.unmount();
  });

  it('has no picker on the TRX form', async () => {
    const page = await render('trx-transfer');
    expect(page.find('[data-testid="token-pick"]').exists()).toBe(false);
    page.unmount();
  });
});

describe('build page: a refused Review', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
    remembered = null;
  });

  it('puts the focus on the first field to fix', async () => {
    const page = await render('trx-transfer');
    await page.get('[data-testid="tx-form"]').trigger('submit');
    await flushPromises();
    const recipient = page.get<HTMLInputElement>('[data-field="to"] input').element;
    expect(recipient.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(recipient);
    expect(calls.some((c) => c.channel === 'tx:build')).toBe(false);
    page.unmount();
  });
});
