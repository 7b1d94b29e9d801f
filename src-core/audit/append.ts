import { AuditError, AuditErrorCode } from './errors';
import { auditEntryContentSchema, KINDS_WITH_TXID, type AuditBodyInput, type AuditEntry } from './entry';
import { sealEntry } from './hash';
import { valuePath } from '../json/value-path';

export interface AppendInput {
  readonly account: string;
  readonly desk: string;
  readonly at: number;
  readonly txId?: string;
  readonly bundleId?: string;
  readonly body: AuditBodyInput;
}

/**
 * The next entry of a desk's chain: `head` is the chain's last entry (`null` for the first).
 * Entries are never changed once made; appending is the only way the log grows.
 */
export function appendAuditEntry(head: AuditEntry | null, input: AppendInput): AuditEntry {
  if (head && (head.account !== input.account || head.desk !== input.desk)) {
    throw new AuditError(
      AuditErrorCode.wrongChain,
      `This entry belongs to desk ${input.desk} of ${input.account}, but the chain given is desk ${head.desk} ` +
        `of ${head.account}.`,
      { desk: input.desk, account: input.account },
    );
  }
  const parsed = auditEntryContentSchema.safeParse({
    v: 1,
    account: input.account,
    desk: input.desk,
    seq: head ? head.seq + 1 : 0,
    prev: head ? head.hash : null,
    at: input.at,
    ...(input.txId === undefined ? {} : { txId: input.txId }),
    ...(input.bundleId === undefined ? {} : { bundleId: input.bundleId }),
    body: input.body,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = valuePath(issue?.path ?? []) || 'the value';
    throw new AuditError(
      AuditErrorCode.malformed,
      `The audit entry cannot be written: ${path} ${issue?.message ?? 'is not valid'}.`,
      { path },
    );
  }
  if (KINDS_WITH_TXID.includes(parsed.data.body.kind) && parsed.data.txId === undefined) {
    throw new AuditError(
      AuditErrorCode.malformed,
      `A ${parsed.data.body.kind} entry is about one transaction; give its txID.`,
      { path: 'txId' },
    );
  }
  return sealEntry(parsed.data);
}
