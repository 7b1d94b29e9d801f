import type { Actuator } from '../model/execution';
import { requireMessage } from '../model/validation';
import { applyParticipate, validateParticipate } from '../trc10/rules';

/**
 * ParticipateAssetIssueContract (java-tron ParticipateAssetIssueActuator): buys a token from its issuer at trx_num :
 * num.
 */
const TYPE_ERROR =
  'contract type error,expected type [ParticipateAssetIssueContract],real type[class com.google.protobuf.Any]';

export const participateAssetIssueActuator: Actuator<'ParticipateAssetIssueContract'> = {
  typeName: 'ParticipateAssetIssueContract',
  createsAccount: () => false,
  validate(contract, ctx) {
    validateParticipate(ctx.view, requireMessage(contract, TYPE_ERROR));
  },
  execute(contract, ctx) {
    applyParticipate(ctx.view, contract.message!);
    return 0n;
  },
};
