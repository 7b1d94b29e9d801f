import type { EVMOpts } from '@ethereumjs/evm';

/**
 * Types of @ethereumjs/evm 10.1.3 that its index does not export, derived from the ones it does
 * (the custom-opcode API hands these objects to our handlers).
 */
type CustomOpcode = NonNullable<EVMOpts['customOpcodes']>[number];
export type AddOpcode = Extract<CustomOpcode, { logicFunction: unknown }>;
export type RunState = Parameters<AddOpcode['logicFunction']>[0];
export type Interpreter = RunState['interpreter'];
export type OpcodeInfo = { readonly code: number; readonly name: string; readonly fullName: string };
export type CustomPrecompile = NonNullable<EVMOpts['customPrecompiles']>[number];
export type AddPrecompile = Extract<CustomPrecompile, { function: unknown }>;
export type PrecompileFunction = AddPrecompile['function'];
export type PrecompileInput = Parameters<PrecompileFunction>[0];
