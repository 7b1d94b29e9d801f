export { AuditError, AuditErrorCode } from './errors';
export {
  auditBodySchema,
  auditEntrySchema,
  auditEntryContentSchema,
  KEY_KINDS,
  KINDS_WITH_TXID,
  VERDICTS,
  type AuditBody,
  type AuditBodyInput,
  type AuditEntry,
  type AuditEntryContent,
  type AuditKind,
} from './entry';
export { AUDIT_ENTRY_DOMAIN, auditEntryHash } from './hash';
export { appendAuditEntry, type AppendInput } from './append';
export {
  AUDIT_BUNDLE_FORMAT,
  auditBundleSchema,
  compareEntries,
  createAuditBundle,
  mergeAuditBundles,
  parseAuditBundle,
  serializeAuditBundle,
  type AuditBundle,
  type AuditHead,
} from './bundle';
export {
  AuditFailureCode,
  verifyAuditBundle,
  type AuditEntryRef,
  type AuditVerdict,
  type PermissionAnswer,
  type PermissionAt,
  type PermissionQuery,
  type VerifyOptions,
} from './verify';
