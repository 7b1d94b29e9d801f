import { bytesToHex } from '../../../src-core/bytes/hex';
import { bigintToLong } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { applyWithdrawBalance, validateWithdrawBalance } from '../staking/withdraw';

/** WithdrawBalanceContract (java-tron WithdrawBalanceActuator): rewards → balance, once per 24 h (withdraw_amount). */
const TYPE_ERROR =
  'contract type error, expected type [WithdrawBalanceContract], real type[class com.google.protobuf.Any]';

export const withdrawBalanceActuator: Actuator<'WithdrawBalanceContract'> = {
  typeName: 'WithdrawBalanceContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    validateWithdrawBalance(ctx.view, m.owner_address);
  },
  execute(contract, ctx) {
    const amount = applyWithdrawBalance(ctx.view, bytesToHex(contract.message!.owner_address));
    return { fee: 0n, info: { withdraw_amount: bigintToLong(amount) } };
  },
};
