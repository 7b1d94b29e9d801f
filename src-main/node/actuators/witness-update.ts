import { bytesToHex } from '../../../src-core/bytes/hex';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { applyWitnessUpdate, validateWitnessUpdate } from '../staking/witness';

/** WitnessUpdateContract (java-tron WitnessUpdateActuator): changes a candidate's URL. */
const TYPE_ERROR =
  'contract type error, expected type [WitnessUpdateContract],real type[class com.google.protobuf.Any]';

export const witnessUpdateActuator: Actuator<'WitnessUpdateContract'> = {
  typeName: 'WitnessUpdateContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    validateWitnessUpdate(ctx.view, m.owner_address, m.update_url);
  },
  execute(contract, ctx) {
    const m = contract.message!;
    applyWitnessUpdate(ctx.view, bytesToHex(m.owner_address), m.update_url);
    return 0n;
  },
};
