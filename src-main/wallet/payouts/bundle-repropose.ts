import type { BlockRef } from '../../../src-core/client/types';
import { reproposeBundle, type Envelope, type EnvelopeBundle } from '../../../src-core/envelope';
import { EnvelopeError } from '../../../src-core/errors';
import type { Permission } from '../../../src-core/permission/model';
import { rebuildTransaction } from '../cosign/repropose';
import type { BundleRun, RowStatus } from './bundle-run-store';

/**
 * The rows a person may choose to pay again in a new bundle: those the chain will never pay as
 * they are. A confirmed, packed or sent row may still pay (or already has), and a waiting or
 * sending one may go out yet, so proposing either again could pay twice.
 */
export const REPROPOSABLE: ReadonlySet<RowStatus> = new Set(['failed', 'expired', 'unsigned']);

/**
 * A new bundle of the rows the person chose, each rebuilt with a fresh reference block and the
 * signing window its proposer chose (cosign/repropose.ts), unsigned, stated payments carried over.
 * Nothing is chosen for them: a failed row is paid again only when picked.
 */
export function reproposeRows(
  run: BundleRun,
  bundle: EnvelopeBundle,
  chosen: readonly number[],
  input: { readonly refBlock: BlockRef; readonly permission?: Permission },
): EnvelopeBundle {
  const rows = [...new Set(chosen)].sort((a, b) => a - b);
  for (const index of rows) {
    const state = run.rows[index];
    if (!state) throw new EnvelopeError('BUNDLE_NO_SUCH_ROW', `The run has no row ${index + 1}.`, { row: index + 1 });
    if (!REPROPOSABLE.has(state.status))
      throw new EnvelopeError(
        'PAYOUT_ROW_STILL_OPEN',
        `Row ${index + 1} is ${state.status}: the chain may still pay it (or has), so proposing it again could pay twice. ` +
          'Choose rows that failed, expired or were never signed.',
        { row: index + 1, status: state.status },
      );
  }
  const rebuild = (envelope: Envelope, place: number) => rebuildTransaction(envelope, input.refBlock, place);
  return reproposeBundle(bundle, rows, rebuild, {
    createdAt: input.refBlock.timestamp,
    ...(input.permission ? { permission: input.permission } : {}),
  });
}
