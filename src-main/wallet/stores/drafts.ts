import { z } from 'zod';
import { Collection, EntryStore, entriesDefinition } from './collection';
import { entryIdSchema, newEntryId, opaqueJsonSchema, timeSchema } from './common';
import { JsonStore } from './json-store';

/**
 * `drafts.json`, per network: transactions being prepared and not yet signed. The content is the
 * form's state as JSON (its shape belongs to the transaction builder), kept as given.
 */
export const DRAFTS_FILE = 'drafts.json';

export const draftSchema = z.strictObject({
  id: entryIdSchema,
  label: z.string().max(120),
  /** Contract type or builder kind, e.g. "TransferContract". */
  kind: z.string().max(64),
  accountId: z.string().max(64).nullable(),
  permissionId: z.number().int().nonnegative().nullable(),
  content: opaqueJsonSchema,
  createdAt: timeSchema,
  updatedAt: timeSchema,
});
export type Draft = z.infer<typeof draftSchema>;

export const draftsDefinition = entriesDefinition('drafts', 'drafts', draftSchema);

export type DraftInput = Omit<Draft, 'id' | 'createdAt' | 'updatedAt'> & { id?: string };

/** Newest change first. */
export class Drafts extends EntryStore<Draft, 'id'> {
  private constructor(entries: Collection<Draft, 'id'>) {
    super(entries, (a, b) => b.updatedAt - a.updatedAt);
  }

  static async open(file: string): Promise<Drafts> {
    return new Drafts(new Collection(await JsonStore.open(file, draftsDefinition), 'id', 'draft'));
  }

  async save(input: DraftInput, now = Date.now()): Promise<Draft> {
    const existing = input.id === undefined ? undefined : this.entries.get(input.id);
    if (existing)
      return this.entries.change(existing.id, (draft) => ({
        ...draft,
        ...input,
        id: draft.id,
        createdAt: draft.createdAt,
        updatedAt: now,
      }));
    const { id: _ignored, ...rest } = input;
    return this.entries.put({ ...rest, id: newEntryId('dft'), createdAt: now, updatedAt: now });
  }
}
