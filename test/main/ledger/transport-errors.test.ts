import { describe, expect, it } from 'vitest';
import { LedgerError, LedgerErrorCode } from '@core/errors';
import { toLedgerError } from '@main/ledger/transport-errors';

function named(name: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`${name} happened`), { name }, extra);
}

describe('Ledger transport errors', () => {
  it('maps a status word error from any copy of hw-transport by its statusCode', () => {
    expect(
      toLedgerError(Object.assign(named('TransportStatusError'), { statusCode: 0x6985 }), 'transaction').code,
    ).toBe(LedgerErrorCode.DECLINED);
    expect(toLedgerError(Object.assign(named('LockedDeviceError'), { statusCode: 0x5515 }), 'address').code).toBe(
      LedgerErrorCode.LOCKED,
    );
  });

  it('reads the HID transport disconnect errors as a disconnection, mid-sign in the signing words', () => {
    const during = toLedgerError(named('DisconnectedDeviceDuringOperation'), 'hash');
    expect(during.code).toBe(LedgerErrorCode.DISCONNECTED);
    expect(during.message).toContain('while signing');
    const idle = toLedgerError(named('DisconnectedDevice'), 'address');
    expect(idle.message).toBe('The Ledger was disconnected. Reconnect it, unlock it, open the Tron app and try again.');
  });

  it('reads a pending request and a missing device', () => {
    expect(toLedgerError(named('TransportRaceCondition'), 'address').code).toBe(LedgerErrorCode.BUSY);
    expect(toLedgerError(named('TransportError', { id: 'TransportLocked' }), 'address').code).toBe(
      LedgerErrorCode.BUSY,
    );
    expect(toLedgerError(named('TransportError', { id: 'NoDevice' }), 'connect').code).toBe(LedgerErrorCode.NOT_FOUND);
  });

  it('passes a LedgerError through and reports anything else with its message', () => {
    const own = new LedgerError(LedgerErrorCode.LOCKED, 'locked');
    expect(toLedgerError(own, 'address')).toBe(own);
    const other = toLedgerError(new Error('LIBUSB_ERROR_IO'), 'message');
    expect(other.code).toBe(LedgerErrorCode.TRANSPORT_FAILED);
    expect(other.message).toBe('Communication with the Ledger failed: LIBUSB_ERROR_IO. Reconnect it and try again.');
    expect(toLedgerError('weird', 'message').details?.reason).toBe('weird');
  });
});
