/** The node's smart-contract engine: a TRON VM over @ethereumjs/evm 10.1.3 (see README.md). */
export { TronVm, type TronVmOptions } from './tron-vm';
export type {
  ConstantRequest,
  CreateRequest,
  EnergyLimitDetail,
  EstimateResult,
  ExecutionRequest,
  TriggerRequest,
  VmExecutionResult,
  VmTransactionResult,
} from './requests';
export * from './world-state';
export { JournaledWorldState } from './journaled-world-state';
export { MemoryWorldStateBackend, createMemoryWorldState } from './memory-backend';
export type {
  CanceledUnfreeze,
  StakingContext,
  StakingHooks,
  StakingOutcome,
  StakingQueries,
  Vote,
} from './staking-hooks';
export * from './types';
export * from './energy-limit';
export {
  catchUpToCycle,
  energyPenalty,
  effectiveFactor,
  newContractState,
  type DynamicEnergyParameters,
} from './dynamic-energy';
export {
  BASIC_NOTES,
  internalTransactionsToSave,
  internalTxHash,
  type InternalTxStorageOptions,
} from './internal-transactions';
export { decodeRevertReason } from './revert-reason';
export { vmFlagsFrom, type VmFlags } from './flags';
export { VmEnergyError, VmStateError, VmValidationError } from '../errors';
