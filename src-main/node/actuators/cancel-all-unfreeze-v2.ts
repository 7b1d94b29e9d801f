import { bytesToHex } from '../../../src-core/bytes/hex';
import { bigintToLong } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { applyCancelAllUnfreezeV2, validateCancelAllUnfreezeV2 } from '../staking/freeze';

/**
 * CancelAllUnfreezeV2Contract (java-tron CancelAllUnfreezeV2Actuator): pending unfreezes are
 * staked again, matured ones paid out (cancel_unfreezeV2_amount, withdraw_expire_amount).
 */
const TYPE_ERROR =
  'contract type error, expected type [CancelAllUnfreezeV2Contract], real type[class com.google.protobuf.Any]';

export const cancelAllUnfreezeV2Actuator: Actuator<'CancelAllUnfreezeV2Contract'> = {
  typeName: 'CancelAllUnfreezeV2Contract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    validateCancelAllUnfreezeV2(ctx.view, m.owner_address);
  },
  execute(contract, ctx) {
    const { withdrawnExpired, canceled } = applyCancelAllUnfreezeV2(
      ctx.view,
      bytesToHex(contract.message!.owner_address),
    );
    const cancelUnfreezeV2Amount = {
      BANDWIDTH: bigintToLong(canceled.BANDWIDTH),
      ENERGY: bigintToLong(canceled.ENERGY),
      TRON_POWER: bigintToLong(canceled.TRON_POWER),
    };
    return {
      fee: 0n,
      info: {
        withdraw_expire_amount: bigintToLong(withdrawnExpired),
        cancel_unfreezeV2_amount: cancelUnfreezeV2Amount,
      },
    };
  },
};
