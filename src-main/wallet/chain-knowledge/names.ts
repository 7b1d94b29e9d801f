import { isValidAddress, toBase58Address } from '../../../src-core/address/address';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import type { AddressBook } from '../stores/address-book';
import { custodyOf, custodyText, signsHere, type AccountCustody } from '../../../src-core/ipc/account-custody';

/**
 * Names for addresses, as every co-signing view shows them: the vault's own labels first (the
 * keys this person holds), then the address book of the current network.
 */
export interface KnownName {
  readonly name: string;
  readonly source: 'vault' | 'address-book';
  /** The vault account that can sign for this address here: the vault holds its key, or a Ledger does. */
  readonly accountId: string | null;
  /** Where the key lives, for a vault account (src-core/ipc/account-custody.ts). */
  readonly custody?: AccountCustody;
  /** "Ledger (m/44'/195'/1'/0/0)", "offline signer", "vault key", "watch-only". */
  readonly custodyText?: string;
  /** The app's page set or changed this name in this session (consent/page-names.ts). */
  readonly setByPage?: boolean;
}

/** How a name the proposer stated is marked wherever it is shown: information, not checked. */
export const STATED_MARK = 'stated by the proposer';

export class Names {
  private readonly byAddress = new Map<string, KnownName>();
  /** Names the envelope's proposer stated (Base58 → name); this wallet's own names always win. */
  private readonly stated = new Map<string, string>();

  constructor(
    accounts: readonly VaultAccount[],
    book: AddressBook | null,
    /** Names the page set in this session, to mark (main's consent window passes its registry). */
    private readonly pageNames?: { setByPage(address: string, name: string): boolean },
  ) {
    for (const contact of book?.list() ?? [])
      this.byAddress.set(contact.address, { name: contact.name, source: 'address-book', accountId: null });
    // A key in the vault is named by its vault label even when the address book knows it too.
    for (const account of accounts) {
      const prior = this.byAddress.get(account.address);
      if (prior?.source === 'vault' && prior.accountId !== null) continue;
      this.byAddress.set(account.address, {
        name: account.label,
        source: 'vault',
        accountId: signsHere(account) ? account.id : null,
        custody: custodyOf(account),
        custodyText: custodyText(account),
      });
    }
  }

  /**
   * These names plus the ones an envelope's proposer stated, for showing that envelope. `get`
   * still answers from this wallet's own knowledge only: a stated name never gives custody.
   */
  withStated(list: readonly { readonly address: string; readonly name: string }[] | undefined): Names {
    const copy = new Names([], null, this.pageNames);
    this.byAddress.forEach((known, address) => copy.byAddress.set(address, known));
    for (const entry of list ?? []) copy.stated.set(Names.base58(entry.address), entry.name);
    return copy;
  }

  /**
   * The name as shown: this wallet's, with a word when the proposer stated another ("Bob (the
   * proposer stated “Robert”)"); else the stated one, marked ("Carol (stated by the proposer)").
   */
  nameText(address: string): string | undefined {
    return this.shown(Names.base58(address));
  }

  private shown(b58: string): string | undefined {
    const known = this.byAddress.get(b58)?.name;
    const stated = this.stated.get(b58);
    if (known === undefined) return stated !== undefined ? `${stated} (${STATED_MARK})` : undefined;
    return stated !== undefined && stated !== known ? `${known} (the proposer stated “${stated}”)` : known;
  }

  /** Base58 of any address form, or the text as given when it is no address. */
  static base58(address: string): string {
    try {
      return isValidAddress(address) ? toBase58Address(address) : address;
    } catch {
      return address;
    }
  }

  get(address: string): KnownName | undefined {
    const b58 = Names.base58(address);
    const known = this.byAddress.get(b58);
    return known && this.pageNames?.setByPage(b58, known.name) ? { ...known, setByPage: true } : known;
  }

  /**
   * "Carol (TXYZ…full Base58)" or the Base58 address: always in full, because a name is text
   * someone typed and a shortened address is easy to match with a look-alike.
   */
  label(address: string): string {
    const b58 = Names.base58(address);
    const shown = this.shown(b58);
    return shown !== undefined ? `${shown} (${b58})` : b58;
  }

  /** Just the name, or the Base58 address. */
  short(address: string): string {
    const b58 = Names.base58(address);
    return this.shown(b58) ?? b58;
  }
}
