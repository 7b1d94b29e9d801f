import { z } from 'zod';
import { isValidAddress } from '../../../src-core/address/address';
import { StoreError } from '../../../src-core/errors';
import { Collection, EntryStore } from './collection';
import { base58AddressSchema, entryIdSchema, newEntryId, timeSchema, toStoredAddress } from './common';
import { JsonStore, StoreErrorCode, type StoreDefinition } from './json-store';

/**
 * `address-book.json`, per network: names for addresses the team sends to or co-signs with.
 *
 * Version 1 held `{id, name, address, note, createdAt}` with the address as typed (Base58 or hex).
 * Version 2 adds `tags` and `updatedAt` and stores every address in Base58, so that look-ups and
 * duplicate checks compare one form.
 */
export const ADDRESS_BOOK_FILE = 'address-book.json';
export const NAME_MAX = 64;
export const NOTE_MAX = 500;
export const TAG_MAX = 32;
export const TAGS_MAX = 16;

const tagSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(TAG_MAX, `must be at most ${TAG_MAX} characters`)
  .regex(/^[^\s,]+$/, 'must be one word without commas');

export const contactSchema = z.strictObject({
  id: entryIdSchema,
  name: z.string().trim().min(1, 'must not be empty').max(NAME_MAX, `must be at most ${NAME_MAX} characters`),
  address: base58AddressSchema,
  note: z.string().max(NOTE_MAX, `must be at most ${NOTE_MAX} characters`),
  tags: z.array(tagSchema).max(TAGS_MAX, `at most ${TAGS_MAX} tags`),
  createdAt: timeSchema,
  updatedAt: timeSchema,
});
export type Contact = z.infer<typeof contactSchema>;

const documentSchema = z.strictObject({ entries: z.array(contactSchema) });

/** Version 1's entry, only for the migration. */
const contactV1Schema = z.strictObject({
  id: entryIdSchema,
  name: z.string(),
  address: z.string().refine((text) => isValidAddress(text.trim()), 'must be a TRON address'),
  note: z.string(),
  createdAt: timeSchema,
});

export function migrateAddressBookV1(data: unknown): unknown {
  const v1 = z.strictObject({ entries: z.array(contactV1Schema) }).parse(data);
  return {
    entries: v1.entries.map((entry) => ({
      ...entry,
      address: toStoredAddress(entry.address),
      tags: [],
      updatedAt: entry.createdAt,
    })),
  };
}

export const addressBookDefinition: StoreDefinition<z.infer<typeof documentSchema>> = {
  format: 'tron-wallet-address-book',
  version: 2,
  what: 'address book',
  schema: documentSchema,
  empty: () => ({ entries: [] }),
  migrations: { 1: migrateAddressBookV1 },
};

export interface ContactInput {
  readonly id?: string;
  readonly name: string;
  readonly address: string;
  readonly note?: string;
  readonly tags?: readonly string[];
}

/** By name. */
export class AddressBook extends EntryStore<Contact, 'id'> {
  private constructor(entries: Collection<Contact, 'id'>) {
    super(entries, (a, b) => a.name.localeCompare(b.name));
  }

  static async open(file: string): Promise<AddressBook> {
    return new AddressBook(new Collection(await JsonStore.open(file, addressBookDefinition), 'id', 'contact'));
  }

  /** Contacts for an address in either form. */
  find(address: string): Contact | undefined {
    if (!isValidAddress(address.trim())) return undefined;
    const wanted = toStoredAddress(address);
    return this.entries.list().find((c) => c.address === wanted);
  }

  /** Adds a contact (no id) or replaces one; one contact per address. */
  async save(input: ContactInput, now = Date.now()): Promise<Contact> {
    if (!isValidAddress(input.address.trim())) {
      throw new StoreError(
        StoreErrorCode.invalidUpdate,
        'That is not a valid TRON address (T… in Base58 or 41… in hex).',
      );
    }
    const address = toStoredAddress(input.address);
    const clash = this.entries.list().find((c) => c.address === address && c.id !== input.id);
    if (clash)
      throw new StoreError('STORE_DUPLICATE', `This address is already in the address book as "${clash.name}".`, {
        id: clash.id,
      });
    const existing = input.id === undefined ? undefined : this.entries.get(input.id);
    if (input.id !== undefined && !existing)
      throw new StoreError(StoreErrorCode.notFound, 'There is no contact with that id.');
    const tags = [...new Set((input.tags ?? []).map((tag) => tag.trim()).filter(Boolean))];
    const contact: Contact = {
      id: existing?.id ?? newEntryId('ctc'),
      name: input.name.trim(),
      address,
      note: input.note ?? '',
      tags,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    };
    return this.entries.put(contact);
  }

  /**
   * Adds or updates many contacts in one write (a CSV import): a contact with the same address is
   * updated, others are added. Inputs must already be checked; any invalid one refuses the batch.
   */
  async importMany(
    inputs: readonly ContactInput[],
    now = Date.now(),
  ): Promise<{ added: number; updated: number; unchanged: number }> {
    const counts = { added: 0, updated: 0, unchanged: 0 };
    await this.entries.store.update((doc) => {
      const entries = [...doc.entries];
      for (const input of inputs) {
        if (!isValidAddress(input.address.trim()))
          throw new StoreError(
            StoreErrorCode.invalidUpdate,
            'That is not a valid TRON address (T… in Base58 or 41… in hex).',
          );
        const address = toStoredAddress(input.address);
        const tags = [...new Set((input.tags ?? []).map((tag) => tag.trim()).filter(Boolean))];
        const at = entries.findIndex((c) => c.address === address);
        const next = { name: input.name.trim(), note: input.note ?? '', tags };
        if (at < 0) {
          entries.push({ id: newEntryId('ctc'), address, ...next, createdAt: now, updatedAt: now });
          counts.added++;
          continue;
        }
        const prior = entries[at]!;
        if (prior.name === next.name && prior.note === next.note && prior.tags.join(' ') === next.tags.join(' ')) {
          counts.unchanged++;
          continue;
        }
        entries[at] = { ...prior, ...next, updatedAt: now };
        counts.updated++;
      }
      return { ...doc, entries };
    });
    return counts;
  }
}
