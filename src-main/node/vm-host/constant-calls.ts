import type { HexAddress } from '../../../src-core/brand';
import type { EstimateResult, VmExecutionResult } from '../vm/requests';
import type { ContractRuntime } from './runtime';

/**
 * Constant calls and energy estimates (java-tron Wallet.callConstantContract / estimateEnergy):
 * they run on the pending state in the head block, on a VM world that is never flushed, so they
 * cannot change state. They hold the pool's lock while they run, so that they never see a VM
 * transaction half-applied.
 */
export interface ConstantCall {
  /** The caller; the zero address when the request's owner_address was empty. */
  readonly owner: HexAddress;
  /** The called contract; none = a simulated deploy of `data`. */
  readonly contractAddress?: HexAddress;
  readonly data: Uint8Array;
  readonly callValue: bigint;
  readonly tokenValue: bigint;
  readonly tokenId: bigint;
  /** Id of the transaction the call was built as (root of CREATE addresses and itx hashes). */
  readonly txId: Uint8Array;
  /** Caps the energy at feeLimit / energy price (the triggersmartcontract view path). */
  readonly feeLimit?: bigint;
}

export function constantCall(runtime: ContractRuntime, call: ConstantCall): Promise<VmExecutionResult> {
  const pool = runtime.pool;
  return pool.exclusive(async () => {
    const vm = await runtime.machine(runtime.chain.props.parameters);
    const { world } = runtime.world(pool.view);
    return vm.runConstant({ ...call, world, block: runtime.headBlockContext() });
  });
}

export function estimateCall(runtime: ContractRuntime, call: Omit<ConstantCall, 'feeLimit'>): Promise<EstimateResult> {
  const pool = runtime.pool;
  return pool.exclusive(async () => {
    const vm = await runtime.machine(runtime.chain.props.parameters);
    const { world } = runtime.world(pool.view);
    return vm.estimateEnergy({ ...call, world, block: runtime.headBlockContext() });
  });
}
