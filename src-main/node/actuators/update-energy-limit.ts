import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { ownedContract } from './owned-contract';
import { contractKey } from '../vm-host/contract-records';
import { ContractValidateError } from '../errors';

/**
 * UpdateEnergyLimitContract (java-tron UpdateEnergyLimitContractActuator): the contract origin sets
 * origin_energy_limit.
 */
const TYPE_ERROR =
  'contract type error, expected type [UpdateEnergyLimitContract], real type[class com.google.protobuf.Any]';
const TEXTS = { noAccount: 'does not exist', noContract: 'Contract does not exist' };

export const updateEnergyLimitActuator: Actuator<'UpdateEnergyLimitContract'> = {
  typeName: 'UpdateEnergyLimitContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const limit = longToBigint(m.origin_energy_limit);
    ownedContract(ctx, m, TEXTS, () => {
      if (limit <= 0n) throw new ContractValidateError('origin energy limit must be > 0');
    });
  },
  execute(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const { address, record } = ownedContract(ctx, m, TEXTS);
    ctx.view.putExt(contractKey(address), {
      ...record,
      originEnergyLimit: longToBigint(m.origin_energy_limit),
    });
    return 0n;
  },
};
