import type { ContractTypeName } from '../../../src-core/tx/contract-types';
import type { ContractMessage, ContractOf } from './parsed-contract';
import { ContractExeError, ContractValidateError } from '../errors';

// The checks and failure texts that actuators and the protocol rules (staking, TRC-10, exchanges,
// governance) share, so each reads java-tron's wording from one place.

export const INT64_MAX = 2n ** 63n - 1n;

/** The decoded parameter, or java-tron's `any.is(...)` failure text when the type_url does not match. */
export function requireMessage<K extends ContractTypeName>(
  contract: ContractOf<K>,
  typeError: string,
): ContractMessage<K> {
  if (!contract.message) throw new ContractValidateError(typeError);
  return contract.message;
}

/** java-tron DecodeUtil.addressValid: 21 bytes starting with 0x41. */
export function addressValid(address: Uint8Array | undefined | null): address is Uint8Array {
  return !!address && address.length === 21 && address[0] === 0x41;
}

/** java-tron Commons.adjustBalance failure text. */
export function insufficientBalance(addressHex: string, balance: bigint, amount: bigint): ContractExeError {
  return new ContractExeError(`${addressHex} insufficient balance, balance: ${balance}, amount: ${amount}`);
}
