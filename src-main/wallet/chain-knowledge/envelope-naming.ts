import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import type { ChainAccess } from '../node-host/chain-access';
import type { AddressBook } from '../stores/address-book';
import { Names } from './names';

/** The address book of the current network, or null while it cannot be read (no network, damaged file). */
export function readableAddressBook(chain: Pick<ChainAccess, 'stores'>): AddressBook | null {
  try {
    const book = chain.stores().addressBook;
    return book.store.problem ? null : book;
  } catch {
    return null;
  }
}

/** Names from the vault's labels, then the address book (when it can be read). */
export function namesOf(accounts: readonly VaultAccount[], chain: Pick<ChainAccess, 'stores'>): Names {
  return new Names(accounts, readableAddressBook(chain));
}
