import { sunPerEnergy } from './energy-limit';
import type { EstimateResult, VmExecutionResult } from './requests';
import { ContractResult } from './types';

/** `TRX_PRECISION`: the search stops when the fee-limit window is 1 TRX wide. */
const SEARCH_PRECISION = 1_000_000n;

export interface EstimateSearch {
  readonly maxFeeLimit: bigint;
  readonly energyFee: bigint;
  /** A constant run of the call with the energy capped at feeLimit / energyFee. */
  readonly run: (feeLimit: bigint) => Promise<VmExecutionResult>;
}

function failed(execution: VmExecutionResult): boolean {
  return execution.result !== ContractResult.SUCCESS;
}

/**
 * `Wallet.estimateEnergy`: run at the max fee limit (failure there is final); then search between
 * `energyFee × energyUsed` (trying twice that first) and the max fee limit until the window is
 * 1 TRX; the answer is `ceil(high / energyFee)` from a last run at `high`.
 */
export async function estimateByBinarySearch(search: EstimateSearch): Promise<EstimateResult> {
  const price = sunPerEnergy(search.energyFee);
  let high = search.maxFeeLimit;
  const first = await search.run(high);
  if (failed(first)) return { ok: false, execution: first };

  let low = price * first.energyUsed;
  const twice = low * 2n;
  if (twice < high) {
    if (failed(await search.run(twice))) low = twice;
    else high = twice;
  }
  while (low + SEARCH_PRECISION < high) {
    const middle = (low + high) / 2n;
    if (failed(await search.run(middle))) low = middle;
    else high = middle;
  }
  const last = await search.run(high);
  if (failed(last)) return { ok: false, execution: last };
  return { ok: true, energyRequired: (high + price - 1n) / price, energyUsed: first.energyUsed, execution: last };
}
