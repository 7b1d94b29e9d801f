import { bytesToHex } from '../../../src-core/bytes/hex';
import { bigintToLong } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { applyWithdrawExpireUnfreeze, validateWithdrawExpireUnfreeze } from '../staking/freeze';

/** WithdrawExpireUnfreezeContract (java-tron WithdrawExpireUnfreezeActuator): matured unfreezes → balance. */
const TYPE_ERROR =
  'contract type error, expected type [WithdrawExpireUnfreezeContract], real type[class com.google.protobuf.Any]';

export const withdrawExpireUnfreezeActuator: Actuator<'WithdrawExpireUnfreezeContract'> = {
  typeName: 'WithdrawExpireUnfreezeContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    validateWithdrawExpireUnfreeze(ctx.view, m.owner_address);
  },
  execute(contract, ctx) {
    const amount = applyWithdrawExpireUnfreeze(ctx.view, bytesToHex(contract.message!.owner_address));
    return { fee: 0n, info: { withdraw_expire_amount: bigintToLong(amount) } };
  },
};
