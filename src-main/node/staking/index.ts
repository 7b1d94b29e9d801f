/**
 * Stake 2.0, votes, rewards and representatives. `service.ts` is the API for callers outside the
 * actuators (the VM's StakingHooks); the actuators use the validate/apply pairs directly.
 */
export * as staking from './service';
export type { StakingResult } from './service';
export type { CanceledUnfreeze } from './freeze';
export { canDelegatedMaxSize, availableUnfreezeCount, canWithdrawUnfreezeAmount } from './queries';
