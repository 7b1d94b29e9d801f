import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import type { ContractOf } from '../model/parsed-contract';
import type { DelegateInput } from '../staking/delegation';
import { applyDelegate, validateDelegate } from '../staking/delegation';

/**
 * DelegateResourceContract (java-tron DelegateResourceActuator): lends staked bandwidth or energy, optionally locked.
 */
const TYPE_ERROR =
  'contract type error,expected type [DelegateResourceContract],real type[class com.google.protobuf.Any]';

function input(contract: ContractOf<'DelegateResourceContract'>): DelegateInput {
  const m = contract.message!;
  return {
    owner: m.owner_address,
    receiver: m.receiver_address,
    amount: longToBigint(m.balance),
    resource: m.resource,
    lock: m.lock === true,
    lockPeriod: longToBigint(m.lock_period),
  };
}

export const delegateResourceActuator: Actuator<'DelegateResourceContract'> = {
  typeName: 'DelegateResourceContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    requireMessage(contract, TYPE_ERROR);
    validateDelegate(ctx.view, input(contract), ctx.building === true);
  },
  execute(contract, ctx) {
    applyDelegate(ctx.view, input(contract));
    return 0n;
  },
};
