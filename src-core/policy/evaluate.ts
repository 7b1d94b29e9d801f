import { toBase58Address } from '../address/address';
import { POLICY_BREACH, permissionLabel, type PolicyBreach, type PolicyVerdict } from './breach';
import { checkCall } from './calls';
import { checkCaps } from './caps';
import type { PolicyDocument } from './document';
import { sameAddress, transactionOutflows, transactionRecipients, type PolicyInput } from './input';
import { checkRecipients } from './recipients';
import { checkSchedule } from './schedule';
import { checkTiers } from './tiers';

/**
 * Every rule of the permission the transaction uses, all reported at once so a person fixes
 * everything in one go. A permission the policy does not name may not sign at all: a treasury
 * control that let unnamed permissions through would be bypassed by adding one.
 */
export function evaluatePolicy(policy: PolicyDocument, input: PolicyInput): PolicyVerdict {
  const policyVersion = policy.version;
  const fail = (breaches: PolicyBreach[]): PolicyVerdict =>
    breaches.length === 0 ? { pass: true, policyVersion, breaches: [] } : { pass: false, policyVersion, breaches };
  if (!sameAddress(policy.account, input.owner)) {
    const owner = toBase58Address(input.owner);
    return fail([
      {
        code: POLICY_BREACH.otherAccount,
        message:
          `This transaction is sent by ${owner}, but the policy is for ${policy.account}. Load ${owner}'s own ` +
          'policy before signing.',
        details: { owner, account: policy.account },
      },
    ]);
  }
  const label = permissionLabel(input.permissionId, input.permissionName);
  const rules = policy.permissions.find((p) => p.permissionId === input.permissionId);
  if (!rules) {
    return fail([
      {
        code: POLICY_BREACH.permissionNotCovered,
        message:
          `Policy version ${policyVersion} has no rules for ${label}, so it may not sign for ${policy.account}. ` +
          'Use a permission the policy names, or have the owners add rules for this one.',
        details: { permissionId: input.permissionId },
      },
    ]);
  }
  const outflows = transactionOutflows(input);
  return fail([
    ...checkSchedule(rules, input.time, label),
    ...checkCall(rules, input.call, label),
    ...checkRecipients(rules, transactionRecipients(input, outflows), input.addressBook, input.time, label),
    ...checkCaps(rules, outflows, input.history, input.time, label),
    ...checkTiers(rules, outflows, input.approvedSigners, input.signer, label),
  ]);
}
