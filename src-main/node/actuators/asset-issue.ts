import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { applyAssetIssue, validateAssetIssue } from '../trc10/rules';

/**
 * AssetIssueContract (java-tron AssetIssueActuator): issues a TRC-10 token for getAssetIssueFee (1024 TRX);
 * TransactionInfo assetIssueID.
 */
const TYPE_ERROR = 'contract type error,expected type [AssetIssueContract],real type[class com.google.protobuf.Any]';

export const assetIssueActuator: Actuator<'AssetIssueContract'> = {
  typeName: 'AssetIssueContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    validateAssetIssue(ctx.view, requireMessage(contract, TYPE_ERROR));
  },
  execute(contract, ctx) {
    const { id, fee } = applyAssetIssue(ctx.view, contract.message!);
    return { fee, info: { assetIssueID: id } };
  },
};
