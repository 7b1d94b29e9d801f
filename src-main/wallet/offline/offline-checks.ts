import { fromPermissionSnapshot, type Envelope } from '../../../src-core/envelope';
import type { CheckView, ExpiryView, ProgressView } from '../../../src-core/ipc/channels/cosign';
import type { NotCheckableView } from '../../../src-core/ipc/channels/offline';
import {
  check,
  expiryCheck,
  expiryView,
  integrityCheck,
  operationsRefusal,
  progressView,
  signaturesPassed,
  strangerRefusal,
} from '../cosign/envelope-checks';
import type { Names } from '../chain-knowledge/names';
import { refusalOf } from '../cosign/verify';

export interface OfflineInspection {
  readonly checks: CheckView[];
  /** Null when the envelope names no permission: nothing can then be weighed. */
  readonly progress: ProgressView | null;
  readonly expiry: ExpiryView;
  readonly notCheckable: NotCheckableView[];
  readonly refusal: { readonly code: string; readonly message: string } | null;
}

/** What only a node can tell, said plainly on every offline view. */
export const NOT_CHECKABLE_OFFLINE: readonly NotCheckableView[] = [
  {
    id: 'permission-on-chain',
    title: 'The permission as it is on chain',
    message:
      'The keys and threshold shown are the ones the envelope carries. Whether the account still has exactly this permission can only be read from a node; an online co-signer checks it before broadcasting.',
  },
  {
    id: 'reference-block',
    title: 'The reference block',
    message:
      'Whether the transaction’s reference block (TAPOS) is a recent block of the chain needs the chain’s blocks.',
  },
  {
    id: 'network',
    title: 'The network',
    message:
      'The envelope names its network by genesis block id; that it is the network you mean cannot be confirmed without a node. Compare the fingerprint with the proposer by phone.',
  },
];

/**
 * Everything an offline signer can check of an envelope with no chain at all (the chain-free
 * half of the inbox's verification, `cosign/envelope-checks.ts`): integrity, each signature
 * against the permission the envelope carries, what that permission may sign, and the expiry by
 * this computer's clock. The rest is listed as not checkable, never as passed.
 */
export function inspectOffline(envelope: Envelope, names: Names, now: number): OfflineInspection {
  const checks: CheckView[] = [integrityCheck()];
  const permission = envelope.permission ? fromPermissionSnapshot(envelope.permission) : undefined;
  let progress: ProgressView | null = null;
  if (!permission) {
    checks.push(
      check(
        'permission',
        'failed',
        'No permission in the envelope',
        'The envelope names no permission, and an offline signer cannot read it from the chain: ask the proposer for an envelope made by this wallet (it always carries the permission).',
      ),
    );
  } else {
    checks.push(
      operationsRefusal(envelope, permission) ??
        check(
          'permission',
          'passed',
          'Permission in the envelope',
          `Permission ${permission.id} “${permission.name}” (threshold ${permission.threshold}, ${permission.keys.length} key${permission.keys.length === 1 ? '' : 's'}) as the envelope carries it; it may sign a ${envelope.summary.contractType}. Not compared with the chain.`,
        ),
    );
    checks.push(strangerRefusal(envelope, permission, names, 'in the envelope') ?? signaturesPassed(envelope));
    progress = progressView(envelope, permission, 'envelope', names);
  }
  const expiry = expiryView(envelope, now);
  checks.push(expiryCheck(expiry, 'local'));
  return { checks, progress, expiry, notCheckable: [...NOT_CHECKABLE_OFFLINE], refusal: refusalOf(checks) };
}
