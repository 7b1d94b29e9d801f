import type { SealedBlock } from '../model/block';
import { recordProduction } from '../consensus/statistics';
import { solidifiedBlock } from '../consensus/solidification';
import { processProposals } from '../governance/governance-proposals';
import { priceHistoriesOf } from '../governance/price-history';
import { payBlockRewards } from '../staking/rewards';
import type { DynamicProperties } from '../state/dynamic';
import type { StateView } from '../state/view';
import type { MaintenanceHook } from './maintenance';
import { doMaintenance } from './maintenance';

/**
 * A block's bookkeeping on its state before it is written (java-tron Manager.applyBlock): producer
 * statistics, block and vote rewards, at a maintenance block the proposals decided and then the
 * maintenance period with its hooks, and solidification. Answers the dynamic properties the block
 * commits; `view` takes the state changes.
 */
export function blockBookkeeping(
  view: StateView,
  p: DynamicProperties,
  block: SealedBlock,
  witnessHex: string,
  hooks: readonly MaintenanceHook[],
): DynamicProperties {
  recordProduction(view, p, block, witnessHex);
  payBlockRewards(view, witnessHex);
  const next: DynamicProperties = {
    ...p,
    headNumber: block.number,
    headId: block.idHex,
    headTimestamp: block.timestamp,
    pendingSkipMs: 0,
    stateFlag: 0,
  };
  if (block.timestamp >= p.nextMaintenanceTime) {
    // java-tron Manager.processBlock decides proposals before the maintenance (consensus.applyBlock).
    const decided = processProposals(view, p.nextMaintenanceTime, p.activeWitnesses, p.parameters, priceHistoriesOf(p));
    next.parameters = decided.parameters;
    next.priceHistories = decided.priceHistories;
    const interval = Number(next.parameters.getMaintenanceTimeInterval);
    const rounds = Math.floor((block.timestamp - p.nextMaintenanceTime) / interval);
    next.nextMaintenanceTime = p.nextMaintenanceTime + (rounds + 1) * interval;
    next.stateFlag = 1;
    if (block.number !== 1) {
      const result = doMaintenance(view, p.activeWitnesses);
      next.activeWitnesses = result.activeWitnesses;
      next.maintenanceCycle = result.cycle;
      for (const hook of hooks)
        hook({ view, cycle: next.maintenanceCycle, endedCycle: p.maintenanceCycle, props: next });
    }
  }
  Object.assign(next, view.mutable);
  next.solidNumber = solidifiedBlock(view, next.activeWitnesses, p.solidNumber);
  return next;
}
