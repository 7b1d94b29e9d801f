import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '../bytes/utf8';
import { PROTOCOL_CONSTANTS } from '../chain/parameters';
import { EnvelopeError } from '../errors';
import { readReceivedJson } from './received-json';
import type { AccountPermissions, Permission } from '../permission/model';
import type { TransactionJson } from '../tx/types';
import { BUNDLE_FORMAT, BUNDLE_VERSION, checkBundleShape, type statedPaymentSchema } from './bundle-schema';
import { canonicalJson } from './canonical';
import {
  createEnvelope,
  expiryStatus,
  mergeEnvelopes,
  parseEnvelope,
  signingProgress,
  addCheckedSignature,
  type Envelope,
  type EnvelopeNetwork,
  type EnvelopeOptions,
  type ExpiryStatus,
  type SigningProgress,
} from './envelope';
import { fingerprintFromDigest, summaryForFingerprint, type Fingerprint } from './fingerprint';
import type { SignerMemo } from './signer-memo';
import { ENVELOPE_FORMAT, ENVELOPE_VERSION } from './schema';
import {
  fromAccountPermissionsSnapshot,
  fromPermissionSnapshot,
  toAccountPermissionsSnapshot,
  toPermissionSnapshot,
} from './snapshot';
import type { StatedFacts } from './stated';
import type { EnvelopeSummary } from './summary';
import type { z } from 'zod';

/**
 * An envelope bundle: many transactions of one account under one permission, co-signed together
 * (docs/envelope.md, "Bundles"). Each row is an envelope without the parts every row shares
 * (format, network, permission, account structure, note, creation time); it is read through the
 * single envelope's own checks, so nothing a row claims is trusted: every txID is recomputed from
 * the JSON and raw_data_hex, every signature recovered, every summary recomputed.
 */
export type StatedPayment = z.infer<typeof statedPaymentSchema>;

export interface BundleRow {
  readonly transaction: TransactionJson;
  readonly abi?: readonly Record<string, unknown>[];
  readonly summary: EnvelopeSummary;
  readonly stated?: StatedFacts;
  /** What the proposer says this row pays; information, compared with the transaction, never trusted. */
  readonly statedPayment?: StatedPayment;
}

export interface EnvelopeBundle {
  readonly format: typeof BUNDLE_FORMAT;
  readonly version: typeof BUNDLE_VERSION;
  readonly network: EnvelopeNetwork;
  readonly permission?: Envelope['permission'];
  readonly accountPermissions?: Envelope['accountPermissions'];
  readonly note?: string;
  readonly createdAt: number;
  readonly rows: readonly BundleRow[];
}

export interface CreateBundleInput extends EnvelopeOptions {
  readonly network: EnvelopeNetwork;
  readonly permission?: Permission;
  readonly accountPermissions?: AccountPermissions;
  readonly note?: string;
  readonly createdAt: number;
  readonly rows: readonly {
    readonly transaction: TransactionJson;
    readonly abi?: readonly Record<string, unknown>[];
    readonly stated?: StatedFacts;
    readonly statedPayment?: StatedPayment;
  }[];
}

/** A bundle of 2,000 rows with an ABI entry each stays well under this. */
export const MAX_BUNDLE_TEXT_LENGTH = 40_000_000;
export const BUNDLE_FINGERPRINT_DOMAIN = 'tron-cosign-bundle/fingerprint/v1\n';

function fail(code: string, message: string, details?: Record<string, unknown>): never {
  throw new EnvelopeError(code, message, details);
}

/** Row `index` as the single envelope it stands for: what per-row checks, signing and merging take. */
export function rowEnvelope(bundle: EnvelopeBundle, index: number): Envelope {
  const row = bundle.rows[index];
  if (!row) fail('BUNDLE_NO_SUCH_ROW', `The bundle has no row ${index + 1}.`, { row: index + 1 });
  return envelopeOf(bundle, row);
}

function envelopeOf(bundle: Omit<EnvelopeBundle, 'rows'>, row: BundleRow): Envelope {
  const expiration = row.transaction?.raw_data?.expiration;
  return {
    format: ENVELOPE_FORMAT,
    version: ENVELOPE_VERSION,
    network: bundle.network,
    transaction: row.transaction,
    ...(bundle.permission ? { permission: bundle.permission } : {}),
    ...(bundle.accountPermissions ? { accountPermissions: bundle.accountPermissions } : {}),
    ...(row.abi ? { abi: row.abi } : {}),
    summary: row.summary,
    ...(bundle.note !== undefined ? { note: bundle.note } : {}),
    ...(row.stated ? { stated: row.stated } : {}),
    createdAt: bundle.createdAt,
    expiresAt: typeof expiration === 'number' ? expiration : Number(expiration ?? 0),
  };
}

function rowOf(envelope: Envelope, statedPayment: StatedPayment | undefined): BundleRow {
  return {
    transaction: envelope.transaction,
    ...(envelope.abi ? { abi: envelope.abi } : {}),
    summary: envelope.summary,
    ...(envelope.stated ? { stated: envelope.stated } : {}),
    ...(statedPayment ? { statedPayment } : {}),
  };
}

/** Runs `check` on row `index`, naming the row in any refusal. */
function atRow<T>(index: number, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof EnvelopeError)) throw error;
    throw new EnvelopeError(error.code, `Row ${index + 1}: ${error.message}`, { ...error.details, row: index + 1 });
  }
}

function bundleOf(head: Omit<EnvelopeBundle, 'rows'>, rows: BundleRow[]): EnvelopeBundle {
  return {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    network: { name: head.network.name, genesisBlockId: head.network.genesisBlockId.toLowerCase() },
    ...(head.permission ? { permission: head.permission } : {}),
    ...(head.accountPermissions ? { accountPermissions: head.accountPermissions } : {}),
    ...(head.note !== undefined ? { note: head.note } : {}),
    createdAt: head.createdAt,
    rows,
  };
}

/**
 * The checks a bundle adds to its rows' own: every row of one account, no transaction twice, and
 * every row's expiration inside the chain's 24 h limit counted from the proposal, so the whole
 * bundle can be signed and broadcast in one window (java-tron Manager.validateCommon).
 */
function checkRows(bundle: EnvelopeBundle): void {
  const seen = new Map<string, number>();
  const owner = bundle.rows[0]!.summary.owner;
  bundle.rows.forEach((row, index) => {
    const txId = row.transaction.txID;
    const earlier = seen.get(txId);
    if (earlier !== undefined)
      fail('BUNDLE_DUPLICATE_ROW', `Rows ${earlier + 1} and ${index + 1} hold the same transaction ${txId}.`, {
        row: index + 1,
      });
    seen.set(txId, index);
    if (row.summary.owner !== owner)
      fail(
        'BUNDLE_MIXED_ACCOUNTS',
        `Row ${index + 1} is paid from another account than row 1; a bundle pays from one account.`,
        { row: index + 1 },
      );
    const expiresAt = envelopeOf(bundle, row).expiresAt;
    if (expiresAt - bundle.createdAt > PROTOCOL_CONSTANTS.MAX_EXPIRATION_MS)
      fail(
        'BUNDLE_WINDOW_TOO_LONG',
        `Row ${index + 1} expires more than 24 hours after the bundle was proposed; no node would accept it ` +
          'until then.',
        { row: index + 1 },
      );
  });
}

export function createBundle(input: CreateBundleInput): EnvelopeBundle {
  if (!Array.isArray(input.rows) || input.rows.length === 0)
    fail('BUNDLE_EMPTY', 'Give at least one transaction to put in the bundle.');
  const rows = input.rows.map((row, index) =>
    atRow(index, () =>
      rowOf(
        createEnvelope({
          transaction: row.transaction,
          network: input.network,
          ...(input.permission ? { permission: input.permission } : {}),
          ...(input.accountPermissions ? { accountPermissions: input.accountPermissions } : {}),
          ...(row.abi ? { abi: row.abi } : {}),
          ...(input.note !== undefined ? { note: input.note } : {}),
          ...(row.stated ? { stated: row.stated } : {}),
          ...(input.decoder !== undefined ? { decoder: input.decoder } : {}),
          createdAt: input.createdAt,
        }),
        row.statedPayment,
      ),
    ),
  );
  const bundle = bundleOf(
    {
      format: BUNDLE_FORMAT,
      version: BUNDLE_VERSION,
      network: input.network,
      ...(input.permission ? { permission: toPermissionSnapshot(input.permission) } : {}),
      ...(input.accountPermissions
        ? { accountPermissions: toAccountPermissionsSnapshot(input.accountPermissions) }
        : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
      createdAt: input.createdAt,
    },
    rows,
  );
  // The shape a reader checks holds for what this wallet writes, too.
  checkBundleShape(JSON.parse(JSON.stringify(bundle)));
  checkRows(bundle);
  return bundle;
}

/** Canonical JSON text: the same bundle always gives the same bytes. */
export function serializeBundle(bundle: EnvelopeBundle): string {
  return canonicalJson(bundle);
}

/** Reads a bundle from text (or parsed JSON), checking its shape and every row's every claim. */
export function parseBundle(input: string | unknown, options: EnvelopeOptions = {}): EnvelopeBundle {
  const steps = readBundleSteps(input, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `parseBundle` one row at a time: yields how many rows were checked so far and returns the
 * bundle, so a caller that must keep its event loop answering (main's thread) can give it a turn
 * between rows. Recovering a row's signatures is the costly part, a few milliseconds each.
 */
export function* readBundleSteps(
  input: string | unknown,
  options: EnvelopeOptions = {},
): Generator<number, EnvelopeBundle, void> {
  const value = readReceivedJson(input, 'bundle', MAX_BUNDLE_TEXT_LENGTH);
  checkBundleShape(value);
  const bundle = value as EnvelopeBundle;
  const rows: BundleRow[] = [];
  for (const [index, row] of bundle.rows.entries()) {
    rows.push(atRow(index, () => rowOf(parseEnvelope(envelopeOf(bundle, row), options), row.statedPayment)));
    yield index + 1;
  }
  const verified = bundleOf(bundle, rows);
  checkRows(verified);
  return verified;
}

/**
 * The eight words co-signers read to each other for the whole bundle:
 * sha256("tron-cosign-bundle/fingerprint/v1\n" ‖ canonical JSON of
 *   { network: genesis id, rows: [{ abi: sha256(canonical ABI) | null, summary (without call.decoded), txID }] })
 * in row order, so reordering, dropping or changing any row changes the words. The stated
 * payments and the note are left out: they are the proposer's word, not what is signed.
 */
export function bundleFingerprint(bundle: EnvelopeBundle): Fingerprint {
  const body = canonicalJson({
    network: bundle.network.genesisBlockId.toLowerCase(),
    rows: bundle.rows.map((row) => ({
      abi: row.abi === undefined ? null : sha256Hex(canonicalJson(row.abi)),
      summary: summaryForFingerprint(row.summary),
      txID: row.transaction.txID.toLowerCase(),
    })),
  });
  return fingerprintFromDigest(sha256(utf8ToBytes(BUNDLE_FINGERPRINT_DOMAIN + body)));
}

function sha256Hex(text: string): string {
  return Array.from(sha256(utf8ToBytes(text)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Adds signatures row by row: `signatures[i]` is row i's new signature, or null where this signer
 * added none. Each is checked against the row's txID and permission as a single envelope's is: a
 * signer outside the permission, or one already on the row, is refused. The rows' transactions
 * were checked when the bundle was made or read and a signature does not change them, so they are
 * not encoded and hashed again. `signers` shares recoveries with the steps before (its progress).
 */
export function addBundleSignatures(
  bundle: EnvelopeBundle,
  signatures: readonly (string | null)[],
  options: { readonly signers?: SignerMemo } = {},
): EnvelopeBundle {
  if (signatures.length !== bundle.rows.length)
    fail(
      'BUNDLE_ROW_COUNT_DIFFERS',
      `${signatures.length} signatures were given for a bundle of ${bundle.rows.length} rows.`,
    );
  const rows = bundle.rows.map((row, index) => {
    const signature = signatures[index];
    if (signature === null || signature === undefined) return row;
    const recover = options.signers?.recover;
    return atRow(index, () =>
      rowOf(addCheckedSignature(envelopeOf(bundle, row), signature, recover ? { recover } : {}), row.statedPayment),
    );
  });
  return bundleOf(bundle, rows);
}

/**
 * Combines the signatures of several copies of one bundle, in any order: the result is the same
 * whatever the order. Refuses copies whose rows, network, note or proposal time differ.
 */
export function mergeBundles(bundles: readonly EnvelopeBundle[], options: EnvelopeOptions = {}): EnvelopeBundle {
  if (bundles.length === 0) fail('BUNDLE_NOTHING_TO_MERGE', 'Give at least one bundle to merge.');
  const first = bundles[0]!;
  const ids = first.rows.map((r) => r.transaction.txID.toLowerCase()).join(',');
  for (const other of bundles) {
    if (other.rows.map((r) => r.transaction.txID.toLowerCase()).join(',') !== ids)
      fail(
        'BUNDLE_ROWS_DIFFER',
        'These bundles hold different transactions or the same ones in another order; only copies of one ' +
          'bundle can be merged.',
      );
    const payments = (b: EnvelopeBundle) => canonicalJson(b.rows.map((r) => r.statedPayment ?? null));
    if (payments(other) !== payments(first))
      fail('BUNDLE_CONTEXT_DIFFERS', 'The bundles state different payments; they were not made from one proposal.');
  }
  const rows = first.rows.map((row, index) =>
    atRow(index, () =>
      rowOf(
        mergeEnvelopes(
          bundles.map((b) => envelopeOf(b, b.rows[index]!)),
          options,
        ),
        row.statedPayment,
      ),
    ),
  );
  return bundleOf(first, rows);
}

export interface BundleProgress {
  readonly rows: readonly SigningProgress[];
  /** How many rows have reached their threshold. */
  readonly ready: number;
  readonly thresholdMet: boolean;
}

/**
 * Every row's signing progress against the bundle's permission (or the one given). `signers` keeps
 * the recovered signers for the steps after (a signing that goes on to add its own).
 */
export function bundleProgress(
  bundle: EnvelopeBundle,
  options: { readonly permission?: Permission; readonly signers?: SignerMemo } = {},
): BundleProgress {
  const progressOptions = {
    ...(options.permission ? { permission: options.permission } : {}),
    ...(options.signers ? { recover: options.signers.recover } : {}),
  };
  const rows = bundle.rows.map((row, index) =>
    atRow(index, () => signingProgress(envelopeOf(bundle, row), progressOptions)),
  );
  const ready = rows.filter((p) => p.thresholdMet).length;
  return { rows, ready, thresholdMet: ready === rows.length };
}

/** Every row's expiry against the head block's time, never the local clock. */
export function bundleExpiry(bundle: EnvelopeBundle, headBlockTimeMs: number): readonly ExpiryStatus[] {
  return bundle.rows.map((row) => expiryStatus(envelopeOf(bundle, row), headBlockTimeMs));
}

/**
 * The rows to re-propose: expired at `headBlockTimeMs` without reaching their threshold. A row that
 * reached it may already be on the chain, so it is never in this set.
 */
export function reproposeSet(
  bundle: EnvelopeBundle,
  headBlockTimeMs: number,
  options: { permission?: Permission } = {},
): number[] {
  const expiry = bundleExpiry(bundle, headBlockTimeMs);
  const progress = bundleProgress(bundle, options).rows;
  return bundle.rows.flatMap((_, i) => (expiry[i]!.state === 'expired' && !progress[i]!.thresholdMet ? [i] : []));
}

/**
 * A new bundle of the rows `indices` (usually `reproposeSet`), each transaction rebuilt by
 * `rebuild` with a fresh reference block and expiration. The txIDs change, so the new bundle starts
 * unsigned; the stated payments carry over. The permission is the one given (as the chain holds it
 * now), else the old bundle's.
 */
export function reproposeBundle(
  bundle: EnvelopeBundle,
  indices: readonly number[],
  /** `place` is the row's place in the new bundle, 0-based. */
  rebuild: (envelope: Envelope, place: number) => TransactionJson,
  input: { readonly createdAt: number; readonly permission?: Permission } & EnvelopeOptions,
): EnvelopeBundle {
  if (indices.length === 0) fail('BUNDLE_EMPTY', 'No rows are left to re-propose.');
  const rows = indices.map((index, place) => {
    const row = bundle.rows[index];
    if (!row) fail('BUNDLE_NO_SUCH_ROW', `The bundle has no row ${index + 1}.`, { row: index + 1 });
    const { signature: _dropped, ...transaction } = rebuild(envelopeOf(bundle, row), place);
    return {
      transaction,
      ...(row.abi ? { abi: row.abi } : {}),
      ...(row.stated ? { stated: row.stated } : {}),
      ...(row.statedPayment ? { statedPayment: row.statedPayment } : {}),
    };
  });
  const permission = input.permission ?? (bundle.permission ? fromPermissionSnapshot(bundle.permission) : undefined);
  return createBundle({
    network: bundle.network,
    ...(permission ? { permission } : {}),
    ...(bundle.accountPermissions
      ? { accountPermissions: fromAccountPermissionsSnapshot(bundle.accountPermissions) }
      : {}),
    ...(bundle.note !== undefined ? { note: bundle.note } : {}),
    createdAt: input.createdAt,
    rows,
    ...(input.decoder !== undefined ? { decoder: input.decoder } : {}),
  });
}
