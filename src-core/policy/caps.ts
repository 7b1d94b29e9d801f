import { formatAssetAmount, type AssetKey } from './asset';
import { POLICY_BREACH, type PolicyBreach } from './breach';
import type { PermissionRules } from './document';
import { DAY_MS, type OutflowRecord } from './input';

/**
 * The rolling day is the 24 hours before now: an outflow exactly 24 hours old has left it, one a
 * millisecond younger still counts. A record dated after now (a clock ahead of this desk) counts too,
 * so a skewed clock can only make the cap stricter.
 */
export function outflowInLastDay(history: readonly OutflowRecord[], asset: AssetKey, now: number): bigint {
  let total = 0n;
  for (const record of history) if (record.asset === asset && record.time > now - DAY_MS) total += record.amount;
  return total;
}

export function checkCaps(
  rules: PermissionRules,
  outflows: ReadonlyMap<AssetKey, bigint>,
  history: readonly OutflowRecord[],
  now: number,
  label: string,
): PolicyBreach[] {
  const breaches: PolicyBreach[] = [];
  for (const [asset, amount] of outflows) {
    const rule = rules.assets.find((a) => a.asset === asset);
    const show = (units: bigint) => formatAssetAmount(units, asset, rule);
    if (!rule) {
      if (rules.unlistedAssets === 'block') {
        breaches.push({
          code: POLICY_BREACH.unlistedAsset,
          message:
            `This transaction sends ${show(amount)}, an asset the policy for ${label} does not list, and the ` +
            'policy blocks unlisted assets. Add the asset to the policy to send it.',
          details: { asset, amount },
        });
      }
      continue;
    }
    if (rule.perTransactionCap !== undefined && amount > rule.perTransactionCap) {
      breaches.push({
        code: POLICY_BREACH.perTransactionCap,
        message:
          `This payment of ${show(amount)} is above the per-transaction cap of ${show(rule.perTransactionCap)} ` +
          `for ${label}. Split it, or have the owners raise the cap.`,
        details: { asset, amount, cap: rule.perTransactionCap },
      });
    }
    if (rule.dailyCap !== undefined) {
      const before = outflowInLastDay(history, asset, now);
      const after = before + amount;
      if (after > rule.dailyCap) {
        breaches.push({
          code: POLICY_BREACH.dailyCap,
          message:
            `This payment of ${show(amount)} would bring today's outflow to ${show(after)}, above the daily cap ` +
            `of ${show(rule.dailyCap)} for ${label}. ${show(before)} went out in the last 24 hours; ` +
            (before < rule.dailyCap
              ? `send at most ${show(rule.dailyCap - before)} now, or wait for older payments to leave the window.`
              : 'nothing more may go out until older payments leave the window.'),
          details: { asset, amount, before, after, cap: rule.dailyCap },
        });
      }
    }
  }
  return breaches;
}
