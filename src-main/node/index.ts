export { createNode } from './node';
export type { TronNode, FundedAccount, HeadInfo, CreateNodeOptions } from './node';
export { resolveConfig, DEFAULT_DEV_MNEMONIC } from './config';
export type { NodeConfig, NodeConfigInput } from './config';
export { ActuatorRegistry, defaultActuators } from './actuators/registry';
export type { Actuator, ActuatorContext, ActuatorResult } from './actuators/actuator';
export { ContractValidateError, ContractExeError } from './actuators/actuator';
export type { Route } from './http/server';
export type { NodeServices } from './http/services';
