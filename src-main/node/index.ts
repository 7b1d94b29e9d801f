export { createNode } from './node';
export type { TronNode, FundedAccount, HeadInfo, CreateNodeOptions } from './node';
export { resolveConfig, DEFAULT_DEV_MNEMONIC } from './config';
export type { NodeConfig, NodeConfigInput } from './config';
export { ActuatorRegistry, defaultActuators } from './actuators/registry';
export type { Actuator, ActuatorContext, ActuatorResult } from './model/execution';
export type { Route } from './http/server';
export type { NodeServices } from './http/services';
export { staking } from './staking';
export type { StakingResult, CanceledUnfreeze } from './staking';
export * as energy from './resources/energy';
export type { MaintenanceHook, MaintenanceContext } from './chain/maintenance';
export type {
  DryRunInput,
  DryRunOptions,
  DryRunResult,
  BalanceChange,
  DryRunStep,
  DryRunStepOptions,
  DryRunSequenceResult,
} from './simulation/dry-run';
export type { ContractSettings } from './vm-host/runtime';
export { ContractExeError, ContractValidateError } from './errors';
