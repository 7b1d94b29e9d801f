import { ContractValidateError } from '../errors';

/**
 * Stake 1.0 balances are not modelled: the node never creates them (FreezeBalance is closed while
 * Stake 2.0 is on), so a Stake 1.0 contract java-tron would carry out is refused instead.
 */
export function stakeOneUnsupported(typeName: string): ContractValidateError {
  return new ContractValidateError(`${typeName} is not supported by this node yet: Stake 1.0 is not modelled`);
}
