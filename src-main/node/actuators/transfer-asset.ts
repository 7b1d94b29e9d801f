import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { applyTransferAsset, transferAssetCreatesAccount, validateTransferAsset } from '../trc10/rules';

/**
 * TransferAssetContract (java-tron TransferAssetActuator): moves a TRC-10 token by id, activating the receiver if
 * needed.
 */
const TYPE_ERROR =
  'contract type error, expected type [TransferAssetContract], real type [class com.google.protobuf.Any]';

export const transferAssetActuator: Actuator<'TransferAssetContract'> = {
  typeName: 'TransferAssetContract',
  createsAccount: (contract, ctx) => !!contract.message && transferAssetCreatesAccount(ctx.view, contract.message),
  validate(contract, ctx) {
    validateTransferAsset(ctx.view, requireMessage(contract, TYPE_ERROR));
  },
  execute(contract, ctx) {
    return applyTransferAsset(ctx.view, ctx.headTimestamp, contract.message!);
  },
};
