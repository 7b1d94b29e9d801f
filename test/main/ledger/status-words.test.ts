import { describe, expect, it } from 'vitest';
import { LedgerErrorCode } from '@core/errors';
import { DeviceStatus, errorForStatusWord, TronAppSetting, TronAppStatus } from '@main/ledger/status-words';

describe('Tron app status words', () => {
  it('reads each known status word as the error a person can act on', () => {
    const expected: [number, string][] = [
      [DeviceStatus.LOCKED_DEVICE, LedgerErrorCode.LOCKED],
      [DeviceStatus.LOCKED_DEVICE_OLD_FIRMWARE, LedgerErrorCode.LOCKED],
      [TronAppStatus.SECURITY_STATUS_NOT_SATISFIED, LedgerErrorCode.LOCKED],
      [TronAppStatus.CLA_NOT_SUPPORTED, LedgerErrorCode.WRONG_APP],
      [TronAppStatus.INS_NOT_SUPPORTED, LedgerErrorCode.WRONG_APP],
      [DeviceStatus.NO_APP_OPEN, LedgerErrorCode.WRONG_APP],
      [DeviceStatus.NO_APP_OPEN_OLD_FIRMWARE, LedgerErrorCode.WRONG_APP],
      [TronAppStatus.CONDITIONS_OF_USE_NOT_SATISFIED, LedgerErrorCode.DECLINED],
      [DeviceStatus.USER_REFUSED_ON_DEVICE, LedgerErrorCode.DECLINED],
      [DeviceStatus.DEVICE_INTERFACE_IN_FOREGROUND, LedgerErrorCode.BUSY],
      [TronAppStatus.MISSING_SETTING_DATA_ALLOWED, LedgerErrorCode.SETTING_REQUIRED],
      [TronAppStatus.MISSING_SETTING_SIGN_BY_HASH, LedgerErrorCode.SETTING_REQUIRED],
      [TronAppStatus.MISSING_SETTING_CUSTOM_CONTRACT, LedgerErrorCode.SETTING_REQUIRED],
      [TronAppStatus.INCORRECT_DATA, LedgerErrorCode.TRANSACTION_REJECTED],
      [TronAppStatus.INCORRECT_BIP32_PATH, LedgerErrorCode.INVALID_REQUEST],
    ];
    for (const [statusWord, code] of expected)
      expect(errorForStatusWord(statusWord, 'transaction').code, statusWord.toString(16)).toBe(code);
  });

  it('names the setting to enable for each missing-setting word', () => {
    expect(errorForStatusWord(0x6a8b, 'transaction').details?.setting).toBe(TronAppSetting.transactionsData);
    expect(errorForStatusWord(0x6a8c, 'hash').details?.setting).toBe(TronAppSetting.signByHash);
    expect(errorForStatusWord(0x6a8d, 'transaction').details?.setting).toBe(TronAppSetting.customContracts);
    expect(errorForStatusWord(0x6a8d, 'transaction').message).toContain('Enable "Custom contracts"');
  });

  it('says nothing was signed only for signing requests', () => {
    expect(errorForStatusWord(0x5515, 'message').message).toMatch(/Nothing was signed\.$/);
    expect(errorForStatusWord(0x5515, 'address').message).not.toMatch(/signed/);
  });

  it('keeps a word it cannot act on in hex, with the app constant name when there is one', () => {
    const swap = errorForStatusWord(0x6a8e, 'transaction');
    expect(swap.code).toBe(LedgerErrorCode.UNKNOWN_STATUS);
    expect(swap.details).toEqual({ statusWord: '0x6a8e', operation: 'transaction' });
    expect(swap.message).toContain('0x6a8e (SWAP_CHECKING_FAIL)');
    expect(errorForStatusWord(0x1234, 'address').message).toContain('status 0x1234,');
    expect(errorForStatusWord(0x6a80, 'message').code).toBe(LedgerErrorCode.UNKNOWN_STATUS);
  });
});
