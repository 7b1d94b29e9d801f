import { bytesToHex } from '../../../src-core/bytes/hex';
import { bigintToLong, longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { applyUnfreezeV2, validateUnfreezeV2 } from '../staking/freeze';

/**
 * UnfreezeBalanceV2Contract (java-tron UnfreezeBalanceV2Actuator): starts the unfreeze delay,
 * paying out matured unfreezes on the way (TransactionInfo withdraw_expire_amount).
 */
const TYPE_ERROR =
  'contract type error, expected type [UnfreezeBalanceContract], real type[class com.google.protobuf.Any]';

export const unfreezeBalanceV2Actuator: Actuator<'UnfreezeBalanceV2Contract'> = {
  typeName: 'UnfreezeBalanceV2Contract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    validateUnfreezeV2(ctx.view, m.owner_address, longToBigint(m.unfreeze_balance), m.resource);
  },
  execute(contract, ctx) {
    const m = contract.message!;
    const withdrawn = applyUnfreezeV2(
      ctx.view,
      bytesToHex(m.owner_address),
      longToBigint(m.unfreeze_balance),
      m.resource,
    );
    return { fee: 0n, info: withdrawn ? { withdraw_expire_amount: bigintToLong(withdrawn) } : {} };
  },
};
