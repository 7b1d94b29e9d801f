import { z } from 'zod';
import { envelopeSchema, mergeEnvelopes, parseEnvelope, type Envelope } from '../../../src-core/envelope';
import { StoreError, WalletError } from '../../../src-core/errors';
import { Collection, EntryStore } from './collection';
import { entryIdSchema, newEntryId, opaqueJsonSchema, timeSchema } from './common';
import { JsonStore, StoreErrorCode, type StoreDefinition } from './json-store';

/**
 * `envelopes.json`, per network: the co-signing inbox (docs/envelope.md). One entry per
 * transaction: the envelope with every signature collected so far, plus what this wallet
 * decided about it (proposed here or imported, automatic broadcast, exported, broadcast, and for
 * a re-proposal the transaction it replaces and who had approved that one).
 *
 * The envelope is stored in its own JSON shape (checked with the envelope schema on every read
 * and write) and fully verified — txID, signatures, summary — the first time it is read, so an
 * envelope altered on disk is reported, never used.
 *
 * Version 1 held the envelope as opaque JSON (the transaction service wrote `serializeEnvelope`
 * text). Version 2 parses each one; an entry that does not verify is kept byte for byte under
 * `unreadable` with the reason, so nothing is lost silently.
 */
export const ENVELOPES_FILE = 'envelopes.json';

const txidSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a transaction id of 64 lowercase hex characters');
const hexAddressSchema = z.string().regex(/^41[0-9a-f]{40}$/, 'must be a 41… hex address');

export const EnvelopeOrigin = { proposed: 'proposed', imported: 'imported' } as const;
export type EnvelopeOrigin = (typeof EnvelopeOrigin)[keyof typeof EnvelopeOrigin];

export const BroadcastBy = { here: 'here', elsewhere: 'elsewhere' } as const;
export type BroadcastBy = (typeof BroadcastBy)[keyof typeof BroadcastBy];

const onChainSchema = z.strictObject({
  blockNumber: z.number().int().nonnegative(),
  /** The block's time (ms). */
  blockTime: timeSchema,
  /** `elsewhere`: another desk (or anyone) broadcast it; this wallet only saw it on chain. */
  broadcastBy: z.enum(['here', 'elsewhere']),
  /** Signatures on the transaction as the chain holds it. */
  signatureCount: z.number().int().nonnegative(),
});
export type OnChainFacts = z.infer<typeof onChainSchema>;

export const storedEnvelopeSchema = z.strictObject({
  id: entryIdSchema,
  label: z.string().max(120),
  txid: txidSchema,
  envelope: envelopeSchema,
  /** `proposed`: built here; `imported`: received from a co-signer. */
  origin: z.enum(['proposed', 'imported']),
  /** The proposer's choice: broadcast as soon as the signatures reach the threshold. */
  autoBroadcast: z.boolean(),
  /** Who had approved the transaction this one re-proposes (information only: signatures never carry over). */
  carriedApprovals: z
    .array(z.strictObject({ address: hexAddressSchema, name: z.string().max(120).nullable() }))
    .max(32),
  reproposedFrom: txidSchema.nullable(),
  replacedBy: txidSchema.nullable(),
  /** First time it left this wallet (file, copy, QR); the note is fixed from then on. */
  exportedAt: timeSchema.nullable(),
  broadcastAt: timeSchema.nullable(),
  /**
   * What this node showed of the transaction once it was in a block: which block, its time, who
   * broadcast it and how many signatures it carried. Optional, so files written before it still read.
   */
  onChain: onChainSchema.optional(),
  createdAt: timeSchema,
  updatedAt: timeSchema,
});
/** `envelope` is the stored JSON, unverified: read it through `Envelopes.envelopeOf`. */
export type StoredEnvelope = Omit<z.infer<typeof storedEnvelopeSchema>, 'envelope'> & { readonly envelope: unknown };

export const unreadableEnvelopeSchema = z.strictObject({
  id: entryIdSchema,
  label: z.string().max(120),
  reason: z.string().max(2000),
  code: z.string().max(80),
  original: opaqueJsonSchema,
});
export type UnreadableEnvelope = z.infer<typeof unreadableEnvelopeSchema>;

const documentSchema = z.strictObject({
  entries: z.array(storedEnvelopeSchema),
  unreadable: z.array(unreadableEnvelopeSchema),
});
type EnvelopesDocument = z.infer<typeof documentSchema>;

const v1EntrySchema = z.strictObject({
  id: entryIdSchema,
  label: z.string().max(120),
  txid: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  envelope: opaqueJsonSchema,
  createdAt: timeSchema,
  updatedAt: timeSchema,
});

function reasonOf(error: unknown): { reason: string; code: string } {
  if (error instanceof WalletError) return { reason: error.message, code: error.code };
  return { reason: error instanceof Error ? error.message : String(error), code: 'UNKNOWN' };
}

/** v1 → v2: every opaque envelope is parsed and verified; the ones that fail are set apart. */
export function migrateEnvelopesV1(data: unknown): unknown {
  const v1 = z.strictObject({ entries: z.array(v1EntrySchema) }).parse(data);
  const entries: unknown[] = [];
  const unreadable: UnreadableEnvelope[] = [];
  const byTxid = new Map<string, { index: number; envelope: Envelope }>();
  for (const entry of v1.entries) {
    let envelope: Envelope;
    try {
      envelope = parseEnvelope(entry.envelope);
    } catch (error) {
      unreadable.push({ id: entry.id, label: entry.label, ...reasonOf(error), original: entry.envelope });
      continue;
    }
    const txid = envelope.transaction.txID;
    const seen = byTxid.get(txid);
    if (seen) {
      // Two v1 entries of one transaction: one v2 entry with the signatures of both.
      try {
        const merged = mergeEnvelopes([seen.envelope, envelope]);
        byTxid.set(txid, { index: seen.index, envelope: merged });
        (entries[seen.index] as { envelope: Envelope }).envelope = merged;
      } catch (error) {
        unreadable.push({ id: entry.id, label: entry.label, ...reasonOf(error), original: entry.envelope });
      }
      continue;
    }
    byTxid.set(txid, { index: entries.length, envelope });
    entries.push({
      id: entry.id,
      label: entry.label,
      txid,
      envelope,
      // Version 1 had one writer: the transaction service storing its own proposals.
      origin: 'proposed',
      autoBroadcast: false,
      carriedApprovals: [],
      reproposedFrom: null,
      replacedBy: null,
      exportedAt: null,
      broadcastAt: null,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
    });
  }
  return { entries, unreadable };
}

export const envelopesDefinition: StoreDefinition<EnvelopesDocument> = {
  format: 'tron-wallet-envelopes',
  version: 2,
  what: 'co-signing envelopes',
  schema: documentSchema,
  empty: () => ({ entries: [], unreadable: [] }),
  migrations: { 1: migrateEnvelopesV1 },
};

export interface AddResult {
  readonly entry: StoredEnvelope;
  /** `added`: a new transaction; `merged`: new signatures for a known one; `unchanged`: nothing new. */
  readonly outcome: 'added' | 'merged' | 'unchanged';
  readonly newSignatures: number;
}

export type EnvelopeMeta = Partial<
  Pick<StoredEnvelope, 'origin' | 'autoBroadcast' | 'carriedApprovals' | 'reproposedFrom' | 'label'>
>;

/** Newest change first. */
export class Envelopes extends EntryStore<StoredEnvelope, 'id'> {
  /** Envelopes verified since they were last written, by id. */
  private readonly verified = new Map<string, { updatedAt: number; envelope: Envelope }>();

  private constructor(entries: Collection<StoredEnvelope, 'id'>) {
    super(entries, (a, b) => b.updatedAt - a.updatedAt);
  }

  static async open(file: string): Promise<Envelopes> {
    const store = await JsonStore.open(file, envelopesDefinition);
    return new Envelopes(
      new Collection(store as unknown as JsonStore<{ entries: readonly StoredEnvelope[] }>, 'id', 'envelope'),
    );
  }

  private document(): EnvelopesDocument {
    return this.entries.store.read() as unknown as EnvelopesDocument;
  }

  byTxid(txid: string): StoredEnvelope | undefined {
    const wanted = txid.toLowerCase();
    return this.entries.list().find((e) => e.txid === wanted);
  }

  unreadable(): UnreadableEnvelope[] {
    return [...this.document().unreadable];
  }

  /** The entry's envelope, verified (once per write); throws EnvelopeError when it was altered on disk. */
  envelopeOf(entry: StoredEnvelope): Envelope {
    const cached = this.verified.get(entry.id);
    if (cached && cached.updatedAt === entry.updatedAt) return cached.envelope;
    const envelope = parseEnvelope(entry.envelope);
    if (envelope.transaction.txID !== entry.txid) {
      throw new StoreError(
        StoreErrorCode.invalid,
        'A stored envelope does not hold the transaction its entry names; remove it and import it again.',
        { id: entry.id },
      );
    }
    this.verified.set(entry.id, { updatedAt: entry.updatedAt, envelope });
    return envelope;
  }

  /**
   * Stores an envelope, or merges its signatures into the stored one of the same transaction
   * (in any order; `mergeEnvelopes` refuses envelopes of another proposal).
   */
  async add(envelope: Envelope, meta: EnvelopeMeta = {}, now = Date.now()): Promise<AddResult> {
    const txid = envelope.transaction.txID;
    const existing = this.byTxid(txid);
    if (!existing) {
      const entry: StoredEnvelope = {
        id: newEntryId('env'),
        label: (meta.label ?? `${envelope.summary.contractType} ${txid.slice(0, 8)}`).slice(0, 120),
        txid,
        envelope,
        origin: meta.origin ?? 'imported',
        autoBroadcast: meta.autoBroadcast ?? false,
        carriedApprovals: meta.carriedApprovals ?? [],
        reproposedFrom: meta.reproposedFrom ?? null,
        replacedBy: null,
        exportedAt: null,
        broadcastAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await this.entries.put(entry);
      this.verified.set(entry.id, { updatedAt: now, envelope });
      return { entry, outcome: 'added', newSignatures: envelope.transaction.signature?.length ?? 0 };
    }
    const stored = this.envelopeOf(existing);
    const merged = mergeEnvelopes([stored, envelope]);
    const before = stored.transaction.signature?.length ?? 0;
    const after = merged.transaction.signature?.length ?? 0;
    if (after === before) return { entry: existing, outcome: 'unchanged', newSignatures: 0 };
    const entry = await this.entries.change(existing.id, (e) => ({ ...e, envelope: merged, updatedAt: now }));
    this.verified.set(entry.id, { updatedAt: now, envelope: merged });
    return { entry, outcome: 'merged', newSignatures: after - before };
  }

  /** Changes what this wallet knows about an entry; a new envelope is verified first. */
  async update(
    id: string,
    edit: (entry: StoredEnvelope) => Partial<Omit<StoredEnvelope, 'id' | 'txid' | 'createdAt'>>,
    now = Date.now(),
  ): Promise<StoredEnvelope> {
    let replacement: Envelope | undefined;
    const entry = await this.entries.change(id, (e) => {
      const changes = edit(e);
      if (changes.envelope) {
        replacement = parseEnvelope(changes.envelope);
        if (replacement.transaction.txID !== e.txid)
          throw new StoreError(
            StoreErrorCode.invalidUpdate,
            'An entry keeps its transaction; store a different transaction as a new entry.',
          );
      }
      return { ...e, ...changes, updatedAt: now };
    });
    if (replacement) this.verified.set(entry.id, { updatedAt: now, envelope: replacement });
    return entry;
  }

  override async remove(id: string): Promise<void> {
    await super.remove(id);
    this.verified.delete(id);
  }

  /** Drops an entry that could not be read during the upgrade (after the person saw why). */
  async removeUnreadable(id: string): Promise<void> {
    await this.entries.store.update((doc) => {
      const current = doc as unknown as EnvelopesDocument;
      if (!current.unreadable.some((u) => u.id === id))
        throw new StoreError(StoreErrorCode.notFound, 'There is no unreadable envelope with that id.');
      return { ...current, unreadable: current.unreadable.filter((u) => u.id !== id) } as never;
    });
  }
}
