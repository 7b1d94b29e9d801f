import type { addressBookChannels } from '../../../src-core/ipc/channels/address-book';
import type { AddressBookService as WalletAddressBookService } from '../../wallet/address-book/address-book-service';
import type { HandlerMap } from '../registry';

export type AddressBookService = Pick<
  WalletAddressBookService,
  'list' | 'save' | 'remove' | 'importCsv' | 'openCsv' | 'exportCsv' | 'saveCsv'
>;

export function createAddressBookHandlers(book: AddressBookService): HandlerMap<typeof addressBookChannels> {
  return {
    'addressBook:list': () => book.list(),
    'addressBook:save': (input) => book.save(input),
    'addressBook:remove': (input) => book.remove(input),
    'addressBook:importCsv': (input) => book.importCsv(input),
    'addressBook:openCsv': () => book.openCsv(),
    'addressBook:exportCsv': () => book.exportCsv(),
    'addressBook:saveCsv': () => book.saveCsv(),
  };
}
