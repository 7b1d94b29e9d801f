import { registerErrorClass, WalletError } from '../errors';

/** A treasury policy file that cannot be read, or a policy used with the wrong inputs. */
export class PolicyError extends WalletError {
  override name = 'PolicyError';
}
registerErrorClass('PolicyError', PolicyError);
