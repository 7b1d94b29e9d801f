import { bytesToHex } from '../../../src-core/bytes/hex';
import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { applyFreezeV2, validateFreezeV2 } from '../staking/freeze';

/**
 * FreezeBalanceV2Contract (java-tron FreezeBalanceV2Actuator): balance → Stake 2.0 for BANDWIDTH, ENERGY (or
 * TRON_POWER).
 */
const TYPE_ERROR =
  'contract type error,expected type [FreezeBalanceV2Contract],real type[class com.google.protobuf.Any]';

export const freezeBalanceV2Actuator: Actuator<'FreezeBalanceV2Contract'> = {
  typeName: 'FreezeBalanceV2Contract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    validateFreezeV2(ctx.view, m.owner_address, longToBigint(m.frozen_balance), m.resource);
  },
  execute(contract, ctx) {
    const m = contract.message!;
    applyFreezeV2(ctx.view, bytesToHex(m.owner_address), longToBigint(m.frozen_balance), m.resource);
    return 0n;
  },
};
