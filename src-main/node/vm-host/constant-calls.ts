import type { HexAddress } from '../../../src-core/brand';
import { JavaError } from '../errors';
import { ContractResult } from '../vm/types';
import type { EstimateResult, VmExecutionResult } from '../vm/requests';
import type { TronVm } from '../vm/tron-vm';
import type { TimeBudget } from '../vm/time-budget';
import { withPoolTurns } from './pool-turns';
import type { ContractRuntime } from './runtime';
import type { StateView } from '../state/view';

/**
 * Constant calls and energy estimates (java-tron Wallet.callConstantContract / estimateEnergy):
 * they run on the pending state in the head block (or the view a /walletsolidity caller passes), on a VM world that is
 * never flushed, so they cannot change state. Each run has the CPU time `maxConstantCallMs` (java-tron gives a constant
 * call `getMaxCpuTimeOfOneTx`; past it, OutOfTimeException). They run on VMs of their own and hold
 * the pool's lock only between pauses (`pool-turns.ts`), so they never see a VM transaction
 * half-applied, and a long one lets block production and other requests in every few milliseconds.
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

/**
 * Runs `job` on a constant-call VM under the pool's lock, taken and given back a slice at a time,
 * with the run's CPU-time limit; a pause once the node is stopping ends the run.
 */
function inTurns<T>(runtime: ContractRuntime, job: (vm: TronVm, budget: TimeBudget) => Promise<T>): Promise<T> {
  return runtime.constantRun((vm) =>
    withPoolTurns(runtime.pool, (pause) => {
      const limit = runtime.settings.maxConstantCallMs;
      return job(vm, {
        ...(limit > 0 ? { limitMs: limit } : {}),
        pause: async () => {
          runtime.checkRunning();
          await pause();
          runtime.checkRunning();
        },
      });
    }),
  );
}

export function constantCall(
  runtime: ContractRuntime,
  call: ConstantCall,
  view: StateView = runtime.pool.view,
): Promise<VmExecutionResult> {
  return inTurns(runtime, (vm, budget) => {
    const { world } = runtime.world(view);
    return vm.runConstant({ ...call, world, block: runtime.headBlockContext(), budget });
  });
}

/**
 * An estimate. A run that timed out once the retries (java-tron `vm.estimateEnergyMaxRetry`) were
 * spent throws, as `Wallet.estimateEnergy` lets the OutOfTimeException out (the HTTP API answers
 * OTHER_ERROR `class …$OutOfTimeException : CPU timeout for '<op>' operation executing`); every
 * other failure is `ok: false`.
 */
export async function estimateCall(
  runtime: ContractRuntime,
  call: Omit<ConstantCall, 'feeLimit'>,
  view: StateView = runtime.pool.view,
): Promise<EstimateResult> {
  const estimate = await inTurns(runtime, (vm, budget) => {
    const { world } = runtime.world(view);
    return vm.estimateEnergy({ ...call, world, block: runtime.headBlockContext(), budget });
  });
  const { execution } = estimate;
  if (!estimate.ok && execution.result === ContractResult.OUT_OF_TIME && execution.exceptionClass !== undefined)
    throw new JavaError(execution.exceptionClass, execution.resMessage);
  return estimate;
}
