import { toBase58Address } from '../address/address';
import { POLICY_BREACH, type PolicyBreach } from './breach';
import type { PermissionRules } from './document';
import { sameAddress } from './input';

/** A contract call passes when the policy lists no calls at all, or lists this contract with this selector. */
export function checkCall(
  rules: PermissionRules,
  call: { readonly contract: string; readonly selector: string } | undefined,
  label: string,
): PolicyBreach[] {
  if (!rules.calls || call === undefined) return [];
  const selector = call.selector.toLowerCase().replace(/^0x/, '');
  if (rules.calls.some((c) => sameAddress(c.contract, call.contract) && c.selector === selector)) return [];
  const contract = toBase58Address(call.contract);
  return [
    {
      code: POLICY_BREACH.callNotAllowed,
      message:
        `The policy for ${label} does not allow calling function 0x${selector} on contract ${contract}. ` +
        'Only the contract calls the policy lists may be signed; ask the owners to add this one.',
      details: { contract, selector },
    },
  ];
}
