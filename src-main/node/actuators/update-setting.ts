import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { ownedContract } from './owned-contract';
import { contractKey } from '../vm-host/contract-records';
import { ContractValidateError } from '../errors';

/**
 * UpdateSettingContract (java-tron UpdateSettingContractActuator): the contract origin sets
 * consume_user_resource_percent.
 */
const TYPE_ERROR =
  'contract type error, expected type [UpdateSettingContract], real type[class com.google.protobuf.Any]';
const TEXTS = { noAccount: 'does not exist', noContract: 'Contract does not exist' };

export const updateSettingActuator: Actuator<'UpdateSettingContract'> = {
  typeName: 'UpdateSettingContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const percent = longToBigint(m.consume_user_resource_percent);
    ownedContract(ctx, m, TEXTS, () => {
      if (percent > 100n || percent < 0n) throw new ContractValidateError('percent not in [0, 100]');
    });
  },
  execute(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    const { address, record } = ownedContract(ctx, m, TEXTS);
    ctx.view.putExt(contractKey(address), {
      ...record,
      consumeUserResourcePercent: longToBigint(m.consume_user_resource_percent),
    });
    return 0n;
  },
};
