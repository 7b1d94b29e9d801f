import type { SigningPolicy } from '../../../src-core/ipc/channels/vault';
import type { ConsentDraft } from './consent-gate';

/**
 * Main's confirmation of a vault setting that keeps keys in reach for longer, or decides when the
 * password is asked: each needs the password, whatever the signing policy, because a page that
 * could change them silently could keep the vault open or stop it asking.
 */
const PASSWORD = { required: true, reason: 'Vault settings that affect your keys need the vault password.' } as const;

export function autoLockConsent(currentMs: number, nextMs: number): ConsentDraft {
  return {
    kind: 'vault-setting',
    title: 'Change when the vault locks itself',
    rows: [
      { label: 'Locks after inactivity now', value: duration(currentMs) },
      { label: 'Would lock after', value: duration(nextMs) },
    ],
    warnings: nextMs > currentMs ? ['Your keys stay usable for longer while nobody is at the computer.'] : [],
    password: PASSWORD,
    approveLabel: 'Change auto-lock',
  };
}

export function rememberDeviceConsent(): ConsentDraft {
  return {
    kind: 'vault-setting',
    title: 'Let this computer unlock the vault without the password',
    rows: [
      {
        label: 'What changes',
        value:
          "A key kept in this computer's keychain unlocks the vault. Anyone who can log in to this computer as you can then unlock it.",
      },
    ],
    warnings: ['Choose this only on a computer nobody else uses.'],
    password: PASSWORD,
    approveLabel: 'Remember this computer',
  };
}

export function signingPolicyConsent(current: SigningPolicy, next: SigningPolicy): ConsentDraft {
  return {
    kind: 'vault-setting',
    title: 'Change when signing asks for the password',
    rows: [
      { label: 'Now', value: policyText(current) },
      { label: 'Would become', value: policyText(next) },
    ],
    warnings: [],
    password: PASSWORD,
    approveLabel: 'Change signing policy',
  };
}

export function policyText(policy: SigningPolicy): string {
  switch (policy.passwordFor) {
    case 'every-signature':
      return 'The password on every signature.';
    case 'permission-changes':
      return 'The password on permission changes only; other signatures need your approval alone.';
    case 'above-amount':
      return `The password on permission changes, token moves, unknown contract calls and above ${(
        Number(BigInt(policy.thresholdSun)) / 1e6
      ).toLocaleString('en-US')} TRX; other signatures need your approval alone.`;
  }
}

function duration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} hour(s)`;
  if (ms % 60_000 === 0) return `${ms / 60_000} minute(s)`;
  return `${ms / 1000} seconds`;
}

/**
 * Leaving the offline signer starts the node and connects to `network`: the one step that ends
 * the offline promise, so a page cannot take it on its own. No password: it holds no key and a
 * computer may be an offline signer before its vault exists.
 */
export function leaveOfflineConsent(network: string): ConsentDraft {
  return {
    kind: 'vault-setting',
    title: 'Leave the offline signer and go online',
    rows: [
      {
        label: 'What changes',
        value: `This computer starts its node or connects to ${network}, now and at every start.`,
      },
    ],
    warnings: ['Choose this only if this computer is meant to be online. An offline signer never connects.'],
    password: { required: false, reason: 'Leaving the offline signer needs your approval here.' },
    approveLabel: 'Go online',
  };
}
