import { sunPerEnergy } from './energy-limit';
import type { EstimateResult, VmExecutionResult } from './requests';
import { ContractResult } from './types';

/** `TRX_PRECISION`: the search stops when the fee-limit window is 1 TRX wide. */
const SEARCH_PRECISION = 1_000_000n;

/** java-tron `vm.estimateEnergyMaxRetry` (default 3, read as 0 to 10). */
export const DEFAULT_ESTIMATE_MAX_RETRY = 3;

export interface EstimateSearch {
  readonly maxFeeLimit: bigint;
  readonly energyFee: bigint;
  /** A constant run of the call with the energy capped at feeLimit / energyFee. */
  readonly run: (feeLimit: bigint) => Promise<VmExecutionResult>;
  /** Runs that end OUT_OF_TIME are tried again, this many times over the whole search. */
  readonly maxRetry?: number;
}

function failed(execution: VmExecutionResult): boolean {
  return execution.result !== ContractResult.SUCCESS;
}

function timedOut(execution: VmExecutionResult): boolean {
  return execution.result === ContractResult.OUT_OF_TIME;
}

/**
 * `Wallet.estimateEnergy`: run at the max fee limit (failure there is final); then search between
 * `energyFee × energyUsed` (trying twice that first) and the max fee limit until the window is
 * 1 TRX; the answer is `ceil(high / energyFee)` from a last run at `high`. A run that ends
 * OUT_OF_TIME is run again while retries are left (java-tron catches OutOfTimeException around each
 * run but the last); once they are spent, or on the last run, the time-out is the answer.
 */
export async function estimateByBinarySearch(search: EstimateSearch): Promise<EstimateResult> {
  const price = sunPerEnergy(search.energyFee);
  let retriesLeft = search.maxRetry ?? DEFAULT_ESTIMATE_MAX_RETRY;
  const attempt = async (feeLimit: bigint): Promise<VmExecutionResult> => {
    for (;;) {
      const execution = await search.run(feeLimit);
      if (!timedOut(execution) || retriesLeft === 0) return execution;
      retriesLeft -= 1;
    }
  };

  let high = search.maxFeeLimit;
  const first = await attempt(high);
  if (failed(first)) return { ok: false, execution: first };

  let low = price * first.energyUsed;
  const twice = low * 2n;
  if (twice < high) {
    const execution = await attempt(twice);
    if (timedOut(execution)) return { ok: false, execution };
    if (failed(execution)) low = twice;
    else high = twice;
  }
  while (low + SEARCH_PRECISION < high) {
    const middle = (low + high) / 2n;
    const execution = await attempt(middle);
    if (timedOut(execution)) return { ok: false, execution };
    if (failed(execution)) low = middle;
    else high = middle;
  }
  const last = await search.run(high);
  if (failed(last)) return { ok: false, execution: last };
  return { ok: true, energyRequired: (high + price - 1n) / price, energyUsed: first.energyUsed, execution: last };
}
