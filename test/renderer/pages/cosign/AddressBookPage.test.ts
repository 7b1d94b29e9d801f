import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { toBase58Address, toHexAddress } from '@core/address/address';
import { hexToBytes } from '@core/bytes/hex';
import type { AddressBookImportReport, ContactView } from '@core/ipc/channels/address-book';
import { addressFromPrivateKey } from '@core/keys/keys';
import { addressBookToCsv, readAddressBookCsv } from '@main/wallet/address-book/address-book-csv';
import { useNoticesStore } from '@renderer/stores/notices';
import { installWindowApi, type MainStub } from '../../stub-window-api';

/**
 * The address book page over a stubbed `window.api` (read by the real bridge): CSV export through
 * the save dialog or as text, and CSV import — previewed, a malformed row refused by its line
 * number with main's own sentence (src-main's CSV reader), then applied.
 */
const address = (seed: number) =>
  toBase58Address(addressFromPrivateKey(hexToBytes(seed.toString(16).padStart(64, '0'))));
const ALICE = address(0xab01);
const BOB = address(0xab02);
const CAROL = address(0xab03);

const calls: { channel: string; args: unknown }[] = [];
let contacts: ContactView[] = [];
let dialogs = { open: false, save: false };
let openedFile: { csv: string; name: string } | null = null;

function contact(name: string, address: string): ContactView {
  return {
    id: `ctc_${(contacts.length + 1).toString(16).padStart(16, '0')}`,
    name,
    address,
    note: '',
    tags: [],
    createdAt: 1,
    updatedAt: 1,
  };
}

/** Main's side as the page sees it: every contact in the file is new; refused rows block the import unless skipped. */
const main: MainStub = {
  addressBook: {
    list: () => [...contacts].sort((a, b) => a.name.localeCompare(b.name)),
    importCsv: ({
      csv,
      apply,
      skipInvalid,
    }: {
      csv: string;
      apply: boolean;
      skipInvalid?: boolean;
    }): AddressBookImportReport => {
      const read = readAddressBookCsv(csv);
      const applied = apply && read.rows.length > 0 && (read.problems.length === 0 || skipInvalid === true);
      if (applied) for (const row of read.rows) contacts.push(contact(row.name, toBase58Address(row.address)));
      return {
        rows: read.total,
        added: read.rows.length,
        updated: 0,
        unchanged: 0,
        problems: [...read.problems],
        applied,
      };
    },
    openCsv: () => openedFile,
    exportCsv: () => ({
      csv: addressBookToCsv(contacts),
      fileName: 'address-book-embedded.csv',
      count: contacts.length,
    }),
    saveCsv: () => ({ path: '/home/desk/address-book-embedded.csv', count: contacts.length }),
  },
  cosign: { list: () => ({ fileDialogs: dialogs }) },
};

installWindowApi(main, calls);

const { default: AddressBookPage } = await import('@renderer/pages/cosign/AddressBookPage.vue');

const GOOD = `name,address,note,tags\r\nAlice,${ALICE},desk 1,cosigner\r\nBob,${toHexAddress(BOB)},,\r\n`;
const WITH_TYPO = `name,address,note,tags\nCarol,${CAROL},,\nTypo,TXnotAnAddress,,\n`;

async function render(): Promise<VueWrapper> {
  const page = mount(AddressBookPage);
  await flushPromises();
  return page;
}

const names = (page: VueWrapper) => page.findAll('[data-testid="contact"]').map((row) => row.find('td').text());
const button = (page: VueWrapper, text: string) => page.findAll('button').find((b) => b.text() === text);
const channels = () => calls.map((c) => c.channel).filter((c) => c !== 'addressBook:list' && c !== 'cosign:list');

async function chooseFile(page: VueWrapper, text: string, name: string): Promise<void> {
  const input = page.get('[data-testid="address-book-file"]');
  Object.defineProperty(input.element, 'files', {
    configurable: true,
    value: [new File([text], name, { type: 'text/csv' })],
  });
  await input.trigger('change');
  await flushPromises();
}

describe('address book page: CSV import and export', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    calls.length = 0;
    contacts = [];
    dialogs = { open: false, save: false };
    openedFile = null;
  });

  it('exports through the save dialog and reports how many contacts were written where', async () => {
    contacts = [contact('Alice', ALICE), contact('Bob', BOB)];
    dialogs = { open: true, save: true };
    const page = await render();
    await button(page, 'Export CSV')!.trigger('click');
    await flushPromises();
    expect(channels()).toEqual(['addressBook:saveCsv']);
    expect(useNoticesStore().items.map((n) => [n.kind, n.text])).toEqual([
      ['success', '2 contact(s) written to /home/desk/address-book-embedded.csv.'],
    ]);
    expect(page.find('[data-testid="address-book-csv-out"]').exists()).toBe(false);
  });

  it('without a save dialog, shows the exported CSV text with its count', async () => {
    contacts = [contact('Alice', ALICE)];
    const page = await render();
    await button(page, 'Export CSV')!.trigger('click');
    await flushPromises();
    expect(channels()).toEqual(['addressBook:exportCsv']);
    expect(page.get('[data-testid="address-book-csv-count"]').text()).toBe(
      '1 contact(s) as CSV; copy the text into a file.',
    );
    expect(page.get('[data-testid="address-book-csv-out"]').text()).toBe(`name,address,note,tags\r\nAlice,${ALICE},,`);
  });

  it('refuses a malformed row by its line number and imports nothing until told to skip it', async () => {
    const page = await render();
    await chooseFile(page, WITH_TYPO, 'team.csv');
    expect(calls.find((c) => c.channel === 'addressBook:importCsv')?.args).toEqual({ csv: WITH_TYPO, apply: false });
    const report = page.get('[data-testid="csv-report"]');
    expect(report.attributes('data-applied')).toBe('false');
    expect(report.text()).toContain('team.csv: 2 row(s)');
    expect(report.text()).toContain('1 to add, 0 to update, 0 unchanged, 1 refused.');
    const problems = page.findAll('[data-testid="csv-problems"] li');
    expect(problems.map((p) => [p.attributes('data-line'), p.text()])).toEqual([
      ['3', 'Line 3: “TXnotAnAddress” is not a TRON address (T… Base58 or 41… hex, with a valid checksum).'],
    ]);
    // No plain “Import” while a row is refused; nothing is in the book yet.
    expect(button(page, 'Import')).toBeUndefined();
    expect(names(page)).toEqual([]);
    expect(page.text()).toContain('No contacts yet on this network.');

    await button(page, 'Import the valid rows only')!.trigger('click');
    await flushPromises();
    expect(calls.filter((c) => c.channel === 'addressBook:importCsv').at(-1)?.args).toEqual({
      csv: WITH_TYPO,
      apply: true,
      skipInvalid: true,
    });
    expect(names(page)).toEqual(['Carol']);
    expect(page.find('[data-testid="csv-report"]').exists()).toBe(false);
    expect(useNoticesStore().items.at(-1)?.text).toBe('Address book: 1 added, 0 updated, 0 unchanged.');
  });

  it('imports a good CSV chosen in the open dialog and lists the new names', async () => {
    dialogs = { open: true, save: false };
    openedFile = { csv: GOOD, name: 'treasury-team.csv' };
    const page = await render();
    expect(page.find('[data-testid="address-book-file"]').exists()).toBe(false);
    await button(page, 'Import CSV…')!.trigger('click');
    await flushPromises();
    expect(page.get('[data-testid="csv-report"]').text()).toContain('2 to add, 0 to update, 0 unchanged.');
    expect(page.find('[data-testid="csv-problems"]').exists()).toBe(false);
    expect(names(page)).toEqual([]);

    await button(page, 'Import')!.trigger('click');
    await flushPromises();
    expect(channels()).toEqual(['addressBook:openCsv', 'addressBook:importCsv', 'addressBook:importCsv']);
    expect(calls.filter((c) => c.channel === 'addressBook:importCsv').at(-1)?.args).toEqual({
      csv: GOOD,
      apply: true,
      skipInvalid: false,
    });
    expect(names(page)).toEqual(['Alice', 'Bob']);
    expect(page.findAll('[data-testid="contact"] code').map((c) => c.text())).toEqual([ALICE, BOB]);
    expect(useNoticesStore().items.map((n) => n.text)).toEqual(['Address book: 2 added, 0 updated, 0 unchanged.']);
  });

  it('drops a preview on Cancel without importing anything', async () => {
    const page = await render();
    await chooseFile(page, GOOD, 'team.csv');
    await button(page, 'Cancel')!.trigger('click');
    await flushPromises();
    expect(page.find('[data-testid="csv-report"]').exists()).toBe(false);
    expect(
      calls.filter((c) => c.channel === 'addressBook:importCsv').map((c) => (c.args as { apply: boolean }).apply),
    ).toEqual([false]);
    expect(names(page)).toEqual([]);
  });
});
