import type { HexAddress } from '../../../src-core/brand';
import { longToBigint } from '../../../src-core/proto/runtime';
import type { ActuatorContext, ActuatorResult } from '../model/execution';
import type { StateView } from '../state/view';
import { internalTransactionsToSave } from '../vm/internal-transactions';
import type { JournaledWorldState } from '../vm/journaled-world-state';
import type { VmTransactionResult } from '../vm/requests';
import type { TronVm } from '../vm/tron-vm';
import type { BlockContext } from '../vm/types';
import { abiKey, stateKey, storagePrefix } from './contract-records';
import { payVmEnergy } from './energy-bill';
import { vmActuatorResult } from './receipt';
import type { ContractRuntime } from './runtime';
import { ContractValidateError, VmValidationError } from '../errors';

/**
 * What CreateSmartContract and TriggerSmartContract share around the VM run (java-tron VMActuator
 * and TransactionTrace.pay, vm/README.md "Integrating into the node" step 4): the world over the
 * transaction's view, the block it executes in, the VM's refusals as ContractValidateError, then
 * the records of self-destructed contracts dropped, the energy bill paid and the actuator result.
 */
export interface VmRun {
  readonly vm: TronVm;
  readonly world: JournaledWorldState;
  readonly block: BlockContext;
  readonly txId: Uint8Array;
  readonly feeLimit: bigint;
}

/** java-tron VMActuator.validate: contracts run only once the committee switched the VM on. */
export function requireVmOn(ctx: ActuatorContext): void {
  if (ctx.view.props.parameters.getAllowCreationOfContracts !== 1n)
    throw new ContractValidateError('VM work is off, need to be opened by the committee');
}

/** A self-destructed contract leaves no rows, state or ABI behind (a CREATE2 address may be reused). */
function dropContractRecords(view: StateView, address: string): void {
  for (const key of [...view.extKeys(storagePrefix(address))]) view.putExt(key, null);
  view.putExt(stateKey(address), null);
  view.putExt(abiKey(address), null);
}

export async function executeVmTransaction(
  runtime: ContractRuntime,
  ctx: ActuatorContext,
  owner: HexAddress,
  run: (env: VmRun) => Promise<VmTransactionResult>,
): Promise<ActuatorResult> {
  const tx = ctx.tx;
  if (!tx) throw new Error('A VM contract executes only as part of a transaction.');
  const vm = await runtime.machine(ctx.view.props.parameters);
  const { world } = runtime.world(ctx.view);
  let result: VmTransactionResult;
  try {
    result = await run({
      vm,
      world,
      block: runtime.blockContext(ctx.block ?? runtime.pool.nextBlock()),
      txId: tx.id,
      feeLimit: longToBigint(tx.raw.fee_limit as never),
    });
  } catch (error) {
    if (error instanceof VmValidationError) throw new ContractValidateError(error.message);
    throw error;
  }
  world.flush();
  for (const address of result.deletedContracts) dropContractRecords(ctx.view, address);
  payVmEnergy(ctx.view, result, owner);
  const outcome = vmActuatorResult(result, {
    internalTransactions: internalTransactionsToSave(result.internalTransactions, runtime.settings),
    blockTimestamp: ctx.block?.timestamp,
  });
  runtime.executions.set(outcome, result);
  return outcome;
}
