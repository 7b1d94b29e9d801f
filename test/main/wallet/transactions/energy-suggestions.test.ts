import { describe, expect, it } from 'vitest';
import type { ChainParameters } from '@core/chain/parameters';
import { feeLimitSuggestions } from '@main/wallet/transactions/energy';

describe('fee_limit suggestions without an estimate', () => {
  it('point to the reason given with the estimate instead of repeating a revert reason in every row', () => {
    const reason = 'ERC20: transfer amount exceeds balance';
    const rows = feeLimitSuggestions(
      {
        estimate: null,
        problem: `The call reverts, so it would fail on chain: ${reason}`,
        revertReason: reason,
        constant: null,
      },
      null,
      {} as ChainParameters,
    );
    expect(rows.map((r) => r.strategy)).toEqual(['estimate', 'energy-factor', 'max-factor']);
    expect(rows.every((r) => r.feeLimitSun === null && r.problem !== null)).toBe(true);
    expect(rows.filter((r) => r.problem!.includes(reason))).toEqual([]);
  });
});
