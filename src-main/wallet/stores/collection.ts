import { z } from 'zod';
import { StoreError } from '../../../src-core/errors';
import { StoreErrorCode, type JsonStore, type StoreDefinition } from './json-store';

export interface EntriesDocument<E> {
  readonly entries: readonly E[];
}

/** The definition of a store that is a list of entries at version 1 (`tron-wallet-<name>`). */
export function entriesDefinition<E>(
  name: string,
  what: string,
  entry: z.ZodType<E, unknown>,
): StoreDefinition<EntriesDocument<E>> {
  return {
    format: `tron-wallet-${name}`,
    version: 1,
    what,
    schema: z.strictObject({ entries: z.array(entry) }),
    empty: () => ({ entries: [] }),
  };
}

/**
 * A list of entries with ids inside one JSON store: drafts, envelopes, contacts, history. Reads
 * return copies in stored order; writes go through the store (validated, atomic, one at a time).
 */
export class Collection<E extends object, K extends keyof E & string> {
  constructor(
    readonly store: JsonStore<EntriesDocument<E>>,
    private readonly key: K,
    private readonly what: string,
  ) {}

  list(): E[] {
    return [...this.store.read().entries];
  }

  get(id: E[K]): E | undefined {
    return this.store.read().entries.find((entry) => entry[this.key] === id);
  }

  /** Adds the entry, or replaces the one with the same key. */
  async put(entry: E): Promise<E> {
    await this.store.update((doc) => {
      const at = doc.entries.findIndex((e) => e[this.key] === entry[this.key]);
      const entries = [...doc.entries];
      if (at >= 0) entries[at] = entry;
      else entries.push(entry);
      return { ...doc, entries };
    });
    return entry;
  }

  /** Changes an existing entry; throws STORE_ENTRY_NOT_FOUND when there is none. */
  async change(id: E[K], edit: (entry: E) => E): Promise<E> {
    let changed: E | undefined;
    await this.store.update((doc) => {
      const at = doc.entries.findIndex((e) => e[this.key] === id);
      if (at < 0) throw this.notFound(id);
      changed = edit(doc.entries[at]!);
      const entries = [...doc.entries];
      entries[at] = changed;
      return { ...doc, entries };
    });
    return changed!;
  }

  async remove(id: E[K]): Promise<void> {
    await this.store.update((doc) => {
      if (!doc.entries.some((e) => e[this.key] === id)) throw this.notFound(id);
      return { ...doc, entries: doc.entries.filter((e) => e[this.key] !== id) };
    });
  }

  private notFound(id: unknown): StoreError {
    return new StoreError(StoreErrorCode.notFound, `There is no ${this.what} with that id.`, {
      id: String(id).slice(0, 80),
    });
  }
}

/**
 * What every store of entries offers: the state of its file, the entries in the store's order,
 * one by key, and removal. Each store adds its own writes.
 */
export abstract class EntryStore<E extends object, K extends keyof E & string> {
  protected constructor(
    protected readonly entries: Collection<E, K>,
    private readonly order: (a: E, b: E) => number,
  ) {}

  get store(): JsonStore<EntriesDocument<E>> {
    return this.entries.store;
  }

  list(): E[] {
    return this.entries.list().sort(this.order);
  }

  get(id: E[K]): E | undefined {
    return this.entries.get(id);
  }

  remove(id: E[K]): Promise<void> {
    return this.entries.remove(id);
  }
}
