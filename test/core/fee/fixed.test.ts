import { describe, expect, it } from 'vitest';
import { activationFee, fixedFeeOf, memoFee, multiSignFee } from '../../../src-core/fee';

const TRX = 1_000_000n;

describe('fixed fees', () => {
  it('match the spec table', () => {
    expect(fixedFeeOf('WitnessCreateContract')).toBe(9_999n * TRX);
    expect(fixedFeeOf('AssetIssueContract')).toBe(1_024n * TRX);
    expect(fixedFeeOf('AccountCreateContract')).toBe(1n * TRX);
    expect(fixedFeeOf('AccountPermissionUpdateContract')).toBe(100n * TRX);
    expect(fixedFeeOf('ExchangeCreateContract')).toBe(1_024n * TRX);
    expect(fixedFeeOf('TransferContract')).toBe(0n);
  });

  it('follow proposals that change them', () => {
    expect(fixedFeeOf('AccountPermissionUpdateContract', { getUpdateAccountPermissionFee: 50n * TRX })).toBe(50n * TRX);
    expect(multiSignFee(2, { getMultiSignFee: 2n * TRX })).toBe(2n * TRX);
  });

  it('charge 1 TRX to activate, 1 TRX for a memo and 1 TRX beyond one signature', () => {
    expect(activationFee()).toBe(TRX);
    expect(memoFee('68656c6c6f')).toBe(TRX);
    expect(memoFee(undefined)).toBe(0n);
    expect(memoFee('')).toBe(0n);
    expect(multiSignFee(1)).toBe(0n);
    expect(multiSignFee(2)).toBe(TRX);
    expect(multiSignFee(5)).toBe(TRX);
  });
});
