import { LedgerError, LedgerErrorCode } from '../../src-core/errors';
import { errorForStatusWord, isSigningOperation, type LedgerOperation } from './status-words';

/**
 * Names the Ledger libraries give their errors. They are matched by name and shape, not with
 * `instanceof`: hw-app-trx, the HID transport and the mocker each bring their own copy of
 * @ledgerhq/hw-transport and @ledgerhq/errors, so the classes differ between them.
 */
const DISCONNECTED_NAMES = new Set(['DisconnectedDevice', 'DisconnectedDeviceDuringOperation']);
const BUSY_NAMES = new Set(['TransportRaceCondition']);
/** `TransportError.id` values: a second call while one is pending, no device at open. */
const BUSY_IDS = new Set(['TransportLocked']);
const NOT_FOUND_IDS = new Set(['NoDevice', 'NoDeviceFound', 'ListenTimeout']);

function field(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[key] : undefined;
}

function messageOf(error: unknown): string {
  const message = field(error, 'message');
  return typeof message === 'string' && message !== '' ? message : String(error);
}

/** Any failure of a device exchange, as the `LedgerError` a person can act on. */
export function toLedgerError(error: unknown, operation: LedgerOperation): LedgerError {
  if (error instanceof LedgerError) return error;
  const statusCode = field(error, 'statusCode');
  if (typeof statusCode === 'number' && Number.isInteger(statusCode)) return errorForStatusWord(statusCode, operation);
  const name = field(error, 'name');
  const id = field(error, 'id');
  if (typeof name === 'string' && DISCONNECTED_NAMES.has(name)) {
    const during = isSigningOperation(operation) ? ' while signing' : '';
    return new LedgerError(
      LedgerErrorCode.DISCONNECTED,
      `The Ledger was disconnected${during}. Reconnect it, unlock it, open the Tron app and try again.${during ? ' Nothing was signed.' : ''}`,
      { operation, reason: messageOf(error) },
    );
  }
  if ((typeof name === 'string' && BUSY_NAMES.has(name)) || (typeof id === 'string' && BUSY_IDS.has(id))) {
    return new LedgerError(
      LedgerErrorCode.BUSY,
      'The Ledger is still waiting for an answer to another request. Approve or reject it on the device, then try again.',
      { operation },
    );
  }
  if (typeof id === 'string' && NOT_FOUND_IDS.has(id)) {
    return new LedgerError(
      LedgerErrorCode.NOT_FOUND,
      'No Ledger was found. Connect it by USB, unlock it and open the Tron app.',
      { operation },
    );
  }
  return new LedgerError(
    LedgerErrorCode.TRANSPORT_FAILED,
    `Communication with the Ledger failed: ${messageOf(error)}. Reconnect it and try again.`,
    {
      operation,
      reason: messageOf(error),
    },
  );
}
