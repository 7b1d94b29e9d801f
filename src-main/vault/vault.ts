import { join } from 'node:path';
import type { HexAddress } from '../../src-core/brand';
import type { RecoverSigner } from '../../src-core/envelope/signer-memo';
import { VaultError } from '../../src-core/errors';
import type { SigningPolicy } from '../../src-core/ipc/channels/vault';
import type { TransactionJson } from '../../src-core/tx/types';
import { accountInfo, type AccountInfo } from './accounts';
import { ensurePrivateDir, removeStaleTempFiles } from './atomic-file';
import { systemClock } from './auto-lock';
import type { MnemonicStrength } from './hd';
import { DEFAULT_SCRYPT } from './kdf';
import { KeystoreFiles } from './keystore-files';
import { loadKeytarSecretStore } from './keytar-store';
import { METADATA_FILE, readMetadata, type StoredCustody } from './metadata';
import type { SecretStoreStatus } from './secret-store';
import {
  addMnemonicAccounts,
  addWatchOnly,
  createMnemonicAccount,
  importMnemonic,
  importPrivateKey,
  previewImportMnemonic,
  previewImportPrivateKey,
  renameAccount,
} from './vault-accounts';
import { forgetDevice, refreshKeychainStatus, rememberOnDevice, unlockWithDevice } from './vault-device';
import { exportMnemonic } from './vault-export';
import { adoptFiles, inspectFiles } from './vault-integrity';
import { confirmPassword } from './vault-password';
import { changePassword } from './vault-password-change';
import { checkPhrase, phraseQuestion, type PhraseAnswer } from './vault-phrase-check';
import { purgeRemoved, removeAccount } from './vault-removal';
import { VaultSession } from './vault-session';
import { setAutoLock, setSigningPolicy } from './vault-settings';
import { signText, signTransaction, signTransactions } from './vault-sign';
import { initialize, unlock } from './vault-unlock';
import {
  DEFAULT_AUTO_LOCK_MS,
  DEFAULT_MAX_SESSION_MS,
  type ImportMnemonicOptions,
  type LockReason,
  type PasswordOrigin,
  type VaultOptions,
  type VaultStatus,
} from './vault-types';

export { PASSWORD_MIN_LENGTH } from './password';
export {
  AUTO_LOCK_RANGE_MS,
  DEFAULT_AUTO_LOCK_MS,
  DEFAULT_MAX_SESSION_MS,
  LOCK_REASONS,
  PAGE_RETRY_INTERVAL_MS,
  PASSWORD_ORIGINS,
  type ImportMnemonicOptions,
  type LockReason,
  type PasswordOrigin,
  type VaultOptions,
  type VaultStatus,
  type VaultStep,
} from './vault-types';

/**
 * The key vault: the main-process service an IPC layer calls with account ids. Results carry
 * addresses, labels and signed transactions; the only method that returns key material is
 * `exportMnemonic`, which asks for the password again. It is for main alone: the wallet shows the
 * phrase on main's own display (`WalletVault.showRecoveryPhrase`) and no IPC result carries it.
 *
 * Each method runs its job from the vault-*.ts file that holds it, one operation at a time
 * (`VaultSession.exclusive`), so a password change never interleaves with a write.
 */
export class Vault {
  private constructor(private readonly session: VaultSession) {}

  /**
   * Reads vault.json (a damaged one is reported and left alone), removes what an interrupted
   * write or password change left behind, and asks the keychain whether it answers.
   */
  static async open(options: VaultOptions): Promise<Vault> {
    const { dataDir } = options;
    await ensurePrivateDir(dataDir);
    await removeStaleTempFiles(dataDir);
    const metaFile = join(dataDir, METADATA_FILE);
    const meta = await readMetadata(metaFile);
    const keystores = new KeystoreFiles(dataDir);
    if (meta === null) {
      if ((await keystores.generations()).length > 0) {
        throw new VaultError(
          'VAULT_METADATA_MISSING',
          `${metaFile} is missing but keystores exist in ${keystores.root}. ` +
            'Nothing was changed; restore vault.json from a backup.',
          { file: metaFile },
        );
      }
    }
    const store = options.secretStore ?? (await loadKeytarSecretStore());
    const keychain = await store.probe();
    const session = new VaultSession({
      dataDir,
      keystores,
      meta,
      store,
      keychain,
      clock: options.clock ?? systemClock,
      scrypt: options.scrypt ?? DEFAULT_SCRYPT,
      defaultAutoLockMs: options.defaultAutoLockMs ?? DEFAULT_AUTO_LOCK_MS,
      maxSessionMs: options.maxSessionMs ?? DEFAULT_MAX_SESSION_MS,
      onStep: options.onStep ?? (() => undefined),
    });
    await inspectFiles(session);
    return new Vault(session);
  }

  // ── status ──

  status(): VaultStatus {
    return this.session.status();
  }

  /** Asks the keychain again (e.g. after the user started their keyring). */
  refreshKeychainStatus(): Promise<SecretStoreStatus> {
    return refreshKeychainStatus(this.session);
  }

  /** Called on lock, unlock and every change; returns an unsubscribe function. */
  onChange(listener: (status: VaultStatus) => void): () => void {
    const listeners = this.session.listeners;
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  listAccounts(): AccountInfo[] {
    return (this.session.meta?.accounts ?? []).map(accountInfo);
  }

  getAccount(accountId: string): AccountInfo {
    return accountInfo(this.session.findAccount(accountId));
  }

  /** An account that holds a key; refuses an unknown or watch-only one as signing with it would. */
  getSigningAccount(accountId: string): AccountInfo {
    return accountInfo(this.session.signingAccount(accountId));
  }

  // ── password, lock and unlock (vault-unlock.ts, vault-settings.ts, vault-password-change.ts) ──

  /** Sets the password of a new vault and leaves it unlocked. */
  initialize(password: string): Promise<void> {
    return this.session.exclusive(() => initialize(this.session, password));
  }

  /** `origin` says where the password was typed (see `PasswordOrigin`); the page's cannot lock anyone out. */
  unlock(password: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.session.exclusive(() => unlock(this.session, password, origin));
  }

  lock(reason: LockReason = 'user'): void {
    this.session.lock(reason);
  }

  /** Why the vault locked last (meaningful while it is locked). */
  lastLockReason(): LockReason {
    return this.session.lockedBy;
  }

  /** Records user activity so the idle timer starts over; it never extends the session limit. */
  touch(): void {
    this.session.touch();
  }

  /** Changing how long keys stay in memory needs the password, whoever asks. */
  setAutoLock(ms: number, password: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.session.exclusive(() => setAutoLock(this.session, ms, password, origin));
  }

  /** Loosening when the password is asked for is a password decision too. */
  setSigningPolicy(policy: SigningPolicy, password: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.session.exclusive(() => setSigningPolicy(this.session, policy, password, origin));
  }

  /** Checks the password without changing anything; wrong attempts count toward the lockout. */
  verifyPassword(password: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.session.exclusive(() => confirmPassword(this.session, password, origin));
  }

  /** Re-encrypts every keystore into the next generation; see `changePassword` in vault-password-change.ts. */
  changePassword(currentPassword: string, newPassword: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.session.exclusive(() => changePassword(this.session, currentPassword, newPassword, origin));
  }

  // ── remember on this device (vault-device.ts) ──

  /** Unlocks with the wrapping key kept in the OS keychain ("remember on this device"). */
  unlockWithDevice(): Promise<void> {
    return this.session.exclusive(() => unlockWithDevice(this.session));
  }

  /** Keeps a wrapping key in the OS keychain; throws VAULT_KEYCHAIN_UNAVAILABLE when it is off. */
  rememberOnDevice(password: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.session.exclusive(() => rememberOnDevice(this.session, password, origin));
  }

  /** Drops the sealed key from vault.json, then the wrapping key from the keychain. */
  forgetDevice(): Promise<void> {
    return this.session.exclusive(() => forgetDevice(this.session));
  }

  // ── accounts (vault-accounts.ts, vault-removal.ts) ──

  /** New English recovery phrase; adds its first address (m/44'/195'/0'/0/0). */
  createMnemonicAccount(options: { label?: string; strength?: MnemonicStrength } = {}): Promise<AccountInfo> {
    return this.session.exclusive(() => createMnemonicAccount(this.session, options));
  }

  /** Imports a recovery phrase (and optional BIP39 passphrase) with addresses from..from+count-1. */
  importMnemonic(phrase: string, options: ImportMnemonicOptions = {}): Promise<AccountInfo[]> {
    return this.session.exclusive(() => importMnemonic(this.session, phrase, options));
  }

  /** More addresses from a recovery phrase already in the vault, named by its `secretId`. */
  addMnemonicAccounts(
    secretId: string,
    options: { from: number; count?: number; label?: string },
  ): Promise<AccountInfo[]> {
    return this.session.exclusive(() => addMnemonicAccounts(this.session, secretId, options));
  }

  /** What `importMnemonic` would add (addresses and labels), refused for the same reasons, storing nothing. */
  previewImportMnemonic(
    phrase: string,
    options: ImportMnemonicOptions = {},
  ): Promise<{ addresses: HexAddress[]; labels: string[] }> {
    return this.session.exclusive(() => previewImportMnemonic(this.session, phrase, options));
  }

  /** What `importPrivateKey` would add, refused for the same reasons, storing nothing. */
  previewImportPrivateKey(
    privateKeyHex: string,
    options: { label?: string } = {},
  ): Promise<{ address: HexAddress; label: string }> {
    return this.session.exclusive(() => previewImportPrivateKey(this.session, privateKeyHex, options));
  }

  importPrivateKey(privateKeyHex: string, options: { label?: string } = {}): Promise<AccountInfo> {
    return this.session.exclusive(() => importPrivateKey(this.session, privateKeyHex, options));
  }

  /** An address whose key the vault does not hold: watched only, or on a Ledger or offline machine. */
  addWatchOnly(address: string, options: { label?: string; custody?: StoredCustody } = {}): Promise<AccountInfo> {
    return this.session.exclusive(() => addWatchOnly(this.session, address, options));
  }

  renameAccount(accountId: string, label: string): Promise<AccountInfo> {
    return this.session.exclusive(() => renameAccount(this.session, accountId, label));
  }

  /** Removes the account and moves a keystore no other account uses into removed/. */
  removeAccount(accountId: string, password?: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.session.exclusive(() => removeAccount(this.session, accountId, password, origin));
  }

  /** Deletes the keystores in removed/ for good, with the password; returns how many files went. */
  purgeRemoved(password: string, origin: PasswordOrigin = 'main'): Promise<number> {
    return this.session.exclusive(() => purgeRemoved(this.session, password, origin));
  }

  // ── repair and export (vault-integrity.ts, vault-export.ts) ──

  /**
   * Repairs a read-only vault with the password: finds the keystore folder that opens every key
   * vault.json names (the current one, another under keystores/, or one in superseded/), makes it
   * the current generation, moves the other keystores/ folders into superseded/, adds an account
   * for each readable keystore no account named, and writes vault.json with a fresh MAC (which
   * accepts settings changed outside the app, as the status listed them). Deletes nothing.
   */
  adopt(password: string, origin: PasswordOrigin = 'main'): Promise<{ found: AccountInfo[] }> {
    return this.session.exclusive(() => adoptFiles(this.session, password, origin));
  }

  /** The recovery phrase, after the password again; for main's own display, never an IPC result. */
  exportMnemonic(
    accountId: string,
    password: string,
    origin: PasswordOrigin = 'main',
  ): Promise<{ phrase: string; hasPassphrase: boolean }> {
    return this.session.exclusive(() => exportMnemonic(this.session, accountId, password, origin));
  }

  // ── checking a recovery phrase was written down (vault-phrase-check.ts) ──

  /** Which words of the account's phrase to ask for: positions (1-based) main picked at random. */
  phraseQuestion(accountId: string): Promise<{ positions: number[] }> {
    return this.session.exclusive(() => phraseQuestion(this.session, accountId));
  }

  /** Marks the phrase checked when the words match; a wrong answer counts toward the lockout. */
  checkPhrase(accountId: string, answers: readonly PhraseAnswer[]): Promise<AccountInfo> {
    return this.session.exclusive(() => checkPhrase(this.session, accountId, answers));
  }

  // ── signing (vault-sign.ts) ──

  /** A copy of `tx` with this account's signature appended, after checking shape, txID and permission. */
  sign(tx: TransactionJson, accountId: string, permissionId?: number): Promise<TransactionJson> {
    return this.session.exclusive(() => signTransaction(this.session, tx, accountId, permissionId));
  }

  /**
   * Copies of `txs`, each with this account's signature appended; the key is read once for all.
   * `recover` may remember the signers a caller recovered already (src-core/envelope/signer-memo.ts).
   */
  signMany(
    txs: readonly { readonly transaction: TransactionJson; readonly permissionId?: number }[],
    accountId: string,
    options: { readonly recover?: RecoverSigner } = {},
  ): Promise<TransactionJson[]> {
    return this.session.exclusive(() => signTransactions(this.session, txs, accountId, options));
  }

  /** TRON signMessageV2 signature ("0x" + r ‖ s ‖ v hex), e.g. to prove a key is still held. */
  signMessage(message: string, accountId: string): Promise<string> {
    return this.session.exclusive(() => signText(this.session, message, accountId));
  }

  /** Locks and stops the idle timer; the object is unusable afterwards only in that it is locked. */
  dispose(): void {
    this.session.lock();
    this.session.listeners.clear();
  }
}
