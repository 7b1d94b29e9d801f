import { toBase58Address } from '../../../src-core/address/address';
import { canonicalJson, expiryStatus, toPermissionSnapshot, type Envelope } from '../../../src-core/envelope';
import type { CheckView, ExpiryView, ProgressView } from '../../../src-core/ipc/channels/cosign';
import { weightOf, type Permission } from '../../../src-core/permission/model';
import { operationsAllow } from '../../../src-core/permission/operations';
import { signWeight } from '../../../src-core/permission/sign-weight';
import type { ContractTypeName } from '../../../src-core/tx/contract-types';
import type { Names } from '../chain-knowledge/names';
import { keyText } from '../chain-knowledge/key-text';

/**
 * The checks of an envelope that need no chain: its integrity, each signature against a given
 * permission, what that permission may sign, the progress toward its threshold and the expiry
 * against a given time. The inbox runs them with the permission and head block its node reports
 * (`verify.ts`); the offline signer with the envelope's own permission and this computer's clock.
 */

/** The last minutes in which an envelope with a long window warns that it is about to expire. */
export const EXPIRY_WARNING_MS = 5 * 60_000;

export function check(id: CheckView['id'], outcome: CheckView['outcome'], title: string, message: string): CheckView {
  return { id, outcome, title, message };
}

/** `parseEnvelope` refuses any envelope whose txID, hex and JSON disagree, so a parsed one passed. */
export function integrityCheck(): CheckView {
  return check(
    'integrity',
    'passed',
    'Transaction intact',
    'The txID was recomputed from both the readable JSON and raw_data_hex, and the summary from the transaction itself: they all agree.',
  );
}

export function sameSnapshot(a: Permission, b: Permission): boolean {
  return canonicalJson(toPermissionSnapshot(a)) === canonicalJson(toPermissionSnapshot(b));
}

/** The last 5 minutes, or the last quarter of a shorter window (at least 30 s). */
export function warningPeriod(windowMs: number): number {
  return Math.min(EXPIRY_WARNING_MS, Math.max(30_000, Math.floor(windowMs / 4)));
}

/** The expiry counted from `now` (a head block's time, or this computer's clock offline); null: unknown. */
export function expiryView(envelope: Envelope, now: number | null): ExpiryView {
  const windowMs = envelope.expiresAt - Number(envelope.transaction.raw_data.timestamp ?? envelope.createdAt);
  const warnBelowMs = warningPeriod(windowMs);
  if (now === null)
    return {
      expiresAt: envelope.expiresAt,
      headTime: null,
      remainingMs: null,
      state: 'unknown',
      windowMs,
      warnBelowMs,
    };
  const status = expiryStatus(envelope, now, { soonMs: warnBelowMs });
  return {
    expiresAt: envelope.expiresAt,
    headTime: now,
    remainingMs: status.remainingMs,
    state: status.state,
    windowMs,
    warnBelowMs,
  };
}

/** Whose time the expiry was counted on: the node's head block, or this computer's clock. */
export type ExpiryClock = 'chain' | 'local';

export function expiryCheck(expiry: ExpiryView, clock: ExpiryClock = 'chain'): CheckView {
  const minutes = (ms: number) => `${Math.max(0, Math.round(ms / 60_000))} min`;
  const past = clock === 'chain' ? 'The head block is past' : 'By this computer’s clock it is past';
  switch (expiry.state) {
    case 'expired':
      return check(
        'expiry',
        'warning',
        'Expired',
        `${past} this transaction’s expiration: no node will accept it. Re-propose it to collect signatures for a fresh copy.`,
      );
    case 'too-early':
      return check(
        'expiry',
        'warning',
        'Expires too late',
        clock === 'chain'
          ? 'Its expiration is more than 24 hours after the head block: nodes refuse it until the chain catches up.'
          : 'Its expiration is more than 24 hours after this computer’s clock: nodes refuse it until then (or this clock is wrong).',
      );
    case 'expiring':
      return check(
        'expiry',
        'warning',
        'Expires soon',
        `Only ${minutes(expiry.remainingMs ?? 0)} of ${clock === 'chain' ? 'chain time' : 'time by this computer’s clock'} left before it expires.`,
      );
    case 'open':
      return check(
        'expiry',
        'passed',
        'Signing window open',
        clock === 'chain'
          ? `${minutes(expiry.remainingMs ?? 0)} of chain time left (counted from this node’s head block).`
          : `${minutes(expiry.remainingMs ?? 0)} left by this computer’s clock (the chain’s time cannot be read offline).`,
      );
    default:
      return check('expiry', 'skipped', 'Expiry', 'The node is not answering, so the time left is unknown.');
  }
}

/** Progress against `permission`, with names; the node's figures are filled in by the caller. */
export function progressView(
  envelope: Envelope,
  permission: Permission,
  basis: ProgressView['basis'],
  names: Names,
): ProgressView {
  const result = signWeight(envelope.transaction, { permission });
  const signed = new Set(result.approved);
  return {
    permissionId: permission.id,
    permissionName: permission.name,
    permissionType: permission.type,
    threshold: result.threshold,
    currentWeight: result.currentWeight,
    thresholdMet: result.thresholdMet,
    basis,
    signers: permission.keys.map((k, i) => {
      const known = names.get(k.address);
      return {
        key: keyText(i + 1, known, signed.has(k.address)),
        custody: known?.custody ?? null,
        address: toBase58Address(k.address),
        name: names.nameText(k.address) ?? null,
        source: known?.source ?? null,
        weight: k.weight,
        signed: signed.has(k.address),
        accountId: known?.accountId ?? null,
      };
    }),
    problems: result.problems.map((p) => p.message),
    node: { checked: false, currentWeight: null, approved: [], thresholdMet: null, agrees: null, message: null },
  };
}

/** A refusal when `permission` (an Active one with operations) may not sign this contract type. */
export function operationsRefusal(envelope: Envelope, permission: Permission): CheckView | null {
  const type = envelope.summary.contractType as ContractTypeName;
  if (permission.type !== 'Active' || !permission.operations || operationsAllow(permission.operations, type))
    return null;
  return check(
    'permission',
    'failed',
    'Permission may not sign this',
    `Permission ${permission.id} “${permission.name}” is not allowed to sign a ${type}; the node would refuse it (“Permission denied”).`,
  );
}

/** A refusal naming every signer that is not a key of `permission`, or null when all are. */
export function strangerRefusal(
  envelope: Envelope,
  permission: Permission,
  names: Names,
  where: string,
): CheckView | null {
  const tx = envelope.transaction;
  if ((tx.signature ?? []).length === 0) return null;
  const foreign = signWeight(tx, { permission }).signatures.filter(
    (s) => s.signer !== undefined && weightOf(permission, s.signer) === 0n,
  );
  if (foreign.length === 0) return null;
  return check(
    'signatures',
    'failed',
    'Signature by a stranger',
    `${foreign.map((s) => names.label(s.signer!)).join(', ')} signed, but ${foreign.length === 1 ? 'is' : 'are'} not a key of permission ${permission.id} ${where}.`,
  );
}

/** What passing signatures look like, whichever permission they were weighed against. */
export function signaturesPassed(envelope: Envelope): CheckView {
  const count = envelope.transaction.signature?.length ?? 0;
  return check(
    'signatures',
    'passed',
    'Signatures',
    count === 0
      ? 'No signatures yet.'
      : `${count} signature${count === 1 ? '' : 's'}, each recovered to a different key of the permission; nobody signed twice.`,
  );
}
