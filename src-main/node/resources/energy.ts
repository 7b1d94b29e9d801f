import type { AccountRecord } from '../state/account';
import type { StateView } from '../state/view';
import { addEnergyUsage, energyLimitOf, energyUsageAt, headSlotOf } from './account-usage';
import { ContractExeError } from '../errors';

/**
 * java-tron EnergyProcessor and ReceiptCapsule.payEnergyBill for the
 * node's state: the energy an account gets from stake (own Stake 2.0 energy plus energy delegated
 * to it, as a share of TotalEnergyCurrentLimit), its usage recovering in the account's own 24 h
 * window, and the bill of an execution — staked energy first, the rest burned at getEnergyFee.
 *
 * The VM integration calls `energyLeft` before executing (callerEnergyLeft / originEnergyLeft),
 * then `consumeStakedEnergy` for the origin's share and `payEnergyBill` for the caller's.
 */
export interface EnergyClock {
  /** Head slot (usage windows are kept in slots). */
  readonly nowSlot: number;
  /** Head block time (ms): latest_opration_time. */
  readonly headTimestamp: number;
}

/** The clock of a view: its head block. */
export function clockOf(view: StateView): EnergyClock {
  return { nowSlot: headSlotOf(view.props), headTimestamp: view.props.headTimestamp };
}

/** EnergyLimit of the account with the view's current TotalEnergyWeight. */
export function energyLimit(view: StateView, account: AccountRecord): bigint {
  return energyLimitOf(account, view.props.parameters, view.mutable);
}

/** EnergyUsed, recovered to the head slot. */
export function energyUsed(view: StateView, account: AccountRecord, clock: EnergyClock = clockOf(view)): bigint {
  return energyUsageAt(account, clock.nowSlot);
}

/** getAccountLeftEnergyFromFreeze: what the account can still use from stake now (≥ 0). */
export function energyLeft(view: StateView, addressHex: string, clock: EnergyClock = clockOf(view)): bigint {
  const account = view.getAccount(addressHex);
  if (!account) return 0n;
  const left = energyLimit(view, account) - energyUsed(view, account, clock);
  return left > 0n ? left : 0n;
}

/** EnergyProcessor.useEnergy: records `energy` as staked usage (no limit check, as with Stake 2.0). */
export function useEnergy(
  view: StateView,
  addressHex: string,
  energy: bigint,
  clock: EnergyClock = clockOf(view),
): void {
  const account = view.mutableAccount(addressHex);
  if (!account) return;
  addEnergyUsage(account, energy, clock.nowSlot);
  account.latestOprationTime = clock.headTimestamp;
  account.latestConsumeTimeForEnergy = clock.nowSlot;
}

export interface StakedEnergyUse {
  /** Energy taken from stake. */
  readonly fromStake: bigint;
  /** Energy the stake did not cover (to be burned, or refused for an origin). */
  readonly uncovered: bigint;
  /** uncovered × getEnergyFee, in sun. */
  readonly burnSun: bigint;
}

/**
 * Uses staked energy for `energy` and reports what must be burned for the rest; the balance is
 * not touched. `available` is the energy left measured before execution (java-tron measures it
 * once, before the VM runs); it defaults to what is left now.
 */
export function consumeStakedEnergy(
  view: StateView,
  addressHex: string,
  energy: bigint,
  options: { available?: bigint; clock?: EnergyClock } = {},
): StakedEnergyUse {
  const clock = options.clock ?? clockOf(view);
  const available = options.available ?? energyLeft(view, addressHex, clock);
  const fromStake = energy <= available ? energy : available;
  useEnergy(view, addressHex, fromStake, clock);
  const uncovered = energy - fromStake;
  return { fromStake, uncovered, burnSun: uncovered * feePerEnergy(view) };
}

/** getEnergyFee, or java-tron's fallback SUN_PER_ENERGY when the parameter is 0. */
export function feePerEnergy(view: StateView): bigint {
  const fee = view.props.parameters.getEnergyFee;
  return fee > 0n ? fee : 100n;
}

/**
 * The caller's part of ReceiptCapsule.payEnergyBill: staked energy first, then burns the rest from
 * the balance. Throws ContractExeError (java-tron BalanceInsufficientException text) when the
 * balance cannot pay.
 */
export function payEnergyBill(
  view: StateView,
  addressHex: string,
  energy: bigint,
  options: { available?: bigint; clock?: EnergyClock } = {},
): StakedEnergyUse {
  const use = consumeStakedEnergy(view, addressHex, energy, options);
  if (use.burnSun > 0n) {
    const account = view.mutableAccount(addressHex)!;
    if (account.balance < use.burnSun) throw new ContractExeError(`${addressHex} insufficient balance`);
    account.balance -= use.burnSun;
    view.mutable.burnedSun += use.burnSun;
  }
  return use;
}
