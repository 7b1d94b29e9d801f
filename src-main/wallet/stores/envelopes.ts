import { z } from 'zod';
import { Collection } from './collection';
import { entryIdSchema, newEntryId, opaqueJsonSchema, timeSchema } from './common';
import { JsonStore, type StoreDefinition } from './json-store';

/**
 * `envelopes.json`, per network: co-signing envelopes received or sent. Until the envelope module
 * (src-core/envelope) lands, the envelope is stored as opaque JSON; the txid, when known, lets the
 * app find an envelope again from history.
 */
export const ENVELOPES_FILE = 'envelopes.json';

export const storedEnvelopeSchema = z.strictObject({
  id: entryIdSchema,
  label: z.string().max(120),
  txid: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
  envelope: opaqueJsonSchema,
  createdAt: timeSchema,
  updatedAt: timeSchema,
});
export type StoredEnvelope = z.infer<typeof storedEnvelopeSchema>;

export const envelopesDefinition: StoreDefinition<{ entries: readonly StoredEnvelope[] }> = {
  format: 'tron-wallet-envelopes',
  version: 1,
  what: 'co-signing envelopes',
  schema: z.strictObject({ entries: z.array(storedEnvelopeSchema) }),
  empty: () => ({ entries: [] }),
};

export interface EnvelopeInput {
  readonly id?: string;
  readonly label: string;
  readonly txid: string | null;
  readonly envelope: z.infer<typeof opaqueJsonSchema>;
}

export class Envelopes {
  private constructor(private readonly entries: Collection<StoredEnvelope, 'id'>) {}

  static async open(file: string): Promise<Envelopes> {
    return new Envelopes(new Collection(await JsonStore.open(file, envelopesDefinition), 'id', 'envelope'));
  }

  get store(): JsonStore<{ entries: readonly StoredEnvelope[] }> {
    return this.entries.store;
  }

  list(): StoredEnvelope[] {
    return this.entries.list().sort((a, b) => b.updatedAt - a.updatedAt);
  }

  get(id: string): StoredEnvelope | undefined {
    return this.entries.get(id);
  }

  byTxid(txid: string): StoredEnvelope[] {
    const wanted = txid.toLowerCase();
    return this.entries.list().filter((e) => e.txid === wanted);
  }

  async save(input: EnvelopeInput, now = Date.now()): Promise<StoredEnvelope> {
    const txid = input.txid === null ? null : input.txid.toLowerCase();
    const existing = input.id === undefined ? undefined : this.entries.get(input.id);
    if (existing) return this.entries.change(existing.id, (e) => ({ ...e, label: input.label, txid, envelope: input.envelope, updatedAt: now }));
    return this.entries.put({ id: newEntryId('env'), label: input.label, txid, envelope: input.envelope, createdAt: now, updatedAt: now });
  }

  remove(id: string): Promise<void> {
    return this.entries.remove(id);
  }
}
