import { Names } from '../chain-knowledge/names';

/**
 * The names the app's page set or changed in this session (vault labels, address-book names),
 * by address. The page is treated as hostile: a name it typed is shown in main's confirmation
 * window marked as such, after the full address, so a look-alike name cannot vouch for an address.
 * Fed by the handlers and services that accept a name from the page; lives as long as main.
 */
export class PageNames {
  private readonly byAddress = new Map<string, Set<string>>();

  record(address: string, name: string): void {
    const key = Names.base58(address);
    const names = this.byAddress.get(key) ?? new Set<string>();
    names.add(name);
    this.byAddress.set(key, names);
  }

  /** Whether the page set `name` for `address` in this session. */
  setByPage(address: string, name: string): boolean {
    return this.byAddress.get(Names.base58(address))?.has(name) ?? false;
  }
}

/** Main's one registry: every window and service of this process feeds and reads the same one. */
export const pageNames = new PageNames();

/** Records the name of an account or contact the page just named, and hands it on. */
export function namedByPage<T extends { readonly address: string; readonly label?: string; readonly name?: string }>(
  named: T,
): T {
  const name = named.label ?? named.name;
  if (name !== undefined) pageNames.record(named.address, name);
  return named;
}
