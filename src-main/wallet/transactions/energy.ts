import { toHexAddress } from '../../../src-core/address/address';
import { decodeRevertData } from '../../../src-core/abi/revert';
import { parseAbi } from '../../../src-core/abi/fragments';
import type { TronNodeClient } from '../../../src-core/client/client';
import type { ConstantCallResult, ConstantContractRequest } from '../../../src-core/client/types';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import { ContractCallError, FeeError, NetworkError, WalletError } from '../../../src-core/errors';
import {
  DEFAULT_FEE_LIMIT_MARGIN_BPS,
  feeLimitFromEnergyFactor,
  feeLimitFromEstimate,
  feeLimitFromMaxFactor,
  type FeeLimitResult,
  type FeeLimitStrategy,
} from '../../../src-core/fee';
import type { EnergyEstimateView, EstimateView, FeeLimitSuggestion, TxKind } from '../../../src-core/ipc/channels/tx';
import type { ContractPlan } from './requests';

/**
 * Energy for a contract call or deployment (java-tron's estimateenergy, Wallet.estimateEnergy): the node's
 * estimateenergy with the client's triggerconstantcontract fallback, the base energy and the
 * dynamic-model penalty from a constant call, and fee_limit by three strategies (src-core/fee/fee-limit.ts).
 */

export function constantRequest(
  owner: string,
  execution: NonNullable<ContractPlan['execution']>,
): ConstantContractRequest {
  return {
    owner_address: toHexAddress(owner),
    ...(execution.contract !== undefined ? { contract_address: toHexAddress(execution.contract) } : {}),
    data: execution.data.replace(/^0x/, ''),
    ...(execution.callValue > 0n ? { call_value: execution.callValue } : {}),
    ...(execution.tokenValue ? { call_token_value: execution.tokenValue } : {}),
    ...(execution.tokenId ? { token_id: execution.tokenId } : {}),
  };
}

/** A sentence for a node that cannot run contracts (no VM yet, or the endpoint is missing). */
export function contractsUnavailable(error: unknown): string | null {
  if (error instanceof NetworkError && (error.details?.status === 404 || error.details?.status === 405)) {
    return 'This node cannot run smart contracts (it has no constant-call or estimate endpoint), so energy cannot be estimated here.';
  }
  if (
    error instanceof ContractCallError &&
    /does not support constant/i.test(String(error.details?.nodeMessage ?? ''))
  ) {
    return 'This node does not run constant calls, so energy cannot be estimated here.';
  }
  return null;
}

export function revertReasonOf(
  result: Pick<ConstantCallResult, 'constant_result' | 'message'>,
  abi?: readonly Record<string, unknown>[],
): string {
  const data = result.constant_result[0] ?? '';
  let parsedAbi: ReturnType<typeof parseAbi> | undefined;
  try {
    parsedAbi = abi ? parseAbi(abi) : undefined;
  } catch {
    parsedAbi = undefined;
  }
  if (data !== '') {
    try {
      return decodeRevertData(data, parsedAbi).message;
    } catch {
      // Not hex: fall through to the node's message.
    }
  }
  return result.message || 'The contract reverted without a reason.';
}

export interface EnergyFacts {
  readonly estimate: EnergyEstimateView | null;
  readonly problem: string | null;
  readonly revertReason: string | null;
  /** The constant call, when one ran (its energy_used even when it reverted). */
  readonly constant: ConstantCallResult | null;
}

/**
 * client.estimateEnergy (estimateenergy, or its triggerconstantcontract fallback) and, when the
 * node's estimateenergy answered, a constant call for the base/penalty split. A reverting call is
 * reported with its decoded reason, never thrown.
 */
export async function estimateEnergy(client: TronNodeClient, owner: string, plan: ContractPlan): Promise<EnergyFacts> {
  const execution = plan.execution;
  if (!execution) return { estimate: null, problem: null, revertReason: null, constant: null };
  const request = constantRequest(owner, execution);
  let estimate: EnergyEstimateView;
  try {
    const answer = await client.estimateEnergy(request);
    estimate = {
      method: answer.method,
      energy: BigInt(answer.energy_required),
      baseEnergy: answer.base_energy === undefined ? null : BigInt(answer.base_energy),
      penalty: answer.energy_penalty === undefined ? null : BigInt(answer.energy_penalty),
    };
  } catch (error) {
    const unavailable = contractsUnavailable(error);
    if (unavailable) return { estimate: null, problem: unavailable, revertReason: null, constant: null };
    if (!(error instanceof ContractCallError)) throw error;
    // A failed estimate: run the call once more to read its revert data (TriggerConstantContractServlet answers it in
    // constant_result).
    const constant = await client.triggerConstantContract(request).catch(() => null);
    if (constant?.reverted) {
      const reason = revertReasonOf(constant, plan.abi);
      return {
        estimate: null,
        problem: `The call reverts, so it would fail on chain: ${reason}`,
        revertReason: reason,
        constant,
      };
    }
    return { estimate: null, problem: error.message, revertReason: null, constant };
  }
  let constant: ConstantCallResult | null = null;
  if (estimate.baseEnergy === null) {
    constant = await client.triggerConstantContract(request).catch(() => null);
    if (constant && !constant.reverted) {
      estimate = {
        ...estimate,
        baseEnergy: BigInt(constant.energy_used - constant.energy_penalty),
        penalty: BigInt(constant.energy_penalty),
      };
    }
  }
  return { estimate, problem: null, revertReason: null, constant };
}

function suggestion(strategy: FeeLimitStrategy, make: () => FeeLimitResult): FeeLimitSuggestion {
  try {
    const result = make();
    return {
      strategy,
      feeLimitSun: result.feeLimit,
      energy: result.energy,
      marginBps: result.marginBps,
      explanation: result.explanation,
      problem: null,
    };
  } catch (error) {
    if (error instanceof FeeError) {
      const problem =
        error.code === 'FEE_LIMIT_TOO_HIGH'
          ? `Refused: this would need a fee_limit above the chain's maximum of 15,000 TRX (${error.message})`
          : error.message;
      return UNAVAILABLE(strategy, problem);
    }
    throw error;
  }
}

const UNAVAILABLE = (strategy: FeeLimitStrategy, problem: string): FeeLimitSuggestion => ({
  strategy,
  feeLimitSun: null,
  energy: null,
  marginBps: DEFAULT_FEE_LIMIT_MARGIN_BPS,
  explanation: '',
  problem,
});

/**
 * The three strategies: the estimate itself; the contract's
 * energy_factor applied to the base energy; the chain's maximum factor applied to the base
 * energy. Each adds the default 20 % margin; a result above getMaxFeeLimit is refused.
 */
export function feeLimitSuggestions(
  facts: EnergyFacts,
  energyFactor: bigint | null,
  parameters: ChainParameters,
): FeeLimitSuggestion[] {
  const estimate = facts.estimate;
  if (!estimate) {
    // The reason (often a revert reason) is shown once, with the estimate; the rows only point to it.
    const why = facts.problem
      ? 'Needs the energy estimate, which is missing (the reason is given above).'
      : 'No energy estimate.';
    return (['estimate', 'energy-factor', 'max-factor'] as const).map((s) => UNAVAILABLE(s, why));
  }
  const base = estimate.baseEnergy;
  return [
    suggestion('estimate', () => feeLimitFromEstimate({ energyRequired: estimate.energy, parameters })),
    base === null
      ? UNAVAILABLE('energy-factor', 'The node did not report the base energy.')
      : energyFactor === null
        ? UNAVAILABLE('energy-factor', "The node does not report this contract's energy factor.")
        : suggestion('energy-factor', () => feeLimitFromEnergyFactor({ baseEnergy: base, energyFactor, parameters })),
    base === null
      ? UNAVAILABLE('max-factor', 'The node did not report the base energy.')
      : suggestion('max-factor', () => feeLimitFromMaxFactor({ baseEnergy: base, parameters })),
  ];
}

/** The contract's dynamic energy factor; a deployment starts at 0. */
export async function energyFactorOf(client: TronNodeClient, plan: ContractPlan): Promise<bigint | null> {
  if (plan.kind === 'deploy') return 0n;
  const contract = plan.execution?.contract;
  if (!contract) return null;
  try {
    const info = await client.getContractInfo(contract);
    return info ? BigInt(info.contract_state.energy_factor) : null;
  } catch (error) {
    if (error instanceof WalletError) return null;
    throw error;
  }
}

export function estimateView(kind: TxKind, facts: EnergyFacts, suggestions: FeeLimitSuggestion[]): EstimateView {
  return {
    kind,
    energy: facts.estimate,
    feeLimits: suggestions,
    problem: facts.problem,
    revertReason: facts.revertReason,
  };
}
