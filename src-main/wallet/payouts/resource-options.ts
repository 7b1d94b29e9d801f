import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { OwnerState } from '../chain-knowledge/chain-reads';

const SUN_PER_TRX = 1_000_000n;
const DAY_MS = 86_400_000;

/**
 * What paying for energy by staking takes (EnergyProcessor.calculateGlobalEnergyLimit: the energy of
 * a stake is floor(staked TRX × TotalEnergyCurrentLimit / TotalEnergyWeight), the weight in whole
 * TRX). Staking x TRX adds x to the weight, so x must satisfy x × L / (W + x) ≥ E, that is
 * x ≥ E × W / (L − E); at least 1 TRX, the smallest stake FreezeBalanceV2 takes. Null when no stake
 * can give that much energy in a day.
 */
export function stakeForEnergy(energy: bigint, totalLimit: bigint, totalWeightTrx: bigint): bigint | null {
  if (energy <= 0n) return 0n;
  if (energy >= totalLimit) return null;
  const trx = (energy * totalWeightTrx + (totalLimit - energy - 1n)) / (totalLimit - energy);
  return (trx < 1n ? 1n : trx) * SUN_PER_TRX;
}

/** The chain's energy totals from getaccountresource, with the parameter as fallback. */
export function energyTotals(owner: OwnerState, parameters: ChainParameters): { limit: bigint; weight: bigint } {
  const limit = owner.resource?.TotalEnergyLimit ? BigInt(owner.resource.TotalEnergyLimit) : 0n;
  return {
    limit: limit > 0n ? limit : parameters.getTotalEnergyCurrentLimit,
    weight: BigInt(owner.resource?.TotalEnergyWeight ?? 0),
  };
}

/** Energy the account can use now, and the part of its limit that others delegated to it. */
export function availableEnergy(
  owner: OwnerState,
  totals: { limit: bigint; weight: bigint },
): { available: bigint; delegated: bigint } {
  const limit = owner.resources.energyLimit ?? 0n;
  const used = owner.resources.energyUsed ?? 0n;
  const delegatedSun = owner.account?.account_resource?.acquired_delegated_frozenV2_balance_for_energy ?? 0n;
  const delegated = totals.weight > 0n ? (delegatedSun * totals.limit) / (SUN_PER_TRX * totals.weight) : 0n;
  return { available: limit > used ? limit - used : 0n, delegated: delegated < limit ? delegated : limit };
}

/** When a stake made now is back in hand: unstaking starts a wait of getUnfreezeDelayDays. */
export function unlockOf(parameters: ChainParameters, headTime: number): { unlockDays: number; unlocksAt: number } {
  const unlockDays = Number(parameters.getUnfreezeDelayDays);
  return { unlockDays, unlocksAt: headTime + unlockDays * DAY_MS };
}
