import { ENERGY_FACTOR_DECIMAL } from './energy-costs';
import type { ContractStateRecord } from './world-state';

/** `ContractStateCapsule.DYNAMIC_ENERGY_DECREASE_DIVISION`: an idle cycle decays by increase/4. */
const DECREASE_DIVISION = 4;

export interface DynamicEnergyParameters {
  readonly threshold: bigint;
  /** Increase per busy cycle, precision 10 000 (mainnet 2000 = +20 %). */
  readonly increaseFactor: bigint;
  /** Cap of the extra factor, precision 10 000 (mainnet 34000 = ×4.4 total). */
  readonly maxFactor: bigint;
}

/** A fresh state for a contract first seen in `cycle` (factor 1.0, no usage). */
export function newContractState(cycle: bigint): ContractStateRecord {
  return { energyUsage: 0n, energyFactor: 0n, updateCycle: cycle };
}

/**
 * `ContractStateCapsule.catchUpToCycle` (TIP-491): returns the state brought to
 * `cycle`, or the same object when nothing changed. The first busy cycle (usage above the
 * threshold) raises the factor; each further elapsed cycle decays it. java-tron computes these
 * steps in IEEE doubles and truncates, which this mirrors with `Math.trunc` on numbers.
 */
export function catchUpToCycle(
  state: ContractStateRecord,
  cycle: bigint,
  params: DynamicEnergyParameters,
): ContractStateRecord {
  let lastCycle = state.updateCycle;
  if (lastCycle === cycle) return state;
  if (lastCycle > cycle || lastCycle === 0n) return newContractState(cycle);

  const precision = Number(ENERGY_FACTOR_DECIMAL);
  let factor = state.energyFactor;
  if (state.energyUsage > params.threshold) {
    lastCycle += 1n;
    const increasePercent = 1 + Number(params.increaseFactor) / precision;
    const raised = BigInt(Math.trunc((Number(factor) + precision) * increasePercent)) - ENERGY_FACTOR_DECIMAL;
    factor = raised < params.maxFactor ? raised : params.maxFactor;
    if (cycle - lastCycle <= 0n) return { energyUsage: 0n, energyFactor: factor, updateCycle: lastCycle };
  }

  const elapsed = cycle - lastCycle;
  if (elapsed <= 0n) return { energyUsage: 0n, energyFactor: factor, updateCycle: lastCycle };
  const decreasePercent = Math.pow(1 - Number(params.increaseFactor) / DECREASE_DIVISION / precision, Number(elapsed));
  const decayed = BigInt(Math.trunc((Number(factor) + precision) * decreasePercent)) - ENERGY_FACTOR_DECIMAL;
  return { energyUsage: 0n, energyFactor: decayed > 0n ? decayed : 0n, updateCycle: cycle };
}

/** Total factor (precision 10 000, ≥ 10 000) an op in this contract pays. */
export function effectiveFactor(state: ContractStateRecord): bigint {
  return state.energyFactor + ENERGY_FACTOR_DECIMAL;
}

/** `VM.play`: extra energy for an op of base cost `energy` under `factor` (0 when factor ≤ 1.0). */
export function energyPenalty(energy: bigint, factor: bigint): bigint {
  if (factor <= ENERGY_FACTOR_DECIMAL) return 0n;
  const penalty = (energy * factor) / ENERGY_FACTOR_DECIMAL - energy;
  return penalty > 0n ? penalty : 0n;
}
