import type { ConsentDraft } from './consent-gate';

/**
 * Main's confirmation of acts that put keys into the vault, repair it, or destroy removed keys.
 * Every address is main's own derivation from the key or phrase, shown in full; a label came from
 * the page and is marked so, because a hostile page could name its own key "Treasury backup key".
 */

export interface ImportPreview {
  readonly what: 'private key' | 'recovery phrase';
  /** Base58 addresses the import adds, in order, derived in main. */
  readonly addresses: readonly string[];
  /** The labels the page asked for, one per address. */
  readonly labels: readonly string[];
}

export function importKeyConsent(preview: ImportPreview): ConsentDraft {
  const many = preview.addresses.length > 1;
  return {
    kind: 'vault-setting',
    title: `Add ${many ? `${preview.addresses.length} accounts` : 'an account'} from a ${preview.what} to the vault`,
    rows: preview.addresses.flatMap((address, i) => [
      { label: many ? `Address ${i + 1}` : 'Address', value: address, monospace: true },
      { label: 'Label (set by the page, not checked)', value: preview.labels[i] ?? '' },
    ]),
    warnings: [
      'Only approve if you are importing this key yourself. The vault will offer it as a signer under the label above.',
    ],
    password: { required: false, reason: 'Adding a key to the vault needs your approval here.' },
    approveLabel: 'Add to vault',
  };
}

export function repairConsent(problems: readonly string[]): ConsentDraft {
  return {
    kind: 'vault-setting',
    title: 'Repair the vault with what is on disk',
    rows: problems.map((problem, i) => ({ label: `Found ${i + 1}`, value: problem })),
    warnings: [
      'The vault will use the keystore folder your password opens, keep every other folder in "superseded", add accounts for keys it finds, and accept the settings in vault.json as they are now. Nothing is deleted.',
    ],
    password: { required: true, reason: 'Repairing the vault needs the vault password.' },
    approveLabel: 'Repair vault',
  };
}

export function purgeRemovedConsent(count: number): ConsentDraft {
  return {
    kind: 'vault-setting',
    title: 'Delete the keys of removed accounts for good',
    rows: [{ label: 'Keystore files to delete', value: String(count) }],
    warnings: ['Keys that are deleted cannot be recovered. Any funds only they control are lost.'],
    password: { required: true, reason: 'Destroying keys needs the vault password.' },
    typedConfirmation: 'DELETE',
    approveLabel: 'Delete for good',
  };
}

/**
 * Asks for words of a recovery phrase the vault made, at positions main picked, so that a phrase
 * nobody wrote down never becomes a key other people's funds depend on. The words are typed here,
 * on main's window, and compared in main; the app's pages never see them.
 */
export function phraseCheckConsent(input: {
  readonly label: string;
  readonly address: string;
  readonly positions: readonly number[];
}): ConsentDraft {
  return {
    kind: 'vault-setting',
    title: `Check the recovery phrase of “${input.label}”`,
    rows: [
      { label: 'Account', value: input.label },
      { label: 'Address', value: input.address, monospace: true },
      { label: 'Words asked for', value: input.positions.map((p) => `word ${p}`).join(', ') },
    ],
    warnings: [
      'Type the words from where you wrote the phrase down, not from memory of the screen. ' +
        'Wrong answers count toward the same lockout as wrong passwords.',
    ],
    password: { required: false, reason: 'Only the words are needed: the vault is already unlocked.' },
    wordPrompts: input.positions.map((p) => `word ${p}`),
    approveLabel: 'Check words',
    declinedAct: 'the recovery phrase check',
  };
}
