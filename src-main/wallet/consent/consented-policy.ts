import { custodyOf } from '../../../src-core/ipc/account-custody';
import type { PolicyStatusView } from '../../../src-core/ipc/channels/policy';
import type { VaultAccount } from '../../../src-core/ipc/channels/vault';
import { PolicyError } from '../../../src-core/policy';
import { weightOf } from '../../../src-core/permission/model';
import type { PolicyService } from '../policy/policy-service';
import type { ConsentGate } from './consent-gate';
import { policyAdoptionConsent, policyOverrideConsent } from './policy-consent';

/**
 * The policy channels that change what this desk enforces, through main's window: adopting a
 * policy (the file from main's own dialog, checked against the chain before anything is asked)
 * and an owner's override of a blocked signature (an owner key in this vault that meets the owner
 * threshold alone, the typed word and the password). Every other channel of the domain is the service's own.
 */
export class ConsentedPolicy {
  constructor(
    private readonly policy: Pick<
      PolicyService,
      'openFile' | 'planAdoption' | 'adopt' | 'blockedSignature' | 'recordOverride'
    >,
    private readonly consent: Pick<ConsentGate, 'approve'>,
    private readonly vault: { listAccounts(): VaultAccount[] },
  ) {}

  async adopt(): Promise<PolicyStatusView | null> {
    const file = await this.policy.openFile();
    if (!file) return null;
    const plan = await this.policy.planAdoption(file);
    await this.consent.approve(policyAdoptionConsent(plan));
    return this.policy.adopt(plan);
  }

  async override(input: { txid: string; accountId: string }): Promise<{ txid: string; by: string; at: number }> {
    const blocked = this.policy.blockedSignature(input.txid);
    const owner = this.vault.listAccounts().find((a) => a.id === input.accountId);
    // The password proves the person holds the vault; the key must be the vault's own, not a Ledger's.
    const weight =
      owner && custodyOf(owner) === 'vault' && owner.canSign ? weightOf(blocked.owner, owner.addressHex) : 0n;
    if (!owner || weight === 0n) {
      throw new PolicyError(
        'POLICY_NOT_AN_OWNER_KEY',
        `Only a key of ${blocked.account}'s owner permission held in this vault may override its treasury policy; ` +
          'choose such an account.',
      );
    }
    // One person's approval stands for the owner permission only when that key alone meets its
    // threshold; below it, the owners' way past a rule is a new policy version they sign together.
    if (weight < blocked.owner.threshold) {
      throw new PolicyError(
        'POLICY_OVERRIDE_BELOW_THRESHOLD',
        `${owner.label} (${owner.address}) carries weight ${weight} in ${blocked.account}'s owner permission, ` +
          `whose threshold is ${blocked.owner.threshold}, so it cannot override the treasury policy alone. ` +
          'Override with an owner key that meets the threshold, or have the owners sign a new policy version.',
        { weight: weight.toString(), threshold: blocked.owner.threshold.toString() },
      );
    }
    await this.consent.approve(policyOverrideConsent(blocked, owner, weight));
    return this.policy.recordOverride(blocked, owner.address);
  }
}
