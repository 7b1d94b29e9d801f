import { toBase58Address } from '../../../src-core/address/address';
import type { Envelope } from '../../../src-core/envelope';
import { WalletError } from '../../../src-core/errors';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import type { ChainAccess } from '../node-host/chain-access';
import type { AddressBook } from '../stores/address-book';
import type { ChainReads } from '../transactions/chain-reads';
import { tokensMoved, trc10Key, type TokenFacts } from './describe';
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

/**
 * Symbols and decimals of the tokens an envelope moves, read from the current node. A token the
 * node cannot describe is left out, and its amount is then shown in raw units.
 */
export async function tokenFactsOf(
  envelope: Envelope,
  chain: Pick<ChainAccess, 'client'>,
  reads: ChainReads,
): Promise<TokenFacts> {
  const facts = new Map<string, { symbol: string; decimals: number }>();
  const client = chain.client();
  if (!client) return facts;
  const moved = tokensMoved(envelope.summary);
  for (const contract of moved.trc20) {
    try {
      const token = await reads.trc20(client, toBase58Address(contract));
      facts.set(contract, { symbol: token.symbol, decimals: token.decimals });
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
    }
  }
  const assets = moved.trc10.length ? reads.planReads(client) : null;
  for (const id of moved.trc10) {
    // Unknown here (another network, or a node without asset endpoints): the raw units are shown.
    const asset = await assets!.trc10(id).catch(() => null);
    if (asset) facts.set(trc10Key(id), { symbol: asset.abbr || `token ${id}`, decimals: asset.precision });
  }
  return facts;
}
