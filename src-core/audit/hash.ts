import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '../bytes/hex';
import { utf8ToBytes } from '../bytes/utf8';
import { canonicalJson } from '../envelope/canonical';
import type { AuditEntry, AuditEntryContent } from './entry';

/**
 * Domain tag: a digest made for an audit entry can never be mistaken for an envelope or bundle
 * fingerprint, which hash the same canonical JSON under their own tags.
 */
export const AUDIT_ENTRY_DOMAIN = 'tron-wallet-audit/entry/v1\n';

/**
 * hash = sha256(AUDIT_ENTRY_DOMAIN ‖ canonical JSON of the entry without `hash`).
 * The content holds `prev`, the previous entry's hash, so each hash commits to the whole chain
 * before it: the forward-chained log of Schneier and Kelsey's "Secure Audit Logs to Support
 * Computer Forensics" (1999), without their MACs, since the entries are public evidence.
 */
export function auditEntryHash(content: AuditEntryContent): string {
  const { hash: _ignored, ...rest } = content as AuditEntryContent & { hash?: string };
  return bytesToHex(sha256(utf8ToBytes(AUDIT_ENTRY_DOMAIN + canonicalJson(rest))));
}

export function sealEntry(content: AuditEntryContent): AuditEntry {
  return { ...content, hash: auditEntryHash(content) };
}
