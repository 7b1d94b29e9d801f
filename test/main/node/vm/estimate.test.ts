import { describe, expect, it } from 'vitest';
import { estimateByBinarySearch } from '@main/node/vm/estimate';
import type { VmExecutionResult } from '@main/node/vm/requests';
import type { ContractResultCode } from '@main/node/vm/types';

/** Wallet.estimateEnergy's search over runs the test scripts: what each run ends with. */
function execution(result: ContractResultCode, energyUsed = 1_000n): VmExecutionResult {
  return { result, energyUsed } as VmExecutionResult;
}

const TRX = 1_000_000n;

describe('estimateByBinarySearch', () => {
  it('runs a timed-out run again while retries are left, then answers the time-out', async () => {
    const feeLimits: bigint[] = [];
    const estimate = await estimateByBinarySearch({
      maxFeeLimit: 1_000n * TRX,
      energyFee: 100n,
      maxRetry: 3,
      run: async (feeLimit) => {
        feeLimits.push(feeLimit);
        return execution('OUT_OF_TIME');
      },
    });
    expect(estimate.ok).toBe(false);
    expect(estimate.execution.result).toBe('OUT_OF_TIME');
    // The first run and its three retries, all at the max fee limit.
    expect(feeLimits).toEqual([1_000n * TRX, 1_000n * TRX, 1_000n * TRX, 1_000n * TRX]);
  });

  it('goes on with the search when a retry passes, sharing the retries over the whole search', async () => {
    const outcomes: ContractResultCode[] = ['OUT_OF_TIME', 'SUCCESS', 'OUT_OF_TIME', 'OUT_OF_TIME'];
    let runs = 0;
    const estimate = await estimateByBinarySearch({
      maxFeeLimit: 1_000n * TRX,
      energyFee: 100n,
      maxRetry: 2,
      run: async () => {
        runs += 1;
        return execution(outcomes.shift() ?? 'SUCCESS');
      },
    });
    // Run 1 timed out, its retry passed; the next run timed out, its retry too, and no retry was left.
    expect(runs).toBe(4);
    expect(estimate.ok).toBe(false);
    expect(estimate.execution.result).toBe('OUT_OF_TIME');
  });

  it('answers other failures at the max fee limit at once, without retrying', async () => {
    let runs = 0;
    const estimate = await estimateByBinarySearch({
      maxFeeLimit: 1_000n * TRX,
      energyFee: 100n,
      run: async () => {
        runs += 1;
        return execution('REVERT');
      },
    });
    expect([estimate.ok, estimate.execution.result, runs]).toEqual([false, 'REVERT', 1]);
  });
});
