import { describe, expect, it } from 'vitest';
import { withChainParameters } from '@core/chain/parameters';
import {
  applyProposalParameters,
  proposalParameterError,
  PROPOSAL_PARAMETERS,
} from '@main/node/governance/proposal-parameters';

/** ProposalUtil.validator's texts and ProposalService.process's effects, code by code. */
describe('proposal parameters', () => {
  const p = withChainParameters();

  it("knows java-tron 4.8.0's codes and no others", () => {
    expect([...PROPOSAL_PARAMETERS.keys()].sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 29, 30, 31, 32,
      33, 35, 39, 40, 41, 44, 45, 46, 47, 48, 49, 51, 52, 53, 59, 60, 61, 62, 63, 65, 66, 67, 68, 69, 70, 71, 72, 73,
      74, 75, 76, 77, 78, 79, 81, 82, 83, 87, 88, 89,
    ]);
    expect(proposalParameterError(p, 27n, 1n)).toBe('Does not support code : 27');
    expect(proposalParameterError(p, -1n, 1n)).toBe('Does not support code : -1');
  });

  it.each([
    [1n, -1n, 'Bad chain parameter value, valid range is [0,100000000000000000]'],
    [13n, 401n, 'Bad chain parameter value, valid range is [10,400]'],
    [22n, 100_000_000_001n, 'Bad chain parameter value, valid range is [0, 100_000_000_000L]'],
    [24n, 2n, 'This value[ALLOW_PROTO_FILTER_NUM] is only allowed to be 1 or 0'],
    [29n, 0n, 'Bad chain parameter value, valid range is [1,10_000]'],
    [33n, 1_001n, 'Bad chain parameter value, valid range is [1,1_000]'],
    [47n, -1n, 'Bad MAX_FEE_LIMIT parameter value, value must not be negative'],
    [49n, 2n, 'This value[ALLOW_REMOVE_BLACKHOLE] is only allowed to be 1 or 0'],
    [61n, 100_001n, 'Bad chain parameter value, valid range is [0,100_000]'],
    [62n, 1_000_000_000_001n, 'Bad chain parameter value, valid range is [0, 1_000_000_000_000L]'],
    [67n, 1n, 'New reward has been valid.'],
    [68n, 1_000_000_001n, 'This value[MEMO_FEE] is only allowed to be in the range 0-1000_000_000'],
    [70n, 0n, 'This value[UNFREEZE_DELAY_DAYS] is only allowed to be in the range 1-365'],
    [72n, 2n, 'This value[ALLOW_DYNAMIC_ENERGY] is only allowed to be in the range 0-1'],
    [74n, 10_001n, 'This value[DYNAMIC_ENERGY_INCREASE_FACTOR] is only allowed to be in the range 0-10000'],
    [75n, 100_001n, 'This value[DYNAMIC_ENERGY_MAX_FACTOR] is only allowed to be in the range 0-100000'],
    [79n, 1n, '[ALLOW_OLD_REWARD_OPT] has been valid, no need to propose again'],
    [
      82n,
      499n,
      'This value[MAX_CREATE_ACCOUNT_TX_SIZE] is only allowed to be greater than or equal to 500 and less than or equal to 10000!',
    ],
    [89n, 2n, 'This value[ALLOW_TVM_BLOB] is only allowed to be 1'],
  ])('code %s with %s: "%s"', (code, value, message) => {
    expect(proposalParameterError(p, code, value)).toBe(message);
  });

  it('checks prerequisites and ranges that depend on the parameters in force', () => {
    const old = withChainParameters({ getAllowHigherLimitForMaxCpuTimeOfOneTx: 0n, getAllowTvmLondon: 0n });
    expect(proposalParameterError(old, 13n, 101n)).toBe('Bad chain parameter value, valid range is [10,100]');
    expect(proposalParameterError(old, 47n, 10_000_000_001n)).toBe(
      'Bad MAX_FEE_LIMIT parameter value, valid range is [0,10_000_000_000L]',
    );
    expect(proposalParameterError(p, 47n, 10_000_000_001n)).toBeUndefined();
    const noDelegation = withChainParameters({ getChangeDelegation: 0n });
    expect(proposalParameterError(noDelegation, 59n, 1n)).toBe(
      '[ALLOW_CHANGE_DELEGATION] proposal must be approved before [ALLOW_TVM_VOTE] can be proposed',
    );
    expect(proposalParameterError(noDelegation, 72n, 1n)).toBe(
      '[ALLOW_CHANGE_DELEGATION] proposal must be approved before [ALLOW_DYNAMIC_ENERGY] can be opened',
    );
    expect(proposalParameterError(noDelegation, 72n, 0n)).toBeUndefined();
    const noDelay = withChainParameters({ getUnfreezeDelayDays: 0n });
    expect(proposalParameterError(noDelay, 77n, 1n)).toBe(
      '[UNFREEZE_DELAY_DAYS] proposal must be approved before [ALLOW_CANCEL_ALL_UNFREEZE_V2] can be proposed',
    );
    const noTrc10 = withChainParameters({ getAllowTvmTransferTrc10: 0n });
    expect(proposalParameterError(noTrc10, 26n, 1n)).toBe(
      '[ALLOW_TVM_TRANSFER_TRC10] proposal must be approved before [ALLOW_TVM_CONSTANTINOPLE] can be proposed',
    );
    expect(proposalParameterError(p, 10n, 1n)).toBeUndefined();
    expect(proposalParameterError(withChainParameters({ getRemoveThePowerOfTheGr: -1n }), 10n, 1n)).toBe(
      'This proposal has been executed before and is only allowed to be executed once',
    );
  });

  it('applies values, one-way switches only from 0, and the companions java-tron sets', () => {
    const before = withChainParameters({ getAllowMultiSign: 0n, getAllowMarketTransaction: 1n });
    const after = applyProposalParameters(before, [
      [11n, 420n],
      [20n, 1n],
      [44n, 0n],
      [19n, 90_000_000_000n],
      [40n, 1n],
    ]);
    expect(after.getEnergyFee).toBe(420n);
    expect(after.getAllowMultiSign).toBe(1n);
    // ALLOW_MARKET_TRANSACTION is only written while it is 0.
    expect(after.getAllowMarketTransaction).toBe(1n);
    expect([after.getTotalEnergyCurrentLimit, after.getTotalEnergyLimit]).toEqual([90_000_000_000n, 90_000_000_000n]);
    const adaptive = applyProposalParameters(withChainParameters(), [[21n, 1n]]);
    expect([
      adaptive.getAllowAdaptiveEnergy,
      adaptive.getAdaptiveResourceLimitTargetRatio,
      adaptive.getAdaptiveResourceLimitMultiplier,
    ]).toEqual([1n, 2n, 50n]);
    expect(before.getEnergyFee).toBe(210n);
  });
});
