import { formatUnits } from '../../../src-core/units/amount';
import type { PayoutPlan } from './plan-types';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every bigint as decimal text: JSON readers other than this app's lose precision above 2^53. */
function plain(value: unknown): Json {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value as Json;
}

/**
 * The plan as JSON for ops tools: amounts in base units as decimal text (sun for TRX), with the
 * per-asset totals and the options' TRX also written in units for a person reading it.
 */
export function planJson(plan: PayoutPlan): Json {
  const trx = (sun: bigint) => formatUnits(sun, 6);
  return plain({
    ...plan,
    totals: plan.totals.map((t) => ({ ...t, totalUnits: formatUnits(t.total, t.asset.decimals) })),
    costTrx: {
      burnedUnderCurrentResources: trx(plan.burnedSun),
      activation: trx(plan.activationSun),
      energyBurn: trx(plan.resourceOptions.burn.sun),
      energyStake: trx(plan.resourceOptions.stake.sun),
      energyDelegatedThenBurn: trx(plan.resourceOptions.delegated.burnSun),
    },
  });
}
