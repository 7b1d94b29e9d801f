import { toBase58Address } from '../../../src-core/address/address';
import type { ExplorerLinkRequest } from '../../../src-core/ipc/channels/app';
import type { Network } from '../../../src-core/ipc/common';

/** The only hosts `shell.openExternal` may open, one tronscan site per network. */
export const EXPLORER_HOSTS: Readonly<Record<Network, string>> = Object.freeze({
  mainnet: 'tronscan.org',
  nile: 'nile.tronscan.org',
  shasta: 'shasta.tronscan.org',
});

const ALLOWED_HOSTS = new Set(Object.values(EXPLORER_HOSTS));

/**
 * Builds the tronscan page for a checked request. tronscan routes inside the fragment
 * (`/#/transaction/<id>`); every dynamic part is validated by the contract and encoded again.
 */
export function explorerUrl(request: ExplorerLinkRequest): string {
  const base = `https://${EXPLORER_HOSTS[request.network]}/#/`;
  switch (request.kind) {
    case 'transaction':
      return `${base}transaction/${encodeURIComponent(request.txid)}`;
    case 'address':
      return `${base}address/${encodeURIComponent(toBase58Address(request.address))}`;
    case 'block':
      return `${base}block/${encodeURIComponent(String(request.number))}`;
  }
}

/**
 * The last gate before the system browser: https, an allowlisted host, default port, no
 * credentials. Anything else (other schemes, look-alike hosts, `user@host`) is refused.
 */
export function isAllowedExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    parsed.port === '' &&
    parsed.username === '' &&
    parsed.password === '' &&
    ALLOWED_HOSTS.has(parsed.hostname)
  );
}
