import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import { encodeOperations } from '@core/permission';
import { K, snapshotFixture } from '../../../fixtures/permission-snapshot';

vi.mock('@renderer/api/bridge', () => ({
  api: {
    permissions: {
      load: async () => snapshotFixture(),
      inspectKeys: async ({ addresses }: { addresses: string[] }) =>
        addresses.map((address) => ({ address, isContract: false, activated: true })),
    },
    on: () => () => {},
  },
}));

const { usePermissionEditorStore } = await import('@renderer/stores/permission-editor');
const { default: PermissionGroupEditor } = await import('@renderer/components/permissions/PermissionGroupEditor.vue');

async function editor() {
  const store = usePermissionEditorStore();
  await store.open(K.K1.base58);
  store.edit();
  return store;
}
const field = (wrapper: ReturnType<typeof mount>, label: string) => {
  const target = wrapper.findAll('label').find((l) => l.text() === label);
  if (!target) throw new Error(`no field labelled ${label}`);
  return wrapper.get(`#${target.attributes('for')}`);
};

describe('PermissionGroupEditor', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('counts name bytes live and shows the rule next to the field it concerns', async () => {
    await editor();
    const wrapper = mount(PermissionGroupEditor, { props: { kind: 'owner' } });
    await field(wrapper, 'Owner name').setValue('Tresorerie €');
    expect(wrapper.text()).toContain('14 / 32 bytes');
    await field(wrapper, 'Owner threshold').setValue('0');
    // Shown as it is typed; announced as an alert once the field is left.
    const error = wrapper.findAll('.field__error').map((e) => e.text());
    expect(error).toContain('Set the threshold of the owner permission to at least 1.');
    await field(wrapper, 'Owner threshold').trigger('blur');
    expect(wrapper.findAll('[role="alert"]').map((e) => e.text())).toContain(
      'Set the threshold of the owner permission to at least 1.',
    );
    await field(wrapper, 'Owner threshold').setValue('1');
    expect(wrapper.findAll('.field__error')).toHaveLength(0);
  });

  it('fills a key from the known keys by name, and says where each key is known from', async () => {
    const store = await editor();
    const wrapper = mount(PermissionGroupEditor, { props: { kind: 'owner' } });
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Add owner key')!
      .trigger('click');
    const picker = wrapper.get('select[aria-label="Owner key 2: pick a known key"]');
    expect(picker.findAll('option').map((o) => o.text())).toEqual([
      'Choose…',
      'Treasury — your vault',
      'Bob — your vault',
      'Carol — address book',
    ]);
    await picker.setValue(K.K3.base58);
    expect(store.draft!.owner.keys[1]!.address).toBe(K.K3.base58);
    expect(wrapper.text()).toContain('Carol (address book)');
    expect(wrapper.text()).toContain('Treasury (key in your vault)');
    await field(wrapper, 'Owner key 2 address').setValue(K.K_ONE.base58);
    expect(wrapper.text()).toContain('Not in your vault or address book.');
  });

  it('tells a mistyped T… key address by the builder’s checksum sentence', async () => {
    await editor();
    const wrapper = mount(PermissionGroupEditor, { props: { kind: 'owner' } });
    const typed = K.K2.base58;
    // One character changed: still 34 Base58 characters, but the checksum no longer matches.
    const typo = typed.slice(0, 10) + (typed[10] === 'a' ? 'b' : 'a') + typed.slice(11);
    await field(wrapper, 'Owner key 1 address').setValue(typo);
    const errors = wrapper.findAll('.field__error').map((e) => e.text());
    expect(errors).toContain(
      'The checksum does not match: a character was mistyped or changed. Copy the address again.',
    );
    expect(wrapper.text()).not.toContain('enter a T… or 41… address');
  });

  it('stops adding keys at the chain limit and removes a key', async () => {
    const store = await editor();
    const wrapper = mount(PermissionGroupEditor, { props: { kind: 'owner' } });
    const add = () => wrapper.findAll('button').find((b) => b.text() === 'Add owner key')!;
    for (let i = 0; i < 4; i++) await add().trigger('click');
    expect(add().attributes('disabled')).toBeDefined();
    expect(wrapper.text()).toContain('5 of at most 5 keys');
    await wrapper.get('button[aria-label="Remove Owner key 5"]').trigger('click');
    expect(store.draft!.owner.keys).toHaveLength(4);
  });
});

describe('a new group before and after an edit', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('keeps an added key field plain until it is edited or Review is pressed', async () => {
    const store = await editor();
    const wrapper = mount(PermissionGroupEditor, { props: { kind: 'owner' } });
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Add owner key')!
      .trigger('click');
    // The empty key is a problem the chain would refuse, but nobody has typed in it yet.
    expect(store.issues.some((i) => i.path === 'owner.keys[1].address')).toBe(true);
    expect(field(wrapper, 'Owner key 2 address').attributes('aria-invalid')).toBe('false');
    expect(store.shownIssues).toEqual([]);
    await field(wrapper, 'Owner key 2 address').setValue('T123');
    expect(field(wrapper, 'Owner key 2 address').attributes('aria-invalid')).toBe('true');
    await field(wrapper, 'Owner key 2 address').setValue('');
    await store.review();
    await nextTick();
    expect(field(wrapper, 'Owner key 2 address').attributes('aria-invalid')).toBe('true');
    expect(store.shownIssues.map((i) => i.path)).toContain('owner.keys[1].address');
  });

  it('announces a problem of the whole group once a field is left, not while a key is typed', async () => {
    await editor();
    const wrapper = mount(PermissionGroupEditor, { props: { kind: 'owner' } });
    await wrapper
      .findAll('button')
      .find((b) => b.text() === 'Add owner key')!
      .trigger('click');
    const key = field(wrapper, 'Owner key 2 address');
    // As a browser does: beforeinput, then the value changes and input fires.
    await key.trigger('beforeinput');
    await key.setValue(K.K1.base58);
    const list = () => wrapper.get('.group__issues');
    expect(list().text()).toContain('Each address may appear only once in the owner permission');
    expect(list().attributes('role')).toBeUndefined();
    await key.trigger('focusout');
    expect(list().attributes('role')).toBe('alert');
  });

  it('lets Review be pressed while only form problems stand in the way, to show them', async () => {
    const store = await editor();
    store.addKey('owner');
    expect(store.reviewBlockedBy).toMatch(/^Fix the/);
    expect(store.reviewDisabled).toBe(false);
    store.draft!.owner.threshold = '9';
    // The prover blocks an owner nobody can reach: Review stays off.
    store.draft!.owner.keys.pop();
    await nextTick();
    expect(store.gate?.blocking.length).toBeGreaterThan(0);
    expect(store.reviewDisabled).toBe(true);
  });
});

describe('OperationsPicker inside an active group', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('ticks and unticks operations by their human names and keeps the hex mask in step', async () => {
    const store = await editor();
    const wrapper = mount(PermissionGroupEditor, { props: { kind: 'active', index: 0 } });
    const box = (label: string) => wrapper.get(`input[aria-label="Active (id 2): ${label}"]`);
    expect((box('Change account permissions').element as HTMLInputElement).checked).toBe(false);
    await box('Change account permissions').setValue(true);
    expect(wrapper.text()).toContain('Careful: lets the group rewrite every permission, including the owner.');
    await wrapper.get('button[aria-label="Clear all of Smart contracts for Active (id 2)"]').trigger('click');
    expect((box('Call smart contracts (including TRC20 transfers)').element as HTMLInputElement).checked).toBe(false);
    await nextTick();
    expect((field(wrapper, 'Active (id 2) operations mask (hex)').element as HTMLInputElement).value).toBe(
      store.draft!.actives[0]!.operations,
    );
  });

  it('takes a pasted mask, refuses one of the wrong size, and flags and clears unknown bits', async () => {
    const store = await editor();
    const wrapper = mount(PermissionGroupEditor, { props: { kind: 'active', index: 0 } });
    const mask = field(wrapper, 'Active (id 2) operations mask (hex)');
    await mask.setValue(encodeOperations(['TransferContract', 'TriggerSmartContract']));
    expect(store.draft!.actives[0]!.operations).toBe(encodeOperations(['TransferContract', 'TriggerSmartContract']));
    expect((wrapper.get('input[aria-label="Active (id 2): Transfer TRX"]').element as HTMLInputElement).checked).toBe(
      true,
    );
    expect(wrapper.text()).toContain('Operations (2 allowed)');
    // The checkboxes fold away; what the group may do stays in words.
    expect(wrapper.get('[data-testid="allowed-operations"]').text()).toBe(
      'Allowed: Transfer TRX, Call smart contracts (including TRC20 transfers).',
    );
    await mask.setValue('ff');
    expect(wrapper.text()).toContain('The mask must be exactly 64 hex characters; this has 2.');
    expect(store.draft!.actives[0]!.operations).toBe(encodeOperations(['TransferContract', 'TriggerSmartContract']));
    await mask.setValue(`82${'00'.repeat(31)}`);
    const flag = wrapper.get('[data-testid="unknown-bits"]');
    expect(flag.text()).toContain('bit 7, which is no contract type: Unknown operation bit 7.');
    expect(wrapper.text()).toContain('Clear operation bit 7 of the active permission "active"');
    await flag.get('button').trigger('click');
    expect(store.draft!.actives[0]!.operations).toBe(encodeOperations(['TransferContract']));
    expect(wrapper.find('[data-testid="unknown-bits"]').exists()).toBe(false);
  });
});
