import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from './actuator';
import { requireMessage } from './actuator';
import type { ParsedContract } from '../chain/tx';
import type { DelegateInput } from '../staking/delegation';
import { applyDelegate, validateDelegate } from '../staking/delegation';

/** DelegateResourceContract (java-tron DelegateResourceActuator): lends staked bandwidth or energy, optionally locked. */
const TYPE_ERROR =
  'contract type error,expected type [DelegateResourceContract],real type[class com.google.protobuf.Any]';

function input(contract: ParsedContract): DelegateInput {
  const m = contract.message!;
  return {
    owner: m.owner_address as Uint8Array | undefined,
    receiver: m.receiver_address as Uint8Array | undefined,
    amount: longToBigint(m.balance as never),
    resource: (m.resource as number | undefined) ?? 0,
    lock: m.lock === true,
    lockPeriod: longToBigint(m.lock_period as never),
  };
}

export const delegateResourceActuator: Actuator = {
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
