import type { AddressBookImportReport, ContactView, CsvExport } from '../../../src-core/ipc/channels/address-book';
import type { NetworkInfo } from '../../../src-core/ipc/channels/network';
import { ValidationError } from '../../../src-core/errors';
import type { FileDialogs } from '../context';
import type { NetworkStores } from '../stores/network-stores';
import type { Contact } from '../stores/address-book';
import { addressBookToCsv, readAddressBookCsv } from './address-book-csv';

/** IPC domain `addressBook`: the current network's contacts, with CSV import and export. */
export interface AddressBookChain {
  stores(): NetworkStores;
  network(): NetworkInfo;
}

const CSV_FILTERS = [
  { name: 'CSV', extensions: ['csv'] },
  { name: 'All files', extensions: ['*'] },
];

function view(contact: Contact): ContactView {
  return { ...contact, tags: [...contact.tags] };
}

export class AddressBookService {
  constructor(
    private readonly options: {
      readonly chain: AddressBookChain;
      readonly files?: FileDialogs;
      readonly now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private book(): NetworkStores['addressBook'] {
    return this.options.chain.stores().addressBook;
  }

  list(): ContactView[] {
    return this.book().list().map(view);
  }

  async save(input: {
    id?: string;
    name: string;
    address: string;
    note?: string;
    tags?: string[];
  }): Promise<ContactView> {
    return view(await this.book().save(input, this.now()));
  }

  async remove(input: { id: string }): Promise<{ id: string }> {
    await this.book().remove(input.id);
    return { id: input.id };
  }

  /**
   * A preview (`apply: false`) or the import itself. With refused rows nothing is written unless
   * `skipInvalid` says to import the others; the report always lists every refusal by line.
   */
  async importCsv(input: { csv: string; apply: boolean; skipInvalid?: boolean }): Promise<AddressBookImportReport> {
    const read = readAddressBookCsv(input.csv);
    const book = this.book();
    const counts = { added: 0, updated: 0, unchanged: 0 };
    for (const row of read.rows) {
      const prior = book.find(row.address);
      if (!prior) counts.added++;
      else if (
        prior.name === row.name &&
        prior.note === (row.note ?? '') &&
        prior.tags.join(' ') === [...new Set(row.tags ?? [])].join(' ')
      )
        counts.unchanged++;
      else counts.updated++;
    }
    const blocked = read.problems.length > 0 && !input.skipInvalid;
    if (!input.apply || blocked || read.rows.length === 0)
      return { rows: read.total, ...counts, problems: [...read.problems], applied: false };
    const written = await book.importMany(read.rows, this.now());
    return { rows: read.total, ...written, problems: [...read.problems], applied: true };
  }

  async openCsv(): Promise<{ csv: string; name: string } | null> {
    const open = this.options.files?.openText;
    if (!open)
      throw new ValidationError(
        'ADDRESS_BOOK_NO_DIALOG',
        'This window cannot show the open dialog; choose the file with the file field instead.',
      );
    const file = await open.call(this.options.files, {
      title: 'Import an address book (CSV)',
      filters: CSV_FILTERS,
      maxBytes: 2_000_000,
    });
    return file ? { csv: file.text, name: file.name } : null;
  }

  exportCsv(): CsvExport {
    const contacts = this.book().list();
    return {
      csv: addressBookToCsv(contacts),
      fileName: `address-book-${this.options.chain.network().key}.csv`,
      count: contacts.length,
    };
  }

  async saveCsv(): Promise<{ path: string; count: number } | null> {
    const save = this.options.files?.saveText;
    if (!save) throw new ValidationError('ADDRESS_BOOK_NO_DIALOG', 'This window cannot show the save dialog.');
    const { csv, fileName, count } = this.exportCsv();
    const saved = await save.call(
      this.options.files,
      { title: 'Export the address book (CSV)', defaultName: fileName, filters: CSV_FILTERS },
      csv,
    );
    return saved ? { path: saved.path, count } : null;
  }
}
