import type { addressBookChannels } from '../../../src-core/ipc/channels/address-book';
import type { AddressBookService as WalletAddressBookService } from '../../wallet/address-book/address-book-service';
import { namedByPage } from '../../wallet/consent/page-names';
import type { HandlerMap } from '../registry';

export type AddressBookService = Pick<
  WalletAddressBookService,
  'list' | 'save' | 'remove' | 'importCsv' | 'openCsv' | 'exportCsv' | 'saveCsv'
>;

export function createAddressBookHandlers(book: AddressBookService): HandlerMap<typeof addressBookChannels> {
  return {
    'addressBook:list': () => book.list(),
    // Names the page sets are marked as the page's in main's confirmation window (page-names.ts).
    'addressBook:save': async (input) => namedByPage(await book.save(input)),
    'addressBook:remove': (input) => book.remove(input),
    'addressBook:importCsv': async (input) => {
      const before = new Map((await book.list()).map((c) => [c.id, c.name]));
      const report = await book.importCsv(input);
      for (const contact of await book.list()) if (before.get(contact.id) !== contact.name) namedByPage(contact);
      return report;
    },
    'addressBook:openCsv': () => book.openCsv(),
    'addressBook:exportCsv': () => book.exportCsv(),
    'addressBook:saveCsv': () => book.saveCsv(),
  };
}
