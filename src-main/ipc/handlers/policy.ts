import type { policyChannels } from '../../../src-core/ipc/channels/policy';
import type { ConsentedPolicy } from '../../wallet/consent/consented-policy';
import type { PolicyService as WalletPolicyService } from '../../wallet/policy/policy-service';
import type { HandlerMap } from '../registry';

/** The policy domain as the handlers reach it: reads from the service, changes through main's window. */
export type PolicyService = Pick<WalletPolicyService, 'status' | 'verdict'> &
  Pick<ConsentedPolicy, 'adopt' | 'override'>;

export function createPolicyHandlers(policy: PolicyService): HandlerMap<typeof policyChannels> {
  return {
    'policy:status': (input) => policy.status(input),
    'policy:adopt': () => policy.adopt(),
    'policy:verdict': (input) => policy.verdict(input),
    'policy:override': (input) => policy.override(input),
  };
}
