import { bigintToLong, longToBigint } from '../../../src-core/proto/runtime';
import type { AccountRecord } from '../state/account';
import type { DynamicProperties } from '../state/dynamic';
import type { StateView } from '../state/view';
import { increaseUsage } from '../resources/usage';

/**
 * A minimal energy processor (java-tron EnergyProcessor, java-tron-http.md §6.3): the energy an
 * account's Stake 2.0 ENERGY stake gives, its usage window, and charging usage after execution.
 * STAND-IN: issue 4 brings the real energy processor (delegations, window optimisation); these
 * three functions are the only places the VM integration calls, so they are what gets replaced.
 */
const TRX = 1_000_000n;
const ENERGY = 1;

type Msg = Record<string, unknown>;

function resourceOf(account: AccountRecord): Msg {
  return (account.rest.account_resource as Msg | undefined) ?? {};
}

/** `calculateGlobalEnergyLimit`: frozen ENERGY (whole TRX) × TotalEnergyCurrentLimit / TotalEnergyWeight. */
export function energyLimitOf(account: AccountRecord, props: Readonly<DynamicProperties>): bigint {
  let frozen = 0n;
  for (const f of account.frozenV2) if (f.type === ENERGY) frozen += f.amount;
  frozen += longToBigint(resourceOf(account).acquired_delegated_frozenV2_balance_for_energy as never);
  if (frozen < TRX || props.totalEnergyWeight <= 0n) return 0n;
  const weight = Number(frozen / TRX);
  return BigInt(Math.floor(weight * (Number(props.parameters.getTotalEnergyCurrentLimit) / Number(props.totalEnergyWeight))));
}

/** `getAccountLeftEnergyFromFreeze`: the limit less the usage recovered to slot `nowSlot`. */
export function energyLeftOf(account: AccountRecord | undefined, props: Readonly<DynamicProperties>, nowSlot: number): bigint {
  if (!account) return 0n;
  const resource = resourceOf(account);
  const used = increaseUsage(longToBigint(resource.energy_usage as never), 0n, Number(longToBigint(resource.latest_consume_time_for_energy as never)), nowSlot);
  const left = energyLimitOf(account, props) - used;
  return left > 0n ? left : 0n;
}

/** `useEnergy`: adds `energy` to the account's usage window at slot `nowSlot`. */
export function useEnergy(view: StateView, addressHex: string, energy: bigint, nowSlot: number, headTimestamp: number): void {
  if (energy <= 0n) return;
  const account = view.mutableAccount(addressHex);
  if (!account) return;
  const resource = resourceOf(account);
  const usage = increaseUsage(longToBigint(resource.energy_usage as never), energy, Number(longToBigint(resource.latest_consume_time_for_energy as never)), nowSlot);
  // `rest` is shared with the committed record: replace it, never write into it.
  account.rest = { ...account.rest, account_resource: { ...resource, energy_usage: bigintToLong(usage), latest_consume_time_for_energy: bigintToLong(BigInt(nowSlot)) } };
  account.latestOprationTime = headTimestamp;
}
