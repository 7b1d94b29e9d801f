import type {
  PayoutAssetView,
  PayoutPlanView,
  PayoutProgress,
  PlannedRowView,
} from '../../src-core/ipc/channels/payouts';
import { formatToken } from './amounts';

/** Wording of a payout plan: every amount in its asset's units with its symbol. */

/** The asset a planned row pays in, from the plan's totals (rows carry only its key). */
export function assetOfRow(
  plan: Pick<PayoutPlanView, 'totals'>,
  row: Pick<PlannedRowView, 'assetKey'>,
): PayoutAssetView | null {
  return plan.totals.find((t) => t.key === row.assetKey)?.asset ?? null;
}

/** "12.5 TRX", "1,000 TT"; without a known asset, the base units say so. */
export function formatAssetAmount(amount: bigint, asset: Pick<PayoutAssetView, 'decimals' | 'symbol'> | null): string {
  return asset ? formatToken(amount, asset.decimals, asset.symbol) : `${amount.toString()} base units`;
}

/** The `count` largest rows of each asset, largest first; amounts of different assets are never compared. */
export function largestRows(rows: readonly PlannedRowView[], count: number): PlannedRowView[] {
  const byAsset = new Map<string, PlannedRowView[]>();
  for (const row of rows) byAsset.set(row.assetKey, [...(byAsset.get(row.assetKey) ?? []), row]);
  return [...byAsset.values()].flatMap((list) =>
    [...list].sort((a, b) => (a.amount === b.amount ? a.line - b.line : a.amount > b.amount ? -1 : 1)).slice(0, count),
  );
}

const PHASES: Record<PayoutProgress['phase'], string> = {
  read: 'Reading the file',
  recipients: 'Looking up recipients',
  energy: 'Measuring the energy of token rows',
  'dry-run': 'Running every row on the node, in order',
};

/** The progress bar's label: the phase in words, and how far it got. */
export function progressLabel(progress: PayoutProgress): string {
  const phase = PHASES[progress.phase];
  return progress.total > 0 && progress.phase !== 'read'
    ? `${phase}: ${progress.done} of ${progress.total}`
    : `${phase}…`;
}

/** When staked TRX can be withdrawn, counted from the unstake (the chain's getUnfreezeDelayDays). */
export function unlockInWords(days: number): string {
  return days === 1 ? '1 day after unstaking' : `${days} days after unstaking`;
}

/** The most payments `policy:verdict` takes in one question; a larger file is checked as it is signed. */
export const POLICY_PREVIEW_ROWS = 1000;

/**
 * A plan's payments as the treasury policy names them (`TRX`, `TRC10:<id>`, `TRC20:<T…>`), in the
 * file's order and under the permission the plan signs with, so each counts toward the daily caps
 * of the rows after it; null when the plan is larger than one question can carry.
 */
export function policyPayments(plan: PayoutPlanView): {
  owner: string;
  permissionId: number;
  payments: { asset: string; amount: bigint; recipient: string }[];
} | null {
  const permissionId = plan.signing[0]?.permissionId;
  if (permissionId === undefined || plan.rows.length === 0 || plan.rows.length > POLICY_PREVIEW_ROWS) return null;
  return {
    owner: plan.owner,
    permissionId,
    payments: plan.rows.map((row) => ({
      asset: row.assetKey.replace(/^trc10:/, 'TRC10:').replace(/^trc20:/, 'TRC20:'),
      amount: row.amount,
      recipient: row.recipient,
    })),
  };
}
