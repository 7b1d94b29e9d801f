import { AuditError, mergeAuditBundles, parseAuditBundle, type AuditBundle } from '../audit';
import { EnvelopeError, WalletError } from '../errors';
import { canonicalJson } from './canonical';

/**
 * The envelope's optional `audit` field: the audit log of the desks it passed (src-core/audit),
 * as that module's canonical bundle of the transaction's account. Older envelopes have none and
 * read as before.
 *
 * The fingerprint does not cover it, and nothing a signer signs does: signatures are over the
 * txID alone, and the fingerprint is what co-signers read to each other to agree on the
 * transaction. The log grows at every desk, so two copies of one proposal carry different logs
 * and must still show the same words. The field needs no such cover: every entry carries its own
 * hash chain, which `verifyAuditBundle` checks, and a desk merges it only when it verifies.
 */
export function carriedAudit(value: unknown, owner: string): AuditBundle {
  let bundle: AuditBundle;
  try {
    bundle = parseAuditBundle(canonicalJson(value));
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    throw new EnvelopeError(
      'ENVELOPE_BAD_AUDIT',
      `The audit log this envelope carries is damaged: ${error.message} Ask the sender for the file again.`,
      { cause: error.code },
    );
  }
  if (bundle.account !== owner.toLowerCase()) {
    throw new EnvelopeError(
      'ENVELOPE_BAD_AUDIT',
      `The audit log this envelope carries is the log of ${bundle.account}, not of the account that sends the ` +
        'transaction; it was put in the wrong envelope.',
    );
  }
  return bundle;
}

/** The logs several copies of one envelope carry, as one (a set union); a fork is refused with a sentence. */
export function mergeCarriedAudits(bundles: readonly (AuditBundle | undefined)[]): AuditBundle | undefined {
  const present = bundles.filter((b): b is AuditBundle => b !== undefined);
  if (present.length === 0) return undefined;
  try {
    return present.reduce((a, b) => mergeAuditBundles(a, b));
  } catch (error) {
    if (!(error instanceof AuditError)) throw error;
    throw new EnvelopeError('ENVELOPE_AUDIT_FORK', error.message, { cause: error.code });
  }
}

/** The envelope carrying `audit` (or none): only this field changes, so the fingerprint stays the same. */
export function withAudit<T extends { readonly audit?: AuditBundle }>(envelope: T, audit: AuditBundle | undefined): T {
  const { audit: _old, ...rest } = envelope;
  return (audit ? { ...rest, audit } : rest) as T;
}
