import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { toBase58Address } from '@core/address/address';
import { hexToBytes } from '@core/bytes/hex';
import { VaultError } from '@core/errors';
import type { AccountView } from '@core/ipc/channels/accounts';
import { accountLabelProblem } from '@core/ipc/channels/vault';
import { addressFromPrivateKey } from '@core/keys/keys';

/**
 * The accounts table over a mocked bridge that behaves like main's vault: rename in place with the
 * vault's label rule, and remove with a confirmation that says what is lost — the password for a
 * keyed account (main refuses without it or with a wrong one), a plain confirmation for watch-only.
 */
const PASSWORD = 'correct horse battery';
const address = (seed: number) =>
  toBase58Address(addressFromPrivateKey(hexToBytes(seed.toString(16).padStart(64, '0'))));

const calls: { channel: string; args: unknown }[] = [];
let accounts: AccountView[] = [];
let phraseAnswers: ('wrong' | 'right')[] = [];

function account(id: number, kind: AccountView['kind'], label: string, secretId?: string): AccountView {
  const base58 = address(0xac00 + id);
  return {
    id: `acc_${id.toString(16).padStart(16, '0')}`,
    kind,
    label,
    address: base58,
    addressHex: '41',
    canSign: kind !== 'watch',
    createdAt: 1,
    ...(secretId ? { secretId } : {}),
    chain: null,
  };
}

vi.mock('@renderer/api/bridge', () => ({
  api: {
    accounts: {
      list: async () => {
        calls.push({ channel: 'accounts:list', args: undefined });
        return { network: 'embedded', updatedAt: null, accounts: [...accounts] };
      },
    },
    vault: {
      renameAccount: async (args: { accountId: string; label: string }) => {
        calls.push({ channel: 'vault:renameAccount', args });
        const problem = accountLabelProblem(args.label);
        if (problem) throw new VaultError('VAULT_INVALID_LABEL', problem);
        if (args.label.includes('#')) throw new VaultError('VAULT_INVALID_LABEL', 'Main refused this label.');
        accounts = accounts.map((a) => (a.id === args.accountId ? { ...a, label: args.label.trim() } : a));
        return accounts.find((a) => a.id === args.accountId);
      },
      checkRecoveryPhrase: async (args: { accountId: string }) => {
        calls.push({ channel: 'vault:checkRecoveryPhrase', args });
        // Main asks for the words on its own window; this stands for the person typing them wrong, then right.
        if (phraseAnswers.shift() === 'wrong')
          throw new VaultError('VAULT_PHRASE_MISMATCH', 'Those words do not match the recovery phrase of “Fresh”.');
        accounts = accounts.map((a) => (a.id === args.accountId ? { ...a, backupChecked: true } : a));
        return accounts.find((a) => a.id === args.accountId);
      },
      removeAccount: async (args: { accountId: string; password?: string }) => {
        calls.push({ channel: 'vault:removeAccount', args });
        const found = accounts.find((a) => a.id === args.accountId)!;
        if (found.kind !== 'watch') {
          if (args.password === undefined) {
            throw new VaultError(
              'VAULT_PASSWORD_REQUIRED',
              'Removing this account deletes its key from this computer. Type the vault password to confirm.',
            );
          }
          if (args.password !== PASSWORD)
            throw new VaultError('VAULT_WRONG_PASSWORD', 'The password is wrong.', { failedAttempts: 1 });
        }
        accounts = accounts.filter((a) => a.id !== args.accountId);
        return { accountId: args.accountId };
      },
    },
    on: () => () => undefined,
  },
}));

const { default: AccountsTable } = await import('@renderer/components/accounts/AccountsTable.vue');
const { useAccountsStore } = await import('@renderer/stores/accounts');
const { useNoticesStore } = await import('@renderer/stores/notices');

/** The table fed from the accounts store, as the Home page does. */
const Host = defineComponent({
  setup() {
    const store = useAccountsStore();
    return () => h(AccountsTable, { accounts: store.snapshot?.accounts ?? [] });
  },
});

let page: VueWrapper | null = null;
async function render(): Promise<VueWrapper> {
  await useAccountsStore().load();
  page = mount(Host, { attachTo: document.body });
  await flushPromises();
  return page;
}

const row = (p: VueWrapper, label: string) => {
  const found = p
    .findAll('tbody tr')
    .find((r) => r.find('.account__label').exists() && r.find('.account__label').text() === label);
  if (!found) throw new Error(`no row "${label}"`);
  return found;
};
const labels = (p: VueWrapper) => p.findAll('tbody .account__label').map((l) => l.text());
const button = (scope: Pick<VueWrapper, 'findAll'>, text: string) => {
  const found = scope.findAll('button').find((b) => b.text() === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
};
const dialog = (p: VueWrapper) => p.get('dialog');
const changes = () => calls.filter((c) => c.channel !== 'accounts:list');

describe('accounts table: rename and remove', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
    accounts = [
      account(1, 'mnemonic', 'Dev 1', 'sec_0000000000000001'),
      account(2, 'mnemonic', 'Dev 2', 'sec_0000000000000001'),
      account(3, 'privateKey', 'Hot', 'sec_0000000000000002'),
      account(4, 'watch', 'Exchange'),
    ];
  });
  afterEach(() => {
    page?.unmount();
    page = null;
  });

  it('renames in place, checking the label as the vault does before main is asked', async () => {
    const p = await render();
    await button(row(p, 'Hot'), 'Rename').trigger('click');
    const form = p.get('[data-testid="rename-account"]');
    const input = form.get('input');
    expect((input.element as HTMLInputElement).value).toBe('Hot');
    expect(document.activeElement).toBe(input.element);

    await input.setValue('x'.repeat(65));
    await form.trigger('submit');
    expect(form.get('[role="alert"]').text()).toBe(
      'An account label has at most 64 characters and no control characters.',
    );
    expect(changes()).toEqual([]);

    await input.setValue('  Payroll  ');
    await form.trigger('submit');
    await flushPromises();
    expect(changes()).toEqual([
      { channel: 'vault:renameAccount', args: { accountId: accounts[2]!.id, label: 'Payroll' } },
    ]);
    expect(p.find('[data-testid="rename-account"]').exists()).toBe(false);
    expect(labels(p)).toEqual(['Dev 1', 'Dev 2', 'Payroll', 'Exchange']);
    expect(useNoticesStore().items.map((n) => n.text)).toEqual(['Renamed Hot to Payroll.']);
  });

  it("shows main's refusal of a label with the error display and keeps the form; Escape cancels", async () => {
    const p = await render();
    await button(row(p, 'Exchange'), 'Rename').trigger('click');
    const form = p.get('[data-testid="rename-account"]');
    await form.get('input').setValue('Cold #1');
    await form.trigger('submit');
    await flushPromises();
    const error = form.get('[data-error-name="VaultError"]');
    expect(error.attributes('data-error-code')).toBe('VAULT_INVALID_LABEL');
    expect(error.text()).toContain('Main refused this label.');
    await form.trigger('keydown', { key: 'Escape' });
    expect(p.find('[data-testid="rename-account"]').exists()).toBe(false);
    expect(labels(p)).toContain('Exchange');
  });

  it('removes a keyed account only with the right password, saying its key is deleted', async () => {
    const p = await render();
    await button(row(p, 'Hot'), 'Remove').trigger('click');
    await flushPromises();
    const d = dialog(p);
    expect(d.element.hasAttribute('open')).toBe(true);
    expect(d.text()).toContain('Remove Hot?');
    expect(d.text()).toContain(
      `The key of ${accounts[2]!.address} moves to the vault's removed keys, and is deleted from this computer only when you empty them on the Security page. Make sure you have its recovery phrase or private key elsewhere; funds stay on chain.`,
    );

    // No password typed: main's own sentence comes back through the error display.
    await button(d, 'Remove account').trigger('click');
    await flushPromises();
    expect(changes().at(-1)).toEqual({ channel: 'vault:removeAccount', args: { accountId: accounts[2]!.id } });
    expect(d.get('[data-error-name="VaultError"]').attributes('data-error-code')).toBe('VAULT_PASSWORD_REQUIRED');
    expect(d.text()).toContain('Type the vault password to confirm.');

    const password = d.get('input[type="password"]');
    await password.setValue('wrong password');
    await button(d, 'Remove account').trigger('click');
    await flushPromises();
    expect(d.get('[data-error-name="VaultError"]').attributes('data-error-code')).toBe('VAULT_WRONG_PASSWORD');
    expect((password.element as HTMLInputElement).value).toBe('');
    expect(labels(p)).toContain('Hot');
    expect(d.element.hasAttribute('open')).toBe(true);

    await password.setValue(PASSWORD);
    await button(d, 'Remove account').trigger('click');
    await flushPromises();
    expect(changes().at(-1)).toEqual({
      channel: 'vault:removeAccount',
      args: { accountId: 'acc_0000000000000003', password: PASSWORD },
    });
    expect(labels(p)).toEqual(['Dev 1', 'Dev 2', 'Exchange']);
    expect(dialog(p).element.hasAttribute('open')).toBe(false);
    expect(useNoticesStore().items.map((n) => n.text)).toEqual(['Removed Hot.']);
  });

  it('says the phrase stays when other addresses of it remain', async () => {
    const p = await render();
    await button(row(p, 'Dev 1'), 'Remove').trigger('click');
    await flushPromises();
    const d = dialog(p);
    expect(d.text()).toContain('Its recovery phrase stays on this computer for the 1 other account(s) made from it');
    expect(d.text()).not.toContain('will be deleted');
    expect(d.find('input[type="password"]').exists()).toBe(true);
    await button(d, 'Cancel').trigger('click');
    await flushPromises();
    expect(dialog(p).element.hasAttribute('open')).toBe(false);
    expect(changes()).toEqual([]);
  });

  it('removes a watch-only account with a plain confirmation, sending no password', async () => {
    const p = await render();
    await button(row(p, 'Exchange'), 'Remove').trigger('click');
    await flushPromises();
    const d = dialog(p);
    expect(d.text()).toContain('The vault holds no key for it');
    expect(d.find('input[type="password"]').exists()).toBe(false);
    await button(d, 'Remove account').trigger('click');
    await flushPromises();
    expect(changes()).toEqual([{ channel: 'vault:removeAccount', args: { accountId: 'acc_0000000000000004' } }]);
    expect(labels(p)).toEqual(['Dev 1', 'Dev 2', 'Hot']);
  });

  it('marks a phrase nobody checked and has main check it, keeping the mark while the words are wrong', async () => {
    accounts = [
      { ...account(5, 'mnemonic', 'Fresh', 'sec_0000000000000005'), backupChecked: false },
      { ...account(6, 'mnemonic', 'Old', 'sec_0000000000000006'), backupChecked: true },
      account(7, 'privateKey', 'Hot', 'sec_0000000000000007'),
    ];
    phraseAnswers = ['wrong', 'right'];
    const p = await render();
    const marks = p.findAll('[data-testid="phrase-unchecked"]');
    expect(marks).toHaveLength(1);
    const mark = row(p, 'Fresh').get('[data-testid="phrase-unchecked"]');
    expect(mark.text().replace(/\s+/g, ' ')).toBe('Phrase not checked — Check now');
    expect(row(p, 'Old').find('[data-testid="phrase-unchecked"]').exists()).toBe(false);

    await button(row(p, 'Fresh'), 'Check now').trigger('click');
    await flushPromises();
    expect(changes()).toEqual([{ channel: 'vault:checkRecoveryPhrase', args: { accountId: 'acc_0000000000000005' } }]);
    expect(row(p, 'Fresh').get('[data-error-name="VaultError"]').attributes('data-error-code')).toBe(
      'VAULT_PHRASE_MISMATCH',
    );
    expect(row(p, 'Fresh').find('[data-testid="phrase-unchecked"]').exists()).toBe(true);

    await button(row(p, 'Fresh'), 'Check now').trigger('click');
    await flushPromises();
    expect(p.find('[data-testid="phrase-unchecked"]').exists()).toBe(false);
    expect(useNoticesStore().items.map((n) => n.text)).toEqual(['The recovery phrase of Fresh is checked.']);
  });
});
