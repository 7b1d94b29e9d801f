import { bytesToHex } from '../../../src-core/bytes/hex';
import { longToBigint } from '../../../src-core/proto/runtime';
import type { Actuator } from './actuator';
import { requireMessage } from './actuator';
import { applyFreezeV2, validateFreezeV2 } from '../staking/freeze';

/** FreezeBalanceV2Contract (java-tron FreezeBalanceV2Actuator): balance → Stake 2.0 for BANDWIDTH, ENERGY (or TRON_POWER). */
const TYPE_ERROR =
  'contract type error,expected type [FreezeBalanceV2Contract],real type[class com.google.protobuf.Any]';

export const freezeBalanceV2Actuator: Actuator = {
  typeName: 'FreezeBalanceV2Contract',
  createsAccount: () => false,
  validate(contract, ctx) {
    const m = requireMessage(contract, TYPE_ERROR);
    validateFreezeV2(
      ctx.view,
      m.owner_address as Uint8Array | undefined,
      longToBigint(m.frozen_balance as never),
      (m.resource as number | undefined) ?? 0,
    );
  },
  execute(contract, ctx) {
    const m = contract.message!;
    applyFreezeV2(
      ctx.view,
      bytesToHex(m.owner_address as Uint8Array),
      longToBigint(m.frozen_balance as never),
      (m.resource as number | undefined) ?? 0,
    );
    return 0n;
  },
};
