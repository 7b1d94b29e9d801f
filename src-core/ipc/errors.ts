import { registerErrorClass, WalletError } from '../errors';

/**
 * Failures of the IPC plumbing itself rather than of the operation asked for: a refused sender,
 * an unknown channel, a malformed reply, or an unexpected exception inside main (`INTERNAL`).
 */
export class IpcError extends WalletError {
  override name = 'IpcError';
}
registerErrorClass('IpcError', IpcError);

export const IpcErrorCode = {
  untrustedSender: 'IPC_UNTRUSTED_SENDER',
  unknownChannel: 'IPC_UNKNOWN_CHANNEL',
  badResponse: 'IPC_BAD_RESPONSE',
  noBridge: 'IPC_NO_BRIDGE',
  internal: 'INTERNAL',
} as const;
