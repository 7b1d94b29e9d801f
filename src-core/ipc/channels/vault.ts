import { z } from 'zod';
import { defineChannels, defineEvents } from '../define';
import { AddressSchema } from '../common';
import { ACCOUNT_CUSTODIES, LEDGER_PATH_SCHEMES } from '../account-custody';

/**
 * The key vault over IPC. Requests name accounts by id; answers carry addresses, labels, statuses
 * and signed transactions, never key material: the renderer is treated as hostile. One exception,
 * and it goes inward: `importPrivateKey` (and `importMnemonic`) send a secret *to* main once.
 * `showRecoveryPhrase` does not return the phrase: main shows it on a surface of its own (a native
 * dialog) and answers only that it did, with the word count.
 */

export const VaultLockedSchema = z.object({
  reason: z.enum(['user', 'idle', 'session-limit', 'suspend', 'screen-locked', 'shutdown']),
});
export type VaultLocked = z.infer<typeof VaultLockedSchema>;

export const KeychainStatusSchema = z.discriminatedUnion('available', [
  z.object({ available: z.literal(true), backend: z.string() }),
  z.object({
    available: z.literal(false),
    backend: z.string(),
    reason: z.enum(['MODULE_MISSING', 'NO_SERVICE', 'KEYCHAIN_LOCKED', 'FAILED']),
    /** A sentence for the person: what is off, why, and what still works. */
    message: z.string(),
  }),
]);

/**
 * When a signature needs the vault password typed on main's confirmation, beside the approval
 * every signature needs: for every signature; for permission changes and for values above an
 * amount of TRX (the default, 1,000 TRX); or for permission changes only. Stored in vault.json,
 * changed only with the password.
 */
export const SigningPolicySchema = z.discriminatedUnion('passwordFor', [
  z.strictObject({ passwordFor: z.literal('every-signature') }),
  z.strictObject({
    passwordFor: z.literal('above-amount'),
    thresholdSun: z
      .string({ error: 'must be a decimal number of sun' })
      .regex(/^\d{1,19}$/, 'must be a whole number of sun, written with digits only'),
  }),
  z.strictObject({ passwordFor: z.literal('permission-changes') }),
]);
export type SigningPolicy = z.infer<typeof SigningPolicySchema>;
export const DEFAULT_SIGNING_POLICY: SigningPolicy = { passwordFor: 'above-amount', thresholdSun: '1000000000' };

export const VaultStatusSchema = z.object({
  initialized: z.boolean(),
  locked: z.boolean(),
  accountCount: z.number().int().nonnegative(),
  autoLockMs: z.number().int().nonnegative(),
  failedAttempts: z.number().int().nonnegative(),
  retryAfterMs: z.number().int().nonnegative(),
  rememberedOnDevice: z.boolean(),
  /** When the running session ends at the latest, activity or not; null while locked. */
  sessionEndsAt: z.number().int().nonnegative().nullable(),
  signingPolicy: SigningPolicySchema,
  keychain: KeychainStatusSchema,
  /** vault.json and the keystore files disagree: the vault unlocks but neither writes nor signs. */
  readOnly: z.boolean(),
  /** Each disagreement: the file or folder and a sentence saying what is wrong with it. */
  problems: z.array(
    z.object({
      kind: z.enum([
        'generation-missing',
        'keystore-missing',
        'keystore-unnamed',
        'other-generation',
        'changed-outside',
      ]),
      file: z.string(),
      message: z.string(),
    }),
  ),
  /** Keystores of removed accounts kept in the vault's removed folder until it is emptied. */
  removedKeystores: z.number().int().nonnegative(),
});
export type VaultStatus = z.infer<typeof VaultStatusSchema>;

export const AccountKindSchema = z.enum(['mnemonic', 'privateKey', 'watch']);
export const AccountCustodySchema = z.enum(ACCOUNT_CUSTODIES);
export const LedgerPathSchemeSchema = z.enum(LEDGER_PATH_SCHEMES);
export const LedgerAccountSchema = z.object({
  path: z.string(),
  scheme: LedgerPathSchemeSchema,
  model: z.string().optional(),
});

/** Public facts about a vault account; never key material. */
export const VaultAccountSchema = z.object({
  id: z.string(),
  kind: AccountKindSchema,
  label: z.string(),
  address: z.string(),
  addressHex: z.string(),
  canSign: z.boolean(),
  createdAt: z.number().int().nonnegative(),
  secretId: z.string().optional(),
  index: z.number().int().nonnegative().optional(),
  path: z.string().optional(),
  /**
   * For an account of a recovery phrase: false while the vault made the phrase and nobody has yet
   * typed words of it back on main's window. Such an address cannot be added to a permission.
   */
  backupChecked: z.boolean().optional(),
  /** Where the key lives (src-core/ipc/account-custody.ts); main always says, older fixtures may not. */
  custody: AccountCustodySchema.optional(),
  /** For a Ledger account: the path it signs at and the scheme it was listed under. */
  ledger: LedgerAccountSchema.optional(),
});
export type VaultAccount = z.infer<typeof VaultAccountSchema>;

// The vault checks passwords itself (length, lockout). The schema only bounds the text, and its
// messages never quote the value.
const PasswordSchema = z.string({ error: 'must be text' }).min(1, 'must not be empty').max(1024, 'is too long');
const AccountIdSchema = z.string({ error: 'must be text' }).regex(/^acc_[0-9a-f]{16}$/, 'must be an account id');
const LabelSchema = z.string({ error: 'must be text' }).max(200, 'is too long');

// Re-exported for main and the contract's readers; the renderer imports the zod-free module.
export { ACCOUNT_LABEL_MAX, accountLabelProblem } from '../account-label';
const PhraseSchema = z.string({ error: 'must be text' }).min(1, 'must not be empty').max(1000, 'is too long');

/** BIP39 phrase lengths; the vault accepts each of them on import. */
export const RecoveryPhraseWordCountSchema = z.union([
  z.literal(12),
  z.literal(15),
  z.literal(18),
  z.literal(21),
  z.literal(24),
]);

/**
 * What the renderer learns when main has shown a recovery phrase: that it did, how many words the
 * person should have written down, and whether a BIP39 passphrase is needed too. Deliberately
 * strict and free of strings, so no word can ride along.
 */
export const RecoveryPhraseShownSchema = z.strictObject({
  shown: z.literal(true),
  words: RecoveryPhraseWordCountSchema,
  hasPassphrase: z.boolean(),
});
export type RecoveryPhraseShown = z.infer<typeof RecoveryPhraseShownSchema>;

const AUTO_LOCK_MIN_MS = 10_000;
const AUTO_LOCK_MAX_MS = 24 * 60 * 60_000;

export const vaultChannels = defineChannels('vault', {
  status: {
    summary: 'Whether a vault exists, is locked, remembers this device, and whether the keychain answers.',
    input: z.undefined({ error: 'takes no argument' }),
    output: VaultStatusSchema,
  },
  initialize: {
    summary: 'Creates the vault with a password and leaves it unlocked.',
    input: z.strictObject({ password: PasswordSchema }),
    output: VaultStatusSchema,
  },
  unlock: {
    summary: 'Unlocks the vault with its password.',
    input: z.strictObject({ password: PasswordSchema }),
    output: VaultStatusSchema,
  },
  unlockWithDevice: {
    summary: 'Unlocks with the key this device keeps in the OS keychain ("remember on this device").',
    input: z.undefined({ error: 'takes no argument' }),
    output: VaultStatusSchema,
  },
  lock: {
    summary: 'Locks the vault; keys leave memory and vault:locked is emitted.',
    input: z.undefined({ error: 'takes no argument' }),
    output: VaultStatusSchema,
  },
  touch: {
    summary: 'Tells the auto-lock timer the person is active.',
    input: z.undefined({ error: 'takes no argument' }),
    output: z.object({ locked: z.boolean() }),
  },
  rememberOnDevice: {
    summary:
      'Lets this device unlock the vault without the password, through the OS keychain; approved with the ' +
      "password on main's confirmation window.",
    input: z.undefined({ error: 'takes no argument' }),
    output: VaultStatusSchema,
  },
  forgetDevice: {
    summary: 'Stops this device from unlocking without the password.',
    input: z.undefined({ error: 'takes no argument' }),
    output: VaultStatusSchema,
  },
  setAutoLock: {
    summary:
      "Sets how long the vault stays unlocked without activity; approved with the password on main's " +
      'confirmation window.',
    input: z.strictObject({
      ms: z
        .number({ error: 'must be a number' })
        .int('must be a whole number of milliseconds')
        .min(AUTO_LOCK_MIN_MS, 'must be at least 10 seconds')
        .max(AUTO_LOCK_MAX_MS, 'must be at most 24 hours'),
    }),
    output: VaultStatusSchema,
  },
  setSigningPolicy: {
    summary:
      "Sets when a signature needs the password on main's confirmation; approved with the password on main's " +
      'confirmation window.',
    input: z.strictObject({ policy: SigningPolicySchema }),
    output: VaultStatusSchema,
  },
  adopt: {
    summary:
      'Repairs a read-only vault with what is on disk (the keystores the password opens become current; ' +
      "nothing is deleted); approved with the password on main's confirmation window.",
    input: z.undefined({ error: 'takes no argument' }),
    output: VaultStatusSchema,
  },
  purgeRemoved: {
    summary:
      'Deletes the keystores of removed accounts for good; approved with the password and a typed word on ' +
      "main's confirmation window.",
    input: z.undefined({ error: 'takes no argument' }),
    output: z.object({ purged: z.number().int().nonnegative() }),
  },
  changePassword: {
    summary: 'Re-encrypts every keystore under a new password.',
    input: z.strictObject({ currentPassword: PasswordSchema, newPassword: PasswordSchema }),
    output: VaultStatusSchema,
  },
  listAccounts: {
    summary: 'Accounts in the vault (including watch-only), public facts only.',
    input: z.undefined({ error: 'takes no argument' }),
    output: z.array(VaultAccountSchema),
  },
  createMnemonicAccount: {
    summary: 'Creates a new recovery phrase in the vault and adds its first address.',
    input: z.strictObject({
      label: LabelSchema.optional(),
      strength: z.union([z.literal(128), z.literal(256)]).optional(),
    }),
    output: VaultAccountSchema,
  },
  importMnemonic: {
    summary:
      'Imports a recovery phrase (and BIP39 passphrase) with one or more addresses, once the person approves ' +
      "the addresses on main's confirmation window.",
    input: z.strictObject({
      phrase: PhraseSchema,
      passphrase: z.string({ error: 'must be text' }).max(1000, 'is too long').optional(),
      from: z
        .number({ error: 'must be a number' })
        .int('must be a whole number')
        .nonnegative('must not be negative')
        .optional(),
      count: z
        .number({ error: 'must be a number' })
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(100, 'must be at most 100')
        .optional(),
      label: LabelSchema.optional(),
    }),
    output: z.array(VaultAccountSchema),
  },
  importDevAccounts: {
    summary: "Imports the embedded dev node's funded accounts from its mnemonic, which stays in main.",
    input: z.strictObject({
      count: z
        .number({ error: 'must be a number' })
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(100, 'must be at most 100')
        .optional(),
    }),
    output: z.array(VaultAccountSchema),
  },
  importPrivateKey: {
    summary:
      "Imports one private key once the person approves its address on main's confirmation window; the key " +
      'goes to main once and never comes back.',
    input: z.strictObject({
      privateKey: z.string({ error: 'must be text' }).max(200, 'is too long'),
      label: LabelSchema.optional(),
    }),
    output: VaultAccountSchema,
  },
  addWatchOnly: {
    summary:
      'Adds an address the vault cannot sign for; with custody "offline", one whose key lives on an offline ' +
      'signing machine (its signatures arrive in envelopes).',
    input: z.strictObject({
      address: AddressSchema,
      label: LabelSchema.optional(),
      custody: z.enum(['watch', 'offline']).optional(),
    }),
    output: VaultAccountSchema,
  },
  renameAccount: {
    summary: "Changes an account's label.",
    input: z.strictObject({ accountId: AccountIdSchema, label: LabelSchema }),
    output: VaultAccountSchema,
  },
  removeAccount: {
    summary:
      "Removes an account; once no account uses its keystore, the keystore moves to the vault's removed " +
      'folder (emptied only through purgeRemoved). Main requires the password for an account that holds a ' +
      'key (VAULT_PASSWORD_REQUIRED without it); a watch-only account needs none.',
    input: z.strictObject({ accountId: AccountIdSchema, password: PasswordSchema.optional() }),
    output: z.object({ accountId: z.string() }),
  },
  signMessage: {
    summary:
      "Signs a text message (TRON signMessageV2) with an account key once the person approves it on main's " +
      'confirmation window.',
    input: z.strictObject({
      accountId: AccountIdSchema,
      message: z.string({ error: 'must be text' }).max(65_536, 'is too long'),
    }),
    output: z.object({ signature: z.string() }),
  },
  showRecoveryPhrase: {
    summary:
      "Main shows a mnemonic account's recovery phrase in its own dialog after the password is typed again; " +
      'the answer carries no word of it.',
    input: z.strictObject({ accountId: AccountIdSchema, password: PasswordSchema }),
    output: RecoveryPhraseShownSchema,
  },
  checkRecoveryPhrase: {
    summary:
      "Main asks, on its own confirmation window, for three words of a mnemonic account's recovery phrase at " +
      'positions it picks, and marks the phrase checked when they match; wrong answers count toward the ' +
      'lockout. The words never cross IPC.',
    input: z.strictObject({ accountId: AccountIdSchema }),
    output: VaultAccountSchema,
  },
});

export const vaultEvents = defineEvents('vault', {
  locked: { summary: 'The vault locked; unlocked keys are gone from memory.', payload: VaultLockedSchema },
});
