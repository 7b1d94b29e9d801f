import { bytesToHex } from '../../../src-core/bytes/hex';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { applyWitnessCreate, validateWitnessCreate } from '../staking/witness';

/**
 * WitnessCreateContract (java-tron WitnessCreateActuator): becomes a representative candidate for
 * getAccountUpgradeCost.
 */
const TYPE_ERROR =
  'contract type error, expected type [WitnessCreateContract],real type[class com.google.protobuf.Any]';

export const witnessCreateActuator: Actuator<'WitnessCreateContract'> = {
  typeName: 'WitnessCreateContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    validateWitnessCreate(ctx.view, m.owner_address, m.url);
  },
  execute(contract, ctx) {
    const m = contract.message!;
    return applyWitnessCreate(ctx.view, bytesToHex(m.owner_address), m.url);
  },
};
