import { registerErrorClass, WalletError } from '../errors';

/** A proof-of-control file that cannot be read, or a proof asked of a permission that cannot give one. */
export class ControlError extends WalletError {
  override name = 'ControlError';
}
registerErrorClass('ControlError', ControlError);
