import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { ownedContract } from './owned-contract';
import { abiKey } from '../vm-host/contract-records';
import { ContractValidateError } from '../errors';

/** ClearABIContract (java-tron ClearABIContractActuator): the contract origin removes the stored ABI. */
const TYPE_ERROR = 'contract type error, expected type [ClearABIContract], real type[class com.google.protobuf.Any]';
const TEXTS = { noAccount: 'not exists', noContract: 'Contract not exists' };

export const clearAbiActuator: Actuator<'ClearABIContract'> = {
  typeName: 'ClearABIContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    if (ctx.view.props.parameters.getAllowTvmConstantinople !== 1n)
      throw new ContractValidateError('contract type error,unexpected type [ClearABIContract]');
    const m = requireMessage(contract, TYPE_ERROR);
    ownedContract(ctx, m, TEXTS);
  },
  execute(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const { address } = ownedContract(ctx, m, TEXTS);
    // AbiStore keeps an empty ABI: getcontract then prints "abi":{}.
    ctx.view.putExt(abiKey(address), {});
    return 0n;
  },
};
