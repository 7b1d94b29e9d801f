import { join } from 'node:path';
import { AddressBook, ADDRESS_BOOK_FILE } from './address-book';
import { Drafts, DRAFTS_FILE } from './drafts';
import { Envelopes, ENVELOPES_FILE } from './envelopes';
import { History, HISTORY_FILE } from './history';
import { INCOMING_SCAN_FILE, openIncomingScan, type IncomingScan } from './incoming-scan';
import type { JsonStore } from './json-store';
import { SignerPicks, SIGNER_PICKS_FILE } from './signer-picks';
import { WatchedTokens, TOKENS_FILE } from './tokens';
import type { StoreError } from '../../../src-core/errors';

/**
 * The stores whose content belongs to one chain, opened from `<user data>/networks/<key>/`.
 * Switching networks closes one set and opens another, so a txid or a draft from Nile never shows
 * up on mainnet.
 */
export class NetworkStores {
  private constructor(
    readonly key: string,
    readonly dir: string,
    readonly drafts: Drafts,
    readonly envelopes: Envelopes,
    readonly addressBook: AddressBook,
    readonly history: History,
    readonly tokens: WatchedTokens,
    readonly incomingScan: JsonStore<IncomingScan>,
    readonly signerPicks: SignerPicks,
  ) {}

  static async open(networksDir: string, key: string): Promise<NetworkStores> {
    const dir = join(networksDir, key);
    const [drafts, envelopes, addressBook, history, tokens, incomingScan, signerPicks] = await Promise.all([
      Drafts.open(join(dir, DRAFTS_FILE)),
      Envelopes.open(join(dir, ENVELOPES_FILE)),
      AddressBook.open(join(dir, ADDRESS_BOOK_FILE)),
      History.open(join(dir, HISTORY_FILE)),
      WatchedTokens.open(join(dir, TOKENS_FILE)),
      openIncomingScan(join(dir, INCOMING_SCAN_FILE)),
      SignerPicks.open(join(dir, SIGNER_PICKS_FILE)),
    ]);
    return new NetworkStores(key, dir, drafts, envelopes, addressBook, history, tokens, incomingScan, signerPicks);
  }

  /** Damaged files of this network, for the UI to report. */
  problems(): StoreError[] {
    return [
      this.drafts.store,
      this.envelopes.store,
      this.addressBook.store,
      this.history.store,
      this.tokens.store,
      this.incomingScan,
      this.signerPicks.store,
    ].flatMap((s) => (s.problem ? [s.problem] : []));
  }

  async close(): Promise<void> {
    await Promise.all([
      this.drafts.store.close(),
      this.envelopes.store.close(),
      this.addressBook.store.close(),
      this.history.store.close(),
      this.tokens.store.close(),
      this.incomingScan.close(),
      this.signerPicks.store.close(),
    ]);
  }
}
