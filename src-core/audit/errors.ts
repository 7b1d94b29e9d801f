import { WalletError, registerErrorClass } from '../errors';

/**
 * An audit bundle or entry that cannot be read, built or merged. A bundle that reads but does not
 * check out is not thrown: `verifyAuditBundle` answers with the first broken entry instead.
 */
export class AuditError extends WalletError {
  override name = 'AuditError';
}
registerErrorClass('AuditError', AuditError);

/** Codes thrown as `AuditError` while reading, appending or merging. */
export const AuditErrorCode = {
  /** The bytes are not UTF-8 JSON. */
  unreadable: 'AUDIT_UNREADABLE',
  /** The JSON does not have the bundle's shape; `details.path` names the field. */
  malformed: 'AUDIT_MALFORMED',
  /** The text is not the bundle's canonical form (order, spacing, duplicates). */
  notCanonical: 'AUDIT_NOT_CANONICAL',
  /** An entry was appended after a head of another desk or account. */
  wrongChain: 'AUDIT_WRONG_CHAIN',
  /** Two bundles of different accounts were merged. */
  otherAccount: 'AUDIT_OTHER_ACCOUNT',
  /** Two bundles hold different entries at the same place in one desk's chain. */
  fork: 'AUDIT_FORK',
} as const;
export type AuditErrorCode = (typeof AuditErrorCode)[keyof typeof AuditErrorCode];
