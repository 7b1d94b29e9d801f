import type { TxKind, TxRequest } from '../../../src-core/ipc/channels/tx';
import type { KindPlan, PlanReads } from '../../../src-core/tx/kinds/kind';
import { TX_KIND_BY_NAME } from '../../../src-core/tx/kinds/registry';
import { parseAbiText } from './abi-text';

export type { PlanReads } from '../../../src-core/tx/kinds/kind';
export { TRC20_ABI, TRC20_TRANSFER } from '../../../src-core/tx/kinds/trc20-transfer';

/**
 * A typed request turned into what the service needs: the contract (src-core builders), the
 * call or deployment to estimate and simulate, the ABI to decode logs with, and a summary a
 * person can check before signing. Each kind's file under src-core/tx/kinds does its own part.
 */
export interface ContractPlan extends KindPlan {
  readonly kind: TxKind;
}

export async function planRequest(request: TxRequest, reads: PlanReads): Promise<ContractPlan> {
  const descriptor = TX_KIND_BY_NAME[request.kind];
  // The descriptor named by `request.kind` is the one whose schema accepted this request.
  const plan = await descriptor.plan(request as never, { reads, parseAbiText });
  return { kind: request.kind, ...plan };
}
