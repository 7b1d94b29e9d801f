import { registerErrorClass, WalletError } from '../errors';

/** A payout run that cannot go on: its node does not answer, or the run is not this desk's. */
export class PayoutError extends WalletError {
  override name = 'PayoutError';
}
registerErrorClass('PayoutError', PayoutError);
