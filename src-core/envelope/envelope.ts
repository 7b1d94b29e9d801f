import type { HexAddress } from '../brand';
import { EnvelopeError, KeyError, TransactionError, WalletError } from '../errors';
import { hexToBytes, normalizeHex } from '../bytes/hex';
import { PROTOCOL_CONSTANTS } from '../chain/parameters';
import { toBigInt } from '../json/lossless';
import { readReceivedJson } from './received-json';
import { recoverAddress } from '../keys/keys';
import { permissionFor, weightOf, type AccountPermissions, type Permission } from '../permission/model';
import { signWeight, type SignProblem } from '../permission/sign-weight';
import { verifyTransactionIntegrity } from '../tx/codec';
import type { TransactionJson } from '../tx/types';
import { canonicalJson } from './canonical';
import { fingerprintOf, summaryForFingerprint, type Fingerprint } from './fingerprint';
import { ENVELOPE_FORMAT, ENVELOPE_VERSION, checkEnvelopeShape } from './schema';
import { newestPolicyRecord, type EnvelopePolicyRecord } from './policy-record';
import { normalizeStated, type StatedFacts } from './stated';
import type { AuditBundle } from '../audit';
import { carriedAudit, mergeCarriedAudits } from './audit-field';
import {
  fromAccountPermissionsSnapshot,
  fromPermissionSnapshot,
  toAccountPermissionsSnapshot,
  toPermissionSnapshot,
  type AccountPermissionsSnapshot,
  type PermissionSnapshot,
} from './snapshot';
import type { RecoverSigner } from './signer-memo';
import { summarizeTransaction, type CallDecoder, type EnvelopeSummary } from './summary';

/**
 * The co-signing envelope, "PSBT for TRON" (format in
 * docs/envelope.md): a transaction being signed by several people, with the context they need
 * to check it independently. Nothing in an envelope is trusted: the txID is recomputed from both
 * the JSON and raw_data_hex, every signature is recovered, and the summary is recomputed.
 */
export interface EnvelopeNetwork {
  /** Free text for people ("mainnet", "nile"); the genesis block id is what identifies the chain. */
  readonly name: string;
  readonly genesisBlockId: string;
}

export interface Envelope {
  readonly format: typeof ENVELOPE_FORMAT;
  readonly version: typeof ENVELOPE_VERSION;
  readonly network: EnvelopeNetwork;
  readonly transaction: TransactionJson;
  /** The permission the transaction is signed under (its id is raw_data.contract[0].Permission_id). */
  readonly permission?: PermissionSnapshot;
  /** The account's whole structure when proposed; gives a permission change its before/after diff. */
  readonly accountPermissions?: AccountPermissionsSnapshot;
  /** ABI entries used to decode a contract call. */
  readonly abi?: readonly Record<string, unknown>[];
  readonly summary: EnvelopeSummary;
  readonly note?: string;
  /**
   * Token facts and names the proposer's wallet knew (stated.ts): shown as the proposer's word,
   * never covered by the fingerprint or checked against anything.
   */
  readonly stated?: StatedFacts;
  /** The audit log of the desks it passed (audit-field.ts); not covered by the fingerprint. */
  readonly audit?: AuditBundle;
  /** The treasury policy a desk checked it against, with the outflows it counted (policy-record.ts). */
  readonly policy?: EnvelopePolicyRecord;
  /** When it was proposed (ms; chain time preferred, given by the caller). */
  readonly createdAt: number;
  /** = raw_data.expiration. */
  readonly expiresAt: number;
}

export interface EnvelopeOptions {
  /**
   * Decodes TriggerSmartContract data with the envelope's ABI. Default: src-core/abi
   * (`abiCallDecoder`); `false` leaves calls undecoded.
   */
  readonly decoder?: CallDecoder | false;
}

export interface CreateEnvelopeInput extends EnvelopeOptions {
  readonly transaction: TransactionJson;
  readonly network: EnvelopeNetwork;
  readonly permission?: Permission;
  readonly accountPermissions?: AccountPermissions;
  readonly abi?: readonly Record<string, unknown>[];
  readonly note?: string;
  readonly stated?: StatedFacts;
  readonly createdAt: number;
}

/** Envelopes larger than this are refused before parsing (a transaction is at most 500 kB). */
export const MAX_ENVELOPE_TEXT_LENGTH = 4_000_000;

function fail(code: string, message: string, details?: Record<string, unknown>): never {
  throw new EnvelopeError(code, message, details);
}

function checkIntegrity(tx: TransactionJson): string {
  try {
    return verifyTransactionIntegrity(tx);
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    if (error instanceof TransactionError && error.code === 'TX_ID_MISMATCH') {
      fail(
        'ENVELOPE_TXID_MISMATCH',
        'The txID in the envelope is not the hash of its transaction: the file was altered or damaged.',
        error.details ? { ...error.details } : undefined,
      );
    }
    if (error instanceof TransactionError && error.code === 'TX_JSON_HEX_MISMATCH') {
      fail(
        'ENVELOPE_JSON_HEX_MISMATCH',
        'The readable transaction and its raw_data_hex differ: what you would see is not what would be signed.',
        error.details ? { ...error.details } : undefined,
      );
    }
    fail('ENVELOPE_BAD_TRANSACTION', `The transaction in the envelope cannot be encoded: ${error.message}`, {
      cause: error.code,
    });
  }
}

interface CheckedSignature {
  readonly hex: string;
  readonly signer: HexAddress;
}

/**
 * Recovers every signature, refuses those that are not keys of `permission` (when known), and
 * returns them in canonical order (by signer address). Duplicates of one signer are refused, or
 * when merging reduced to the smallest signature hex so the result does not depend on order.
 */
function checkSignatures(
  txId: string,
  signatures: readonly string[],
  permission: Permission | undefined,
  duplicates: 'refuse' | 'drop',
  recover: RecoverSigner = recoverAddress,
): CheckedSignature[] {
  const digest = hexToBytes(txId);
  const bySigner = new Map<string, CheckedSignature>();
  signatures.forEach((text, index) => {
    let hex: string;
    let signer: HexAddress;
    try {
      hex = normalizeHex(text, `signature ${index + 1}`);
      if (hex.length !== PROTOCOL_CONSTANTS.SIGNATURE_LENGTH * 2)
        throw new KeyError('SIGNATURE_WRONG_LENGTH', `Signature size is ${hex.length / 2}`);
      signer = recover(digest, hexToBytes(hex));
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
      fail('ENVELOPE_BAD_SIGNATURE', `Signature ${index + 1} in the envelope is damaged: ${error.message}.`, { index });
    }
    if (permission && weightOf(permission, signer) === 0n) {
      fail(
        'ENVELOPE_FOREIGN_SIGNATURE',
        `Signature ${index + 1} was made by ${signer}, which is not a key of the permission this transaction ` +
          'is signed under.',
        { index, signer },
      );
    }
    const existing = bySigner.get(signer);
    if (existing) {
      if (duplicates === 'refuse')
        fail('ENVELOPE_DUPLICATE_SIGNER', `${signer} has signed this envelope twice; keep one signature from it.`, {
          signer,
        });
      if (hex < existing.hex) bySigner.set(signer, { hex, signer });
      return;
    }
    bySigner.set(signer, { hex, signer });
  });
  return [...bySigner.values()].sort((a, b) => (a.signer < b.signer ? -1 : a.signer > b.signer ? 1 : 0));
}

function sameSummary(stored: EnvelopeSummary, recomputed: EnvelopeSummary): boolean {
  if (canonicalJson(summaryForFingerprint(stored)) !== canonicalJson(summaryForFingerprint(recomputed))) return false;
  const a = stored.call?.decoded;
  const b = recomputed.call?.decoded;
  return a === undefined || b === undefined || canonicalJson(a) === canonicalJson(b);
}

function permissionOf(envelope: Pick<Envelope, 'permission'>): Permission | undefined {
  return envelope.permission ? fromPermissionSnapshot(envelope.permission) : undefined;
}

function withTransaction(tx: TransactionJson, signatures: readonly CheckedSignature[]): TransactionJson {
  const { signature: _old, ret: _ret, ...rest } = tx;
  const out: TransactionJson = { ...rest, txID: tx.txID.toLowerCase(), raw_data_hex: tx.raw_data_hex.toLowerCase() };
  return signatures.length > 0 ? { ...out, signature: signatures.map((s) => s.hex) } : out;
}

/**
 * Re-derives everything derivable and refuses any disagreement. Returns the envelope in
 * canonical form with the summary as this reader computes it.
 */
function verify(envelope: Envelope, options: EnvelopeOptions, duplicates: 'refuse' | 'drop'): Envelope {
  const tx = envelope.transaction;
  const txId = checkIntegrity(tx);
  const expiration = toBigInt(tx.raw_data.expiration ?? 0, 'raw_data.expiration');
  if (BigInt(envelope.expiresAt) !== expiration) {
    fail(
      'ENVELOPE_EXPIRY_MISMATCH',
      `expiresAt (${envelope.expiresAt}) is not the transaction's expiration (${expiration}).`,
    );
  }
  if (envelope.createdAt > envelope.expiresAt)
    fail('ENVELOPE_BAD_TIME', 'The envelope says it was created after its transaction expires.');
  const permissionId = tx.raw_data.contract[0]?.Permission_id ?? 0;
  const permission = permissionOf(envelope);
  if (permission && permission.id !== permissionId) {
    fail(
      'ENVELOPE_PERMISSION_MISMATCH',
      `The permission snapshot has id ${permission.id} but the transaction is signed under Permission_id ` +
        `${permissionId}.`,
    );
  }
  const account = envelope.accountPermissions ? fromAccountPermissionsSnapshot(envelope.accountPermissions) : undefined;
  if (permission && account) {
    const fromAccount = permissionFor(account, permissionId);
    if (!fromAccount || canonicalJson(toPermissionSnapshot(fromAccount)) !== canonicalJson(envelope.permission)) {
      fail(
        'ENVELOPE_PERMISSION_MISMATCH',
        "The permission snapshot differs from the same permission in the account's structure.",
      );
    }
  }
  const signatures = checkSignatures(txId, tx.signature ?? [], permission, duplicates);
  const stated = normalizeStated(envelope.stated);
  const normalized = withTransaction(tx, signatures);
  const summary = summarizeTransaction(normalized, {
    ...(account ? { accountPermissions: account } : {}),
    ...(envelope.abi ? { abi: envelope.abi } : {}),
    ...(options.decoder !== undefined ? { decoder: options.decoder } : {}),
  });
  if (!sameSummary(envelope.summary, summary)) {
    fail(
      'ENVELOPE_SUMMARY_MISMATCH',
      "The envelope's summary does not describe its transaction: it was altered. Trust only the summary this " +
        'wallet shows.',
    );
  }
  // Read against the owner this reader computed, never the summary the sender wrote.
  const audit = envelope.audit === undefined ? undefined : carriedAudit(envelope.audit, summary.owner);
  return {
    format: ENVELOPE_FORMAT,
    version: ENVELOPE_VERSION,
    network: { name: envelope.network.name, genesisBlockId: envelope.network.genesisBlockId.toLowerCase() },
    transaction: normalized,
    ...(envelope.permission ? { permission: toPermissionSnapshot(permission!) } : {}),
    ...(envelope.accountPermissions ? { accountPermissions: toAccountPermissionsSnapshot(account!) } : {}),
    ...(envelope.abi ? { abi: envelope.abi } : {}),
    summary,
    ...(envelope.note !== undefined ? { note: envelope.note } : {}),
    ...(stated ? { stated } : {}),
    ...(audit ? { audit } : {}),
    ...(envelope.policy ? { policy: envelope.policy } : {}),
    createdAt: envelope.createdAt,
    expiresAt: envelope.expiresAt,
  };
}

/** The envelope with this desk's policy record in place of any earlier one (outside the fingerprint). */
export function withPolicyRecord(
  envelope: Envelope,
  record: EnvelopePolicyRecord,
  options: EnvelopeOptions = {},
): Envelope {
  return verify({ ...envelope, policy: record }, options, 'refuse');
}

// Only the fields an envelope defines; a node's answer may add `ret` or other keys.
function pickTransaction(tx: TransactionJson): TransactionJson {
  return {
    ...(tx.visible !== undefined ? { visible: tx.visible } : {}),
    txID: tx.txID,
    raw_data: tx.raw_data,
    raw_data_hex: tx.raw_data_hex,
    ...(tx.signature !== undefined ? { signature: tx.signature } : {}),
    ...(tx.contract_address !== undefined ? { contract_address: tx.contract_address } : {}),
  };
}

export function createEnvelope(input: CreateEnvelopeInput): Envelope {
  const tx = input.transaction;
  if (tx === null || typeof tx !== 'object' || tx.raw_data === null || typeof tx.raw_data !== 'object') {
    fail('ENVELOPE_BAD_TRANSACTION', 'Give a transaction with raw_data to put in the envelope.');
  }
  const transaction = pickTransaction(tx);
  const draft = {
    format: ENVELOPE_FORMAT,
    version: ENVELOPE_VERSION,
    network: input.network,
    transaction,
    ...(input.permission ? { permission: toPermissionSnapshot(input.permission) } : {}),
    ...(input.accountPermissions ? { accountPermissions: toAccountPermissionsSnapshot(input.accountPermissions) } : {}),
    ...(input.abi ? { abi: input.abi } : {}),
    ...(input.note !== undefined ? { note: input.note } : {}),
    ...(input.stated ? { stated: input.stated } : {}),
    createdAt: input.createdAt,
    expiresAt: Number(toBigInt(tx.raw_data.expiration ?? 0, 'raw_data.expiration')),
    summary: {},
  };
  // The draft goes through the same shape and meaning checks as a received envelope.
  checkEnvelopeShape(draft);
  checkIntegrity(transaction);
  const summary = summarizeTransaction(transaction, {
    ...(input.accountPermissions ? { accountPermissions: input.accountPermissions } : {}),
    ...(input.abi ? { abi: input.abi } : {}),
    ...(input.decoder !== undefined ? { decoder: input.decoder } : {}),
  });
  return verify({ ...draft, summary } as Envelope, input, 'refuse');
}

/** Canonical JSON text: the same envelope always gives the same bytes. */
export function serializeEnvelope(envelope: Envelope): string {
  return canonicalJson(envelope);
}

/** Reads an envelope from text (or already-parsed JSON), checking every field and every claim. */
export function parseEnvelope(input: string | unknown, options: EnvelopeOptions = {}): Envelope {
  const value = readReceivedJson(input, 'envelope', MAX_ENVELOPE_TEXT_LENGTH);
  checkEnvelopeShape(value);
  return verify(value as Envelope, options, 'refuse');
}

export function envelopeFingerprint(envelope: Envelope): Fingerprint {
  return fingerprintOf({
    genesisBlockId: envelope.network.genesisBlockId,
    txId: envelope.transaction.txID,
    summary: envelope.summary,
    ...(envelope.abi ? { abi: envelope.abi } : {}),
  });
}

/** Adds one signature (e.g. from the vault) after checking it belongs to the permission. */
export function addEnvelopeSignature(
  envelope: Envelope,
  signatureHex: string,
  options: EnvelopeOptions = {},
): Envelope {
  const signatures = [...(envelope.transaction.signature ?? []), signatureHex];
  return verify({ ...envelope, transaction: { ...envelope.transaction, signature: signatures } }, options, 'refuse');
}

/**
 * Adds one signature to an envelope this wallet made or read, whose transaction, txID and summary
 * were checked then and do not change with a signature: the signatures are checked as `verify`
 * checks them (each recovered, a key of the permission, no signer twice) and put in canonical
 * order, without encoding, hashing and summarising the transaction again. `recover` lets the steps
 * of one signing share their recoveries (signer-memo.ts).
 */
export function addCheckedSignature(
  envelope: Envelope,
  signatureHex: string,
  options: { readonly recover?: RecoverSigner } = {},
): Envelope {
  const tx = envelope.transaction;
  const signatures = checkSignatures(
    tx.txID,
    [...(tx.signature ?? []), signatureHex],
    permissionOf(envelope),
    'refuse',
    options.recover,
  );
  return { ...envelope, transaction: withTransaction(tx, signatures) };
}

function sameOrMissing<T>(values: readonly (T | undefined)[], code: string, what: string): T | undefined {
  const present = values.filter((v): v is T => v !== undefined);
  const first = present[0];
  if (first !== undefined && present.some((v) => canonicalJson(v) !== canonicalJson(first))) {
    fail(code, `The envelopes disagree about ${what}; they were not made from the same proposal.`);
  }
  return first;
}

/**
 * Combines the signatures of several envelopes of the same transaction, in any order: the
 * result is the same whatever the order (signatures sorted by signer, one per signer). Refuses
 * envelopes of different transactions, networks or proposals, and signatures that are not keys
 * of the permission when the permission is known.
 */
export function mergeEnvelopes(envelopes: readonly Envelope[], options: EnvelopeOptions = {}): Envelope {
  if (envelopes.length === 0) fail('ENVELOPE_NOTHING_TO_MERGE', 'Give at least one envelope to merge.');
  const verified = envelopes.map((e) => verify(e, options, 'refuse'));
  const first = verified[0]!;
  for (const e of verified) {
    if (e.transaction.txID !== first.transaction.txID) {
      fail(
        'ENVELOPE_TXID_DIFFERS',
        `These envelopes hold different transactions (${first.transaction.txID} and ${e.transaction.txID}); ` +
          'only signatures of the same transaction can be merged.',
      );
    }
    if (e.network.genesisBlockId !== first.network.genesisBlockId || e.network.name !== first.network.name) {
      fail(
        'ENVELOPE_NETWORK_DIFFERS',
        `These envelopes are for different networks (${first.network.name} and ${e.network.name}).`,
      );
    }
    if (e.createdAt !== first.createdAt || e.note !== first.note)
      fail(
        'ENVELOPE_CONTEXT_DIFFERS',
        'The envelopes carry different notes or creation times; they were not made from the same proposal.',
      );
  }
  const permission = sameOrMissing(
    verified.map((e) => e.permission),
    'ENVELOPE_PERMISSION_DIFFERS',
    'the permission the transaction is signed under',
  );
  const accountPermissions = sameOrMissing(
    verified.map((e) => e.accountPermissions),
    'ENVELOPE_CONTEXT_DIFFERS',
    "the account's permissions",
  );
  const abi = sameOrMissing(
    verified.map((e) => e.abi),
    'ENVELOPE_CONTEXT_DIFFERS',
    'the contract ABI',
  );
  const stated = sameOrMissing(
    verified.map((e) => e.stated),
    'ENVELOPE_CONTEXT_DIFFERS',
    'the token facts and names the proposer stated',
  );
  const audit = mergeCarriedAudits(verified.map((e) => e.audit));
  // Desks may have checked against different policy versions: the newest report travels on.
  const policy = newestPolicyRecord(verified.map((e) => e.policy));
  // The same bytes can be written as hex or base58 JSON; take one form regardless of order.
  const transaction = verified
    .map((e) => e.transaction)
    .sort((a, b) => (canonicalJson({ ...a, signature: [] }) < canonicalJson({ ...b, signature: [] }) ? -1 : 1))[0]!;
  const all = verified.flatMap((e) => e.transaction.signature ?? []);
  const signatures = checkSignatures(
    first.transaction.txID,
    all,
    permission ? fromPermissionSnapshot(permission) : undefined,
    'drop',
  );
  const tx = withTransaction(transaction, signatures);
  const account = accountPermissions ? fromAccountPermissionsSnapshot(accountPermissions) : undefined;
  const summary = summarizeTransaction(tx, {
    ...(account ? { accountPermissions: account } : {}),
    ...(abi ? { abi } : {}),
    ...(options.decoder !== undefined ? { decoder: options.decoder } : {}),
  });
  const merged: Envelope = {
    ...first,
    transaction: tx,
    ...(permission ? { permission } : {}),
    ...(accountPermissions ? { accountPermissions } : {}),
    ...(abi ? { abi } : {}),
    ...(stated ? { stated } : {}),
    ...(audit ? { audit } : {}),
    ...(policy ? { policy } : {}),
    summary,
  };
  return verify(merged, options, 'refuse');
}

export interface SigningProgress {
  readonly threshold: bigint;
  readonly currentWeight: bigint;
  readonly remainingWeight: bigint;
  readonly thresholdMet: boolean;
  readonly signed: readonly { readonly address: HexAddress; readonly weight: bigint }[];
  readonly missing: readonly { readonly address: HexAddress; readonly weight: bigint }[];
  readonly problems: readonly SignProblem[];
}

/**
 * Who signed, who is missing, and whether the threshold is met (via the permission module).
 * `recover` lets a caller that goes on to sign share the recoveries (signer-memo.ts).
 */
export function signingProgress(
  envelope: Envelope,
  options: { permission?: Permission; recover?: RecoverSigner } = {},
): SigningProgress {
  const permission = options.permission ?? permissionOf(envelope);
  if (!permission)
    fail(
      'ENVELOPE_NO_PERMISSION',
      'The envelope carries no permission snapshot; give the permission to measure signing progress against.',
    );
  const result = signWeight(envelope.transaction, { permission }, options.recover ? { recover: options.recover } : {});
  return {
    threshold: result.threshold,
    currentWeight: result.currentWeight,
    remainingWeight: result.remainingWeight,
    thresholdMet: result.thresholdMet,
    signed: result.signatures
      .filter((s) => s.status === 'counted')
      .map((s) => ({ address: s.signer!, weight: s.weight })),
    missing: result.missing,
    problems: result.problems,
  };
}

export type ExpiryState = 'open' | 'expiring' | 'expired' | 'too-early';

export interface ExpiryStatus {
  readonly state: ExpiryState;
  /** expiresAt minus the head block time (negative once expired). */
  readonly remainingMs: number;
}

/**
 * Expiry against the chain's head-block time, never the local clock (java-tron Manager.validateCommon):
 * a transaction must expire after the next slot (head + 3 s) and at most 24 h after the head.
 */
export function expiryStatus(
  envelope: Pick<Envelope, 'expiresAt'>,
  headBlockTimeMs: number,
  options: { soonMs?: number } = {},
): ExpiryStatus {
  if (!Number.isSafeInteger(headBlockTimeMs) || headBlockTimeMs <= 0)
    fail('ENVELOPE_BAD_TIME', 'The head block time must be a positive number of milliseconds.');
  const soon = options.soonMs ?? 30_000;
  const remainingMs = envelope.expiresAt - headBlockTimeMs;
  if (remainingMs < PROTOCOL_CONSTANTS.BLOCK_INTERVAL_MS) return { state: 'expired', remainingMs };
  if (remainingMs > PROTOCOL_CONSTANTS.MAX_EXPIRATION_MS) return { state: 'too-early', remainingMs };
  return { state: remainingMs < soon ? 'expiring' : 'open', remainingMs };
}
