import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '../../src-core/bytes/hex';
import { utf8ToBytes } from '../../src-core/bytes/utf8';
import type { AlertDraft } from './types';

/**
 * The id of an alert: SHA-256 over the rule, the transaction, the account and the subject, so the
 * same finding always gets the same id — in a restart, a rescan, after a replaced block, on
 * another machine — and a receiver can drop a repeat by id.
 */
export function alertId(draft: Pick<AlertDraft, 'rule' | 'txid' | 'account' | 'subject'>): string {
  const parts = ['tron-watchtower/alert/1', draft.rule, draft.txid ?? '', draft.account, draft.subject ?? ''];
  return bytesToHex(sha256(utf8ToBytes(parts.join('\n'))));
}
