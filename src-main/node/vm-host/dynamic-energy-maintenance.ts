import type { DynamicProperties } from '../state/dynamic';
import type { StateView } from '../state/view';
import { catchUpToCycle } from '../vm/dynamic-energy';
import type { ContractStateRecord } from '../vm/world-state';
import { RECORD } from './contract-records';

/** A maintenance block as the chain hands it to its hooks (chain/maintenance.ts `MaintenanceContext`). */
export interface MaintenanceStep {
  readonly view: StateView;
  /** The cycle the maintenance starts. */
  readonly cycle: number;
  /** The cycle that just ended. */
  readonly endedCycle: number;
  readonly props: Pick<DynamicProperties, 'parameters'>;
}

/**
 * "Update the dynamic energy factors" at a maintenance block (TIP-491, ContractStateCapsule).
 * java-tron brings a contract's ContractState up to the current cycle lazily, when the contract
 * runs or is read. Stepping every contract one cycle at a time would differ from that by
 * truncation, so this hook banks exactly the step the lazy catch-up takes first: a contract whose
 * base usage in the cycle that just ended exceeded the threshold gets its raised factor now
 * (usage reset, update_cycle + 1). Later idle cycles still decay lazily in one step, as in
 * java-tron, so both orders give the same factors; the raise just becomes visible (getcontractinfo,
 * the receipt's energy_penalty_total) without waiting for the next call.
 */
export function dynamicEnergyMaintenance(): (ctx: MaintenanceStep) => void {
  return ({ view, cycle, props }) => {
    const p = props.parameters;
    if (p.getAllowDynamicEnergy === 0n) return;
    const params = {
      threshold: p.getDynamicEnergyThreshold,
      increaseFactor: p.getDynamicEnergyIncreaseFactor,
      maxFactor: p.getDynamicEnergyMaxFactor,
    };
    for (const key of [...view.extKeys(RECORD.state)]) {
      const state = view.getExt(key) as ContractStateRecord;
      if (state.energyUsage <= params.threshold || state.updateCycle >= BigInt(cycle)) continue;
      view.putExt(key, catchUpToCycle(state, state.updateCycle + 1n, params));
    }
  };
}
