import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import type { ContractOf } from '../model/parsed-contract';
import type { UnDelegateInput } from '../staking/delegation';
import { applyUnDelegate, validateUnDelegate } from '../staking/delegation';

/** UnDelegateResourceContract (java-tron UnDelegateResourceActuator): takes delegated stake back once unlocked. */
const TYPE_ERROR =
  'contract type error, expected type [UnDelegateResourceContract], real type[class com.google.protobuf.Any]';

function input(contract: ContractOf<'UnDelegateResourceContract'>): UnDelegateInput {
  const m = contract.message!;
  return {
    owner: m.owner_address,
    receiver: m.receiver_address,
    amount: longToBigint(m.balance),
    resource: m.resource,
  };
}

export const unDelegateResourceActuator: Actuator<'UnDelegateResourceContract'> = {
  typeName: 'UnDelegateResourceContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    requireMessage(contract, TYPE_ERROR);
    validateUnDelegate(ctx.view, input(contract));
  },
  execute(contract, ctx) {
    applyUnDelegate(ctx.view, input(contract));
    return 0n;
  },
};
