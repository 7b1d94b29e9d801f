import { describe, expect, it } from 'vitest';
import type { VaultAccount } from '@core/ipc/channels/vault';
import { Names } from '@main/wallet/chain-knowledge/names';
import type { AddressBook } from '@main/wallet/stores/address-book';
import { K } from '../../../fixtures/permissions';

/** Names for addresses in every co-signing view: the vault's labels first, then the address book. */
const account = (id: number, label: string, address: string, canSign: boolean): VaultAccount => ({
  id: `acc_${id.toString(16).padStart(16, '0')}`,
  kind: canSign ? 'privateKey' : 'watch',
  label,
  address,
  addressHex: '',
  canSign,
  createdAt: 0,
});
const book = (entries: [string, string][]) =>
  ({ list: () => entries.map(([name, address]) => ({ name, address })) }) as unknown as AddressBook;

describe('names in the co-signing views', () => {
  it('prefers the vault’s label to the address book’s, and knows which account can sign', () => {
    const names = new Names(
      [account(1, 'Alice', K.K1.base58, true)],
      book([
        ['Alice (book)', K.K1.base58],
        ['Bob', K.K2.base58],
      ]),
    );
    expect(names.get(K.K1.hex)).toEqual({
      name: 'Alice',
      source: 'vault',
      accountId: 'acc_0000000000000001',
      custody: 'vault',
      custodyText: 'vault key',
    });
    expect(names.get(K.K2.base58)).toEqual({ name: 'Bob', source: 'address-book', accountId: null });
    expect(names.get(K.K3.base58)).toBeUndefined();
  });

  it('keeps the account that holds the key when a watch-only account has the same address, in either order', () => {
    const signing = account(1, 'Alice', K.K1.base58, true);
    const watch = account(2, 'Treasury (watch)', K.K1.base58, false);
    expect(new Names([watch, signing], null).get(K.K1.base58)).toMatchObject({ name: 'Alice', accountId: signing.id });
    expect(new Names([signing, watch], null).get(K.K1.base58)).toMatchObject({ name: 'Alice', accountId: signing.id });
  });

  it('labels a known address with its name and its full Base58 address, and an unknown one by its Base58 address', () => {
    const names = new Names([], book([['Bob', K.K2.base58]]));
    expect(names.label(K.K2.hex)).toBe(`Bob (${K.K2.base58})`);
    expect(names.short(K.K2.hex)).toBe('Bob');
    expect(names.label(K.K3.hex)).toBe(K.K3.base58);
    expect(names.short('not an address')).toBe('not an address');
  });
});
