import { z } from 'zod';
import { bytesToUtf8, utf8ToBytes } from '../bytes/utf8';
import { canonicalJson } from '../envelope/canonical';
import { parseJsonLossless } from '../json/lossless';
import { AuditError, AuditErrorCode } from './errors';
import { auditAddressSchema, auditEntrySchema, deskIdSchema, digestSchema, type AuditEntry } from './entry';
import { valuePath } from '../json/value-path';

export const AUDIT_BUNDLE_FORMAT = 'tron-wallet-audit';

/** The last entry each desk stated for its chain; it is what makes a cut-off tail visible. */
export const auditHeadSchema = z.strictObject({
  desk: deskIdSchema,
  seq: z.number().int().nonnegative(),
  hash: digestSchema,
});
export type AuditHead = z.output<typeof auditHeadSchema>;

export const auditBundleSchema = z.strictObject({
  format: z.literal(AUDIT_BUNDLE_FORMAT),
  version: z.literal(1),
  account: auditAddressSchema,
  heads: z.array(auditHeadSchema),
  entries: z.array(auditEntrySchema),
});
export type AuditBundle = z.output<typeof auditBundleSchema>;

/** Bundle order: by desk id (UTF-16 code units), then place in the chain, then hash. */
export function compareEntries(a: AuditEntry, b: AuditEntry): number {
  return compareText(a.desk, b.desk) || a.seq - b.seq || compareText(a.hash, b.hash);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortedHeads(heads: Iterable<AuditHead>): AuditHead[] {
  return [...heads].sort((a, b) => compareText(a.desk, b.desk));
}

/** A desk's chain as the heads of its own entries: the highest place in each desk's chain. */
function headsOf(entries: readonly AuditEntry[]): AuditHead[] {
  const heads = new Map<string, AuditHead>();
  for (const e of entries) {
    const known = heads.get(e.desk);
    if (!known || e.seq > known.seq) heads.set(e.desk, { desk: e.desk, seq: e.seq, hash: e.hash });
  }
  return sortedHeads(heads.values());
}

/** A bundle of one account's entries, in bundle order, its heads taken from the entries. */
export function createAuditBundle(account: string, entries: readonly AuditEntry[]): AuditBundle {
  const unique = new Map(entries.map((e) => [e.hash, e]));
  const sorted = [...unique.values()].sort(compareEntries);
  return { format: AUDIT_BUNDLE_FORMAT, version: 1, account, heads: headsOf(sorted), entries: sorted };
}

/** The bundle as the bytes a file or an envelope holds: canonical JSON, UTF-8. */
export function serializeAuditBundle(bundle: AuditBundle): Uint8Array {
  return utf8ToBytes(canonicalText(bundle));
}

function canonicalText(bundle: AuditBundle): string {
  return canonicalJson({
    ...bundle,
    heads: sortedHeads(bundle.heads),
    entries: [...bundle.entries].sort(compareEntries),
  });
}

/**
 * Reads a bundle. Only its canonical form is accepted, so one bundle has exactly one spelling and
 * a changed byte can never leave an equal bundle behind. Whether the entries check out is
 * `verifyAuditBundle`'s job.
 */
export function parseAuditBundle(input: Uint8Array | string): AuditBundle {
  let value: unknown;
  let text: string;
  try {
    text = typeof input === 'string' ? input : bytesToUtf8(input);
    value = parseJsonLossless(text);
  } catch {
    throw new AuditError(AuditErrorCode.unreadable, 'The audit bundle is not readable JSON text; it is damaged.');
  }
  const parsed = auditBundleSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = valuePath(issue?.path ?? []) || 'the value';
    throw new AuditError(
      AuditErrorCode.malformed,
      `The audit bundle is damaged: ${path} ${issue?.message ?? 'is not valid'}.`,
      { path },
    );
  }
  if (canonicalText(parsed.data) !== text) {
    throw new AuditError(
      AuditErrorCode.notCanonical,
      'The audit bundle was rewritten after it was exported (its text is not in canonical form); ask for the ' +
        'original file.',
    );
  }
  return parsed.data;
}

/**
 * Two desks' bundles of the same account as one: the entries are a union by hash and the heads
 * the later of each desk's stated heads, so merging in either order gives the same bundle.
 * A stated head is kept even when its entry is absent, so a cut-off chain still fails to verify.
 */
export function mergeAuditBundles(a: AuditBundle, b: AuditBundle): AuditBundle {
  if (a.account !== b.account) {
    throw new AuditError(
      AuditErrorCode.otherAccount,
      `These audit logs belong to two different accounts (${a.account} and ${b.account}); only logs of one ` +
        'account can be merged.',
      { account: a.account, other: b.account },
    );
  }
  const entries = new Map<string, AuditEntry>();
  const places = new Map<string, AuditEntry>();
  for (const e of [...a.entries, ...b.entries]) {
    const place = `${e.desk}\n${e.seq}`;
    const other = places.get(place);
    if (other && other.hash !== e.hash) throw forkError(e.desk, e.seq);
    places.set(place, e);
    entries.set(e.hash, e);
  }
  const heads = new Map<string, AuditHead>();
  for (const h of [...a.heads, ...b.heads]) {
    const known = heads.get(h.desk);
    if (known && known.seq === h.seq && known.hash !== h.hash) throw forkError(h.desk, h.seq);
    if (!known || h.seq > known.seq) heads.set(h.desk, h);
  }
  return {
    format: AUDIT_BUNDLE_FORMAT,
    version: 1,
    account: a.account,
    heads: sortedHeads(heads.values()),
    entries: [...entries.values()].sort(compareEntries),
  };
}

function forkError(desk: string, seq: number): AuditError {
  return new AuditError(
    AuditErrorCode.fork,
    `Desk ${desk} has two different entries at place ${seq} of its log; one of the copies was altered.`,
    { desk, seq },
  );
}
