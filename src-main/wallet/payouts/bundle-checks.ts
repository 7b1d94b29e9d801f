import { rowEnvelope, type EnvelopeBundle } from '../../../src-core/envelope';
import type { CheckView } from '../../../src-core/ipc/channels/cosign';
import type { Permission } from '../../../src-core/permission/model';
import type { Names } from '../chain-knowledge/names';
import {
  check,
  expiryCheck,
  expiryView,
  integrityCheck,
  operationsRefusal,
  signaturesPassed,
  strangerRefusal,
  type ExpiryClock,
} from '../cosign/envelope-checks';

/**
 * The checks an importing desk runs on every row of a bundle: the single envelope's chain-free
 * checks (cosign/envelope-checks.ts), row by row: integrity (recomputed when the bundle was
 * parsed), what the permission may sign, strangers' signatures, and the expiry by the clock given.
 */
export interface RowChecks {
  readonly index: number;
  readonly txid: string;
  readonly checks: readonly CheckView[];
  /** The worst outcome among the checks. */
  readonly outcome: CheckView['outcome'];
}

const RANK: Record<CheckView['outcome'], number> = { passed: 0, skipped: 1, warning: 2, failed: 3 };

export function bundleRowChecks(
  bundle: EnvelopeBundle,
  permission: Permission,
  names: Names,
  now: number | null,
  clock: ExpiryClock = 'chain',
): RowChecks[] {
  const where = bundle.permission ? 'in the bundle' : 'on the chain';
  return bundle.rows.map((row, index) => {
    const envelope = rowEnvelope(bundle, index);
    const checks: CheckView[] = [
      integrityCheck(),
      operationsRefusal(envelope, permission) ??
        check(
          'permission',
          'passed',
          'Permission',
          `Permission ${permission.id} may sign a ${row.summary.contractType}.`,
        ),
      strangerRefusal(envelope, permission, names, where) ?? signaturesPassed(envelope),
      expiryCheck(expiryView(envelope, now), clock),
    ];
    const outcome = checks.reduce<CheckView['outcome']>(
      (w, c) => (RANK[c.outcome] > RANK[w] ? c.outcome : w),
      'passed',
    );
    return { index, txid: row.transaction.txID, checks, outcome };
  });
}
