import { hexToBytes } from '../bytes/hex';
import { recoverAddress } from '../keys/keys';
import type { AuditBundle, AuditHead } from './bundle';
import { compareEntries } from './bundle';
import { KINDS_WITH_TXID, type AuditEntry, type AuditKind } from './entry';
import { auditEntryHash } from './hash';

export const AuditFailureCode = {
  /** The entry names another account than the bundle. */
  otherAccount: 'AUDIT_OTHER_ACCOUNT',
  /** The entry's content does not hash to its stated hash: it was changed. */
  hashMismatch: 'AUDIT_HASH_MISMATCH',
  /** Two entries hold the same place in one desk's chain. */
  fork: 'AUDIT_FORK',
  /** The entry's `prev` is not the hash of the entry before it (or is not null at place 0). */
  brokenLink: 'AUDIT_BROKEN_LINK',
  /** The entry before this one in its desk's chain is not in the bundle. */
  missingPrevious: 'AUDIT_MISSING_PREVIOUS',
  /** A consent, signature, broadcast or confirmation that names no transaction. */
  noTxId: 'AUDIT_NO_TXID',
  /** The signature does not recover to its stated signer over the entry's txID. */
  badSignature: 'AUDIT_BAD_SIGNATURE',
  /** The permission hook says the signer could not sign for the account at that block. */
  signerNotPermitted: 'AUDIT_SIGNER_NOT_PERMITTED',
  /** A desk's stated last entry is not in the bundle (its tail was cut off). */
  headMissing: 'AUDIT_HEAD_MISSING',
  /** A desk has entries but no stated last entry, or entries after it. */
  headWrong: 'AUDIT_HEAD_WRONG',
} as const;
export type AuditFailureCode = (typeof AuditFailureCode)[keyof typeof AuditFailureCode];

/** Which entry broke: enough to find it in the file even when its content is not to be trusted. */
export interface AuditEntryRef {
  readonly desk: string;
  readonly seq: number;
  readonly hash: string;
  readonly kind?: AuditKind;
}

export type AuditVerdict =
  | { readonly ok: true; readonly entries: number; readonly chains: number }
  | { readonly ok: false; readonly code: AuditFailureCode; readonly message: string; readonly entry: AuditEntryRef };

export interface PermissionQuery {
  readonly account: string;
  readonly signer: string;
  /** The block of the transaction's confirmation entry; `null` when the bundle has none. */
  readonly block: bigint | null;
  readonly txId: string;
}

export interface PermissionAnswer {
  readonly allowed: boolean;
  /** The signer's key weight in the permission the transaction used (0 when not a member). */
  readonly weight: bigint;
}

/**
 * Whether `signer` could sign for `account` at `block`. Needs the chain's account state, so it is
 * supplied by the caller (a node, or a stored permission history); this module stays pure.
 */
export type PermissionAt = (query: PermissionQuery) => PermissionAnswer | Promise<PermissionAnswer>;

export interface VerifyOptions {
  readonly permissionAt?: PermissionAt;
}

type Failure = { code: AuditFailureCode; message: string };

/**
 * Checks a parsed bundle and answers with the first broken entry. Order: desks by id, each desk's
 * entries by place; for each entry its account, hash, place, link to the previous entry, txID,
 * signature and (with a hook) permission; after a desk's last entry, its stated head; last, heads
 * of desks that have no entries at all.
 */
export async function verifyAuditBundle(bundle: AuditBundle, options: VerifyOptions = {}): Promise<AuditVerdict> {
  const entries = [...bundle.entries].sort(compareEntries);
  const blocks = confirmationBlocks(entries);
  const heads = new Map(bundle.heads.map((h) => [h.desk, h]));
  const byPlace = new Map<string, AuditEntry>();
  const seen = new Set<string>();
  let desks = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (!entry) continue;
    const failure =
      checkEntry(bundle, entry, byPlace) ??
      (options.permissionAt ? await checkPermission(bundle, entry, blocks, options.permissionAt) : undefined);
    if (failure) return broken(failure, entry);
    byPlace.set(`${entry.desk}\n${entry.seq}`, entry);
    const next = entries[i + 1];
    if (!next || next.desk !== entry.desk) {
      desks++;
      seen.add(entry.desk);
      const headFailure = checkHead(heads.get(entry.desk), entry);
      if (headFailure) return headFailure;
    }
  }
  for (const head of [...heads.values()].sort((a, b) => (a.desk < b.desk ? -1 : a.desk > b.desk ? 1 : 0))) {
    if (!seen.has(head.desk)) return missingHead(head);
  }
  return { ok: true, entries: entries.length, chains: desks };
}

function checkEntry(bundle: AuditBundle, entry: AuditEntry, byPlace: Map<string, AuditEntry>): Failure | undefined {
  if (entry.account !== bundle.account) {
    return {
      code: AuditFailureCode.otherAccount,
      message: `It belongs to account ${entry.account}, but the bundle is the log of ${bundle.account}.`,
    };
  }
  if (auditEntryHash(entry) !== entry.hash) {
    return { code: AuditFailureCode.hashMismatch, message: 'Its content does not match its hash: it was changed.' };
  }
  if (byPlace.has(`${entry.desk}\n${entry.seq}`)) {
    return { code: AuditFailureCode.fork, message: `Its desk has another entry at the same place ${entry.seq}.` };
  }
  const linkFailure = checkLink(entry, byPlace);
  if (linkFailure) return linkFailure;
  if (KINDS_WITH_TXID.includes(entry.body.kind) && entry.txId === undefined) {
    return { code: AuditFailureCode.noTxId, message: `The ${entry.body.kind} names no transaction.` };
  }
  if (entry.body.kind === 'signature' && entry.txId !== undefined) {
    let signer: string | undefined;
    try {
      signer = recoverAddress(hexToBytes(entry.txId), hexToBytes(entry.body.signature));
    } catch {
      signer = undefined;
    }
    if (signer !== entry.body.signer) {
      return {
        code: AuditFailureCode.badSignature,
        message: `Its signature was not made by ${entry.body.signer} over transaction ${entry.txId}.`,
      };
    }
  }
  return undefined;
}

function checkLink(entry: AuditEntry, byPlace: Map<string, AuditEntry>): Failure | undefined {
  if (entry.seq === 0) {
    if (entry.prev === null) return undefined;
    return { code: AuditFailureCode.brokenLink, message: 'It is the first entry of its desk but links to another.' };
  }
  const previous = byPlace.get(`${entry.desk}\n${entry.seq - 1}`);
  if (!previous) {
    return {
      code: AuditFailureCode.missingPrevious,
      message: `The entry before it (place ${entry.seq - 1} of desk ${entry.desk}) is missing from the bundle.`,
    };
  }
  if (entry.prev !== previous.hash) {
    return { code: AuditFailureCode.brokenLink, message: 'It does not link to the entry before it in its desk.' };
  }
  return undefined;
}

function confirmationBlocks(entries: readonly AuditEntry[]): Map<string, bigint> {
  const blocks = new Map<string, bigint>();
  for (const e of entries) {
    if (e.body.kind === 'confirmation' && e.txId !== undefined && !blocks.has(e.txId)) blocks.set(e.txId, e.body.block);
  }
  return blocks;
}

async function checkPermission(
  bundle: AuditBundle,
  entry: AuditEntry,
  blocks: Map<string, bigint>,
  permissionAt: PermissionAt,
): Promise<Failure | undefined> {
  if (entry.body.kind !== 'signature' || entry.txId === undefined) return undefined;
  const block = blocks.get(entry.txId) ?? null;
  const answer = await permissionAt({ account: bundle.account, signer: entry.body.signer, block, txId: entry.txId });
  if (answer.allowed && answer.weight > 0n) return undefined;
  const where = block === null ? 'at the latest block' : `at block ${block}`;
  return {
    code: AuditFailureCode.signerNotPermitted,
    message: `${entry.body.signer} could not sign for ${bundle.account} ${where}: its key is not in the permission.`,
  };
}

function checkHead(head: AuditHead | undefined, last: AuditEntry): AuditVerdict | undefined {
  if (!head) {
    return broken(
      { code: AuditFailureCode.headWrong, message: `Desk ${last.desk} has entries but the bundle states no last one.` },
      last,
    );
  }
  if (head.seq > last.seq) return missingHead(head);
  if (head.seq < last.seq || head.hash !== last.hash) {
    return broken(
      {
        code: AuditFailureCode.headWrong,
        message: `The bundle states place ${head.seq} as desk ${head.desk}'s last entry, but this one is.`,
      },
      last,
    );
  }
  return undefined;
}

function missingHead(head: AuditHead): AuditVerdict {
  return {
    ok: false,
    code: AuditFailureCode.headMissing,
    message:
      `Desk ${head.desk}'s last entry (place ${head.seq}) is missing: the bundle was cut short, or the ` +
      'entry was removed.',
    entry: { desk: head.desk, seq: head.seq, hash: head.hash },
  };
}

function broken(failure: Failure, entry: AuditEntry): AuditVerdict {
  return {
    ok: false,
    code: failure.code,
    message: `Entry ${entry.seq} of desk ${entry.desk} (${entry.body.kind}): ${failure.message}`,
    entry: { desk: entry.desk, seq: entry.seq, hash: entry.hash, kind: entry.body.kind },
  };
}
