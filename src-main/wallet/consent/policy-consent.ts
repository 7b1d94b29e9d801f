import { toBase58Address } from '../../../src-core/address/address';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import type { AdoptionPlan, BlockedSignature } from '../policy/policy-service';
import type { ConsentDraft } from './consent-gate';
import type { ConsentRow } from './consent-request';

/** The word typed on main's window to override a treasury policy: a deliberate act, never a click. */
export const POLICY_OVERRIDE_WORD = 'OVERRIDE';

/**
 * Main's confirmation of adopting a treasury policy: from then on every signature of the account on
 * this desk meets its rules, so the person reads the rules, the version it replaces and the owner
 * signatures main checked against the chain.
 */
export function policyAdoptionConsent(plan: AdoptionPlan): ConsentDraft {
  const { policy, digest } = plan.signed;
  const rows: ConsentRow[] = [
    { label: 'Account', value: policy.account, monospace: true },
    { label: 'Policy version', value: String(policy.version) },
    {
      label: 'Replaces',
      value:
        plan.previousVersion === null ? 'No policy is adopted for this account yet' : `version ${plan.previousVersion}`,
    },
    { label: 'File', value: plan.fileName },
    { label: 'Digest', value: digest, monospace: true },
    {
      label: 'Owner signatures',
      value: plan.report
        ? plan.report.message
        : `${plan.signed.signatures.length} signature(s); this offline signer checks them against each envelope's owner permission`,
    },
    {
      label: 'Chain',
      value: plan.genesisId === null ? 'Any chain an envelope names (offline signer)' : plan.genesisId,
      monospace: true,
    },
    ...plan.rules.map((rule) => ({ label: 'Rules', value: rule })),
  ];
  return {
    kind: 'wallet-setting',
    title: `Adopt treasury policy version ${policy.version} for ${policy.account}`,
    rows,
    warnings: ['From now on this desk refuses to sign for the account anything the policy forbids.'],
    password: { required: false, reason: 'Adopting a policy the owners signed needs your approval here.' },
    approveLabel: 'Adopt the policy',
    declinedAct: `adopting treasury policy version ${policy.version} for ${policy.account}`,
  };
}

/**
 * Main's confirmation of an owner override: the breaches the policy found, by the owner key that
 * lets them pass, with the typed word and the vault password. The override is recorded with who,
 * when and what it let through.
 */
export function policyOverrideConsent(blocked: BlockedSignature, owner: VaultAccount, weight: bigint): ConsentDraft {
  const rows: ConsentRow[] = [
    { label: 'Account', value: blocked.account, monospace: true },
    { label: 'Transaction id', value: blocked.txid, monospace: true },
    { label: 'Policy version', value: String(blocked.policyVersion) },
    ...blocked.breaches.map((b) => ({ label: 'Breach', value: b.message })),
    {
      label: 'Owner key',
      value: `${toBase58Address(owner.address)} (“${owner.label}” in your vault), weight ${weight} of the owner threshold ${blocked.owner.threshold}`,
      monospace: true,
    },
  ];
  return {
    kind: 'wallet-setting',
    title: `Override treasury policy version ${blocked.policyVersion} for one transaction`,
    rows,
    warnings: [
      'The policy blocked this transaction. Overriding lets it be signed on this desk despite the breaches above; ' +
        'the override is recorded with your owner key, the time and the breaches.',
    ],
    password: { required: true, reason: 'Overriding a treasury policy always needs the vault password.' },
    typedConfirmation: POLICY_OVERRIDE_WORD,
    approveLabel: 'Override and record',
    declinedAct: `overriding treasury policy version ${blocked.policyVersion} for transaction ${blocked.txid}`,
  };
}
