import { PROTOCOL_CONSTANTS } from '../../../src-core/chain/parameters';
import type { StateView } from '../state/view';
import type { DynamicProperties } from '../state/dynamic';
import { accumulateWitnessVi, brokerageOf, setBrokerage, sortedWitnesses } from '../staking/rewards';
import { countPendingVotes } from '../staking/votes';
import { allowChangeDelegation } from '../staking/rules';

/**
 * The maintenance period (java-tron MaintenanceManager.doMaintenance), run on the
 * block whose time reaches nextMaintenanceTime: the cycle's rewards become per-vote indexes, the
 * votes cast since the last maintenance are tallied, the representatives are ranked (top 27
 * produce), and the next cycle starts with a snapshot of every representative's brokerage.
 * Hooks (Chain.maintenanceHooks) run after it, on the same state (the VM updates its dynamic
 * energy factors there).
 */
export interface MaintenanceContext {
  /** The block's state; hooks write through it outside any transaction. */
  readonly view: StateView;
  /** The cycle that starts with this block (CURRENT_CYCLE_NUMBER after maintenance). */
  readonly cycle: number;
  /** The cycle that just ended. */
  readonly endedCycle: number;
  /** The dynamic properties the block will commit (new schedule, cycle, next maintenance time). */
  readonly props: Readonly<DynamicProperties>;
}

export type MaintenanceHook = (ctx: MaintenanceContext) => void;

export interface MaintenanceResult {
  /** The scheduled order of the representatives from the next block on. */
  readonly activeWitnesses: string[];
  /** CURRENT_CYCLE_NUMBER after maintenance. */
  readonly cycle: number;
}

/** The bookkeeping of a maintenance block; the chain runs the hooks once the new properties are known. */
export function doMaintenance(view: StateView, activeWitnesses: readonly string[]): MaintenanceResult {
  const p = view.props.parameters;
  const endedCycle = view.props.maintenanceCycle;
  if (allowChangeDelegation(p)) {
    for (const hex of [...view.witnessAddresses()])
      accumulateWitnessVi(view, endedCycle, hex, view.getWitness(hex)!.voteCount);
  }
  let active = [...activeWitnesses];
  const delta = countPendingVotes(view);
  if (delta.size > 0) {
    for (const [hex, change] of delta) {
      if (!view.getWitness(hex) || !view.getAccount(hex)) continue;
      view.mutableWitness(hex)!.voteCount += change;
    }
    const ranked = sortedWitnesses(view)
      .slice(0, PROTOCOL_CONSTANTS.ACTIVE_WITNESSES)
      .map((w) => w.addressHex);
    const changed = ranked.length !== active.length || ranked.some((hex) => !active.includes(hex));
    if (changed) {
      for (const hex of active) {
        const w = view.mutableWitness(hex);
        if (w) w.isJobs = false;
      }
      for (const hex of ranked) view.mutableWitness(hex)!.isJobs = true;
    }
    active = ranked;
  }
  let cycle = endedCycle;
  if (allowChangeDelegation(p)) {
    cycle = endedCycle + 1;
    for (const hex of [...view.witnessAddresses()]) setBrokerage(view, cycle, hex, brokerageOf(view, -1, hex));
  }
  return { activeWitnesses: active, cycle };
}
