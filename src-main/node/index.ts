export { createNode } from './node';
export type { TronNode, FundedAccount, HeadInfo, CreateNodeOptions } from './node';
export { resolveConfig, DEFAULT_DEV_MNEMONIC } from './config';
export type { NodeConfig, NodeConfigInput } from './config';
