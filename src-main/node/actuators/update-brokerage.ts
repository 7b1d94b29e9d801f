import { bytesToHex } from '../../../src-core/bytes/hex';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { applyUpdateBrokerage, validateUpdateBrokerage } from '../staking/witness';

/**
 * UpdateBrokerageContract (java-tron UpdateBrokerageActuator): the share of rewards a representative keeps, from the
 * next cycle.
 */
const TYPE_ERROR =
  'contract type error, expected type [UpdateBrokerageContract], real type[class com.google.protobuf.Any]';

export const updateBrokerageActuator: Actuator<'UpdateBrokerageContract'> = {
  typeName: 'UpdateBrokerageContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    validateUpdateBrokerage(ctx.view, m.owner_address, m.brokerage);
  },
  execute(contract, ctx) {
    const m = contract.message!;
    applyUpdateBrokerage(ctx.view, bytesToHex(m.owner_address), m.brokerage);
    return 0n;
  },
};
