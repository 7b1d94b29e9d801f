import { describe, expect, it } from 'vitest';
import { withChainParameters } from '@core/chain/parameters';
import type { DynamicProperties } from '@main/node/state/dynamic';
import { StateView } from '@main/node/state/view';
import { dynamicEnergyMaintenance } from '@main/node/vm-host/dynamic-energy-maintenance';
import { stateKey } from '@main/node/vm-host/contract-records';
import { catchUpToCycle } from '@main/node/vm/dynamic-energy';
import type { ContractStateRecord } from '@main/node/vm/world-state';
import { EMPTY_STATE } from '../vm/helpers';

/**
 * The dynamic-energy maintenance hook banks a busy cycle's raise at the maintenance that ends it.
 * java-tron catches a ContractState up lazily, in one step, whenever it is next touched; the hook
 * must give the same factors as that, whenever the contract is next used.
 */
const PARAMS = { threshold: 5_000_000_000n, increaseFactor: 2_000n, maxFactor: 34_000n };
const CONTRACT = `41${'c0'.repeat(20)}`;

function viewWith(state: ContractStateRecord, allowDynamicEnergy = 1n): StateView {
  const parameters = withChainParameters({
    getDynamicEnergyThreshold: PARAMS.threshold,
    getAllowDynamicEnergy: allowDynamicEnergy,
  });
  const props = { parameters, publicNetUsage: 0n, publicNetTime: 0, burnedSun: 0n } as unknown as DynamicProperties;
  const records = new Map<string, unknown>([[stateKey(CONTRACT), state]]);
  return new StateView(
    {
      ...EMPTY_STATE,
      getExt: (key) => records.get(key),
      extKeys: (prefix) => [...records.keys()].filter((k) => k.startsWith(prefix)),
    },
    props,
  );
}

/** Runs the hook at every maintenance from `from + 1` to `to` and returns the stored state. */
function afterMaintenances(
  state: ContractStateRecord,
  from: bigint,
  to: bigint,
  allowDynamicEnergy = 1n,
): ContractStateRecord {
  const view = viewWith(state, allowDynamicEnergy);
  const hook = dynamicEnergyMaintenance();
  for (let cycle = from + 1n; cycle <= to; cycle++)
    hook({ view, cycle: Number(cycle), endedCycle: Number(cycle - 1n), props: view.props });
  return view.getExt(stateKey(CONTRACT)) as ContractStateRecord;
}

describe('dynamic energy maintenance hook', () => {
  const cases: ContractStateRecord[] = [
    { energyUsage: 9_000_000_000n, energyFactor: 0n, updateCycle: 10n },
    { energyUsage: 9_000_000_000n, energyFactor: 7_345n, updateCycle: 10n },
    { energyUsage: 9_000_000_000n, energyFactor: 33_000n, updateCycle: 10n },
    { energyUsage: 1_000n, energyFactor: 12_345n, updateCycle: 10n },
    { energyUsage: 0n, energyFactor: 0n, updateCycle: 10n },
  ];

  it("gives the factors of java-tron's lazy catch-up, whatever cycle the contract is used in next", () => {
    for (const state of cases) {
      for (let used = 11n; used <= 18n; used++) {
        const lazy = catchUpToCycle(state, used, PARAMS);
        const banked = catchUpToCycle(afterMaintenances(state, 10n, used), used, PARAMS);
        expect({ state, used, factor: banked.energyFactor, cycle: banked.updateCycle }).toEqual({
          state,
          used,
          factor: lazy.energyFactor,
          cycle: lazy.updateCycle,
        });
      }
    }
  });

  it('raises a busy contract at once and leaves an idle one to decay lazily', () => {
    expect(afterMaintenances(cases[0]!, 10n, 11n)).toEqual({ energyUsage: 0n, energyFactor: 2_000n, updateCycle: 11n });
    expect(afterMaintenances(cases[3]!, 10n, 14n)).toBe(cases[3]);
  });

  it('does nothing while the dynamic energy model is off', () => {
    expect(afterMaintenances(cases[0]!, 10n, 11n, 0n)).toBe(cases[0]);
  });
});
