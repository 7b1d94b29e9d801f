import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { HexAddress } from '../../src-core/brand';
import { bytesToHex } from '../../src-core/bytes/hex';
import { VaultError } from '../../src-core/errors';
import { DEFAULT_SIGNING_POLICY, SigningPolicySchema, type SigningPolicy } from '../../src-core/ipc/channels/vault';
import { addressFromPrivateKey, assertPrivateKey } from '../../src-core/keys/keys';
import { signMessageV2 } from '../../src-core/keys/message';
import type { TransactionJson } from '../../src-core/tx/types';
import {
  AccountKind,
  accountInfo,
  checkLabel,
  checkWatchAddress,
  defaultLabel,
  newId,
  type AccountInfo,
} from './accounts';
import { planAdoption } from './adopt';
import { ensurePrivateDir, removeStaleTempFiles, syncDir } from './atomic-file';
import { findProblems, namedSecretIds, VaultProblemKind, type VaultProblem } from './consistency';
import { IdleTimer, systemClock, type VaultClock } from './auto-lock';
import {
  assertIndexRange,
  deriveTronPrivateKeys,
  mnemonicEntropyFromPhrase,
  newMnemonicEntropy,
  phraseFromEntropy,
  type MnemonicStrength,
} from './hd';
import { DEFAULT_SCRYPT, deriveKey, newKdfRecord, type ScryptParams } from './kdf';
import { encodePayload, zeroPayload, type SecretPayload } from './keystore';
import { KeystoreFiles } from './keystore-files';
import { loadKeytarSecretStore } from './keytar-store';
import { retryAfterMs, type LockoutState } from './lockout';
import { assumedAfterLoss, readLockoutRecord, stricter, writeLockoutRecord, LOCKOUT_FILE } from './lockout-record';
import { changedParts, computeMac, MAC_PART_TEXT, MAC_PARTS, MAC_REMOVED_TEXT, type MacPart } from './metadata-mac';
import {
  METADATA_FILE,
  METADATA_FORMAT,
  METADATA_VERSION,
  readMetadata,
  writeMetadata,
  type StoredAccount,
  type StoredCustody,
  type VaultMetadata,
} from './metadata';
import {
  checkNewPassword,
  passwordCheckOpens,
  sealPasswordCheck,
  unwrapFromDevice,
  wrapForDevice,
  PASSWORD_MAX_LENGTH,
} from './password';
import { unavailableStatus, type SecretStore, type SecretStoreStatus } from './secret-store';
import { appendSignature, assertPermission, checkedTransaction } from './signing';

export { PASSWORD_MIN_LENGTH } from './password';
export const DEFAULT_AUTO_LOCK_MS = 5 * 60_000;
/**
 * However active the app claims the person is, an unlocked session ends this long after the
 * password (or the device key) opened it: activity is reported by the renderer, which may be
 * hostile, so it cannot be what keeps keys in memory.
 */
export const DEFAULT_MAX_SESSION_MS = 8 * 60 * 60_000;

/** Why the vault last locked: asked by the person, by a timer, or by the system around it. */
export const LOCK_REASONS = ['user', 'idle', 'session-limit', 'suspend', 'screen-locked', 'shutdown'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];
export const AUTO_LOCK_RANGE_MS = { min: 10_000, max: 24 * 60 * 60_000 } as const;

/**
 * Where a password was typed. 'main': in main's own window (a consent window), which the page
 * cannot fill; wrong attempts there count toward the escalating lockout. 'page': it arrived over
 * IPC from the renderer, which may be hostile and guess on purpose, so it cannot lock the person
 * out; instead each wrong attempt from the page makes the next wait `PAGE_RETRY_INTERVAL_MS`.
 */
export const PASSWORD_ORIGINS = ['main', 'page'] as const;
export type PasswordOrigin = (typeof PASSWORD_ORIGINS)[number];
export const PAGE_RETRY_INTERVAL_MS = 1_000;
const STRICTEST_SIGNING_POLICY: SigningPolicy = { passwordFor: 'every-signature' };

/** Points inside multi-file changes where crash tests stop the vault (see `VaultOptions.onStep`). */
export type VaultStep =
  'password-change:keystore-written' | 'password-change:before-commit' | 'password-change:committed';

export interface VaultOptions {
  /** Directory owned by the vault (created 0700): vault.json and keystores/<generation>/. */
  readonly dataDir: string;
  /** Defaults to keytar, or to a store that explains why keytar is unavailable. */
  readonly secretStore?: SecretStore;
  readonly clock?: VaultClock;
  /** scrypt cost for new keystores; tests pass cheap values. */
  readonly scrypt?: ScryptParams;
  readonly defaultAutoLockMs?: number;
  /** The longest an unlocked session lasts, activity or not (default 8 hours). */
  readonly maxSessionMs?: number;
  /** Fault injection for crash tests: awaited at each `VaultStep`. Production code leaves it out. */
  readonly onStep?: (step: VaultStep) => void | Promise<void>;
}

export interface VaultStatus {
  readonly initialized: boolean;
  readonly locked: boolean;
  readonly accountCount: number;
  readonly autoLockMs: number;
  readonly failedAttempts: number;
  /** How long the next password attempt must wait. */
  readonly retryAfterMs: number;
  readonly rememberedOnDevice: boolean;
  /** When the running session ends at the latest (epoch ms), whatever the activity; null when locked. */
  readonly sessionEndsAt: number | null;
  /** When a signature needs the password on main's confirmation (the wallet applies it). */
  readonly signingPolicy: SigningPolicy;
  /** Whether the OS keychain answers and, if not, why (a sentence for the user). */
  readonly keychain: SecretStoreStatus;
  /** True while vault.json and the keystore files disagree: it unlocks but neither writes nor signs. */
  readonly readOnly: boolean;
  /** Each disagreement, naming the file and what is wrong; `adopt` repairs them with the password. */
  readonly problems: readonly VaultProblem[];
  /** Keystores of removed accounts kept in removed/ until `purgeRemoved`. */
  readonly removedKeystores: number;
}

export interface ImportMnemonicOptions {
  readonly passphrase?: string;
  readonly from?: number;
  readonly count?: number;
  readonly label?: string;
}

/**
 * The key vault: the main-process service an IPC layer calls with account ids. Results carry
 * addresses, labels and signed transactions; the only method that returns key material is
 * `exportMnemonic`, which asks for the password again. It is for main alone: the wallet shows the
 * phrase on main's own display (`WalletVault.showRecoveryPhrase`) and no IPC result carries it.
 */
export class Vault {
  private kek: Buffer | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly idle: IdleTimer;
  private sessionTimer: unknown = null;
  private sessionEndsAt: number | null = null;
  private lockedBy: LockReason = 'user';
  private readonly listeners = new Set<(status: VaultStatus) => void>();
  /** Copies of the key handed to the running operation; `exclusive` zeroes them when it ends. */
  private readonly keyCopies: Buffer[] = [];
  /** Disagreements between vault.json and the files found at open, and MAC failures found at unlock. */
  private problems: VaultProblem[] = [];
  /** The stricter of vault.json's counter and lockout.json's copy. */
  private lockoutState: LockoutState = { failedAttempts: 0, lastAttemptAt: null };
  private removedCount = 0;
  /** When the page may try a password again after a wrong one (memory only: see PasswordOrigin). */
  private pageRetryAt = 0;
  /**
   * Parts of vault.json whose MAC failed at the last unlock. Until `adopt` accepts them the vault
   * applies the stricter value: the password on every signature, the shorter auto-lock.
   */
  private untrusted = new Set<MacPart>();
  /** lockout.json says vault.json had a MAC: one without it was changed outside the app. */
  private macExpected = false;

  private constructor(
    private readonly dataDir: string,
    private readonly keystores: KeystoreFiles,
    private meta: VaultMetadata | null,
    private readonly store: SecretStore,
    private keychain: SecretStoreStatus,
    private readonly clock: VaultClock,
    private readonly scrypt: ScryptParams,
    private readonly defaultAutoLockMs: number,
    private readonly maxSessionMs: number,
    private readonly onStep: (step: VaultStep) => void | Promise<void>,
  ) {
    this.idle = new IdleTimer(clock, () => this.lock('idle'));
  }

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
          `${metaFile} is missing but keystores exist in ${keystores.root}. Nothing was changed; restore vault.json from a backup.`,
          { file: metaFile },
        );
      }
    }
    const store = options.secretStore ?? (await loadKeytarSecretStore());
    const keychain = await store.probe();
    const vault = new Vault(
      dataDir,
      keystores,
      meta,
      store,
      keychain,
      options.clock ?? systemClock,
      options.scrypt ?? DEFAULT_SCRYPT,
      options.defaultAutoLockMs ?? DEFAULT_AUTO_LOCK_MS,
      options.maxSessionMs ?? DEFAULT_MAX_SESSION_MS,
      options.onStep ?? (() => undefined),
    );
    await vault.inspectFiles();
    return vault;
  }

  /**
   * Compares vault.json with the keystore folders and reads the lockout copy. Only reads: a
   * disagreement makes the vault read-only and is reported, it is never resolved by deleting.
   */
  private async inspectFiles(): Promise<void> {
    const meta = this.meta;
    this.removedCount = (await this.keystores.removedFiles()).length;
    if (!meta) return;
    this.problems = await findProblems(meta, this.keystores);
    this.lockoutState = meta.lockout;
    if (!meta.password) return;
    const record = await readLockoutRecord(this.dataDir, meta.vaultId);
    if (record.status === 'present') {
      this.lockoutState = stricter(meta.lockout, record.state);
      this.macExpected = record.sealed;
    } else if (meta.mac) {
      // A vault with a MAC always wrote this file: its absence was not the app's doing.
      this.lockoutState = stricter(meta.lockout, assumedAfterLoss(this.clock.now()));
      const file = join(this.dataDir, LOCKOUT_FILE);
      this.problems.push({
        kind: VaultProblemKind.changedOutside,
        file,
        message: `The failed-password record ${file} was ${record.status === 'missing' ? 'deleted' : 'changed'} outside the app, so the vault counts the free attempts as used.`,
      });
    }
  }

  // ── status ────────────────────────────────────────────────────────────────────────────────

  status(): VaultStatus {
    const meta = this.meta;
    return {
      initialized: meta !== null && meta.password !== null,
      locked: this.kek === null,
      accountCount: meta?.accounts.length ?? 0,
      autoLockMs: this.autoLockMs(),
      failedAttempts: this.lockoutState.failedAttempts,
      retryAfterMs: retryAfterMs(this.lockoutState, this.clock.now()),
      rememberedOnDevice: meta?.device != null,
      sessionEndsAt: this.kek ? this.sessionEndsAt : null,
      signingPolicy: this.untrusted.has('signingPolicy')
        ? STRICTEST_SIGNING_POLICY
        : (meta?.settings.signingPolicy ?? DEFAULT_SIGNING_POLICY),
      keychain: this.keychain,
      readOnly: this.problems.length > 0,
      problems: this.problems.map((p) => ({ ...p })),
      removedKeystores: this.removedCount,
    };
  }

  /** Asks the keychain again (e.g. after the user started their keyring). */
  async refreshKeychainStatus(): Promise<SecretStoreStatus> {
    this.keychain = await this.store.probe();
    this.emit();
    return this.keychain;
  }

  /** Called on lock, unlock and every change; returns an unsubscribe function. */
  onChange(listener: (status: VaultStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  listAccounts(): AccountInfo[] {
    return (this.meta?.accounts ?? []).map(accountInfo);
  }

  getAccount(accountId: string): AccountInfo {
    return accountInfo(this.findAccount(accountId));
  }

  /** An account that holds a key; refuses an unknown or watch-only one as signing with it would. */
  getSigningAccount(accountId: string): AccountInfo {
    return accountInfo(this.signingAccount(accountId));
  }

  // ── password, lock and unlock ─────────────────────────────────────────────────────────────

  /** Sets the password of a new vault and leaves it unlocked. */
  initialize(password: string): Promise<void> {
    return this.exclusive(async () => {
      if (this.meta?.password)
        throw new VaultError(
          'VAULT_ALREADY_INITIALIZED',
          'This vault already has a password. Unlock it or change the password instead.',
        );
      checkNewPassword(password);
      const kdf = newKdfRecord(this.scrypt);
      const kek = await deriveKey(password, kdf);
      const vaultId = newId('vlt');
      const meta: VaultMetadata = {
        format: METADATA_FORMAT,
        version: METADATA_VERSION,
        vaultId,
        generation: 0,
        password: { kdf, check: sealPasswordCheck(kek, vaultId) },
        device: null,
        accounts: [],
        lockout: { failedAttempts: 0, lastAttemptAt: null },
        settings: { autoLockMs: this.defaultAutoLockMs },
      };
      await ensurePrivateDir(this.keystores.generationDir(0));
      await writeLockoutRecord(this.dataDir, vaultId, meta.lockout, true);
      await this.commit(meta, kek);
      this.lockoutState = meta.lockout;
      this.setUnlocked(kek);
    });
  }

  /** `origin` says where the password was typed (see `PasswordOrigin`); the page's cannot lock anyone out. */
  unlock(password: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.exclusive(async () => {
      const kek = await this.checkPassword(password, origin);
      await this.checkIntegrity(kek);
      this.setUnlocked(kek);
    });
  }

  /** Unlocks with the wrapping key kept in the OS keychain ("remember on this device"). */
  unlockWithDevice(): Promise<void> {
    return this.exclusive(async () => {
      const meta = this.requireInitialized();
      if (!meta.device)
        throw new VaultError(
          'VAULT_NOT_REMEMBERED',
          'This device does not remember the vault. Unlock it with your password.',
        );
      const wrappingKey = await this.keychainCall(() => this.store.get(meta.device!.keychainAccount));
      if (!wrappingKey) {
        throw new VaultError(
          'VAULT_DEVICE_KEY_MISSING',
          'The keychain no longer holds this vault\'s device key. Unlock with your password, then choose "remember on this device" again.',
        );
      }
      try {
        const kek = unwrapFromDevice(wrappingKey, meta.device.wrappedKey, meta.vaultId);
        if (!kek || !passwordCheckOpens(kek, meta.password.check, meta.vaultId)) {
          kek?.fill(0);
          throw new VaultError(
            'VAULT_DEVICE_KEY_MISMATCH',
            'The device key in the keychain does not open this vault. Unlock with your password, then choose "remember on this device" again.',
          );
        }
        await this.checkIntegrity(kek);
        this.setUnlocked(kek);
      } finally {
        wrappingKey.fill(0);
      }
    });
  }

  lock(reason: LockReason = 'user'): void {
    const wasUnlocked = this.kek !== null;
    this.kek?.fill(0);
    this.kek = null;
    this.idle.stop();
    this.stopSessionTimer();
    if (wasUnlocked) {
      this.lockedBy = reason;
      this.emit();
    }
  }

  /** Why the vault locked last (meaningful while it is locked). */
  lastLockReason(): LockReason {
    return this.lockedBy;
  }

  /** Records user activity so the idle timer starts over; it never extends the session limit. */
  touch(): void {
    if (this.kek) this.idle.touch();
  }

  /** Changing how long keys stay in memory needs the password, whoever asks. */
  setAutoLock(ms: number, password: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.exclusive(async () => {
      this.requireUnlocked();
      if (!Number.isInteger(ms) || ms < AUTO_LOCK_RANGE_MS.min || ms > AUTO_LOCK_RANGE_MS.max) {
        throw new VaultError(
          'VAULT_INVALID_AUTO_LOCK',
          `Auto-lock must be between ${AUTO_LOCK_RANGE_MS.min / 1000} seconds and 24 hours.`,
          { ms },
        );
      }
      (await this.checkPassword(password, origin)).fill(0);
      const meta = this.requireInitialized();
      await this.commit({ ...meta, settings: { ...meta.settings, autoLockMs: ms } });
      this.idle.start(ms);
    });
  }

  /** Loosening when the password is asked for is a password decision too. */
  setSigningPolicy(policy: SigningPolicy, password: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.exclusive(async () => {
      this.requireUnlocked();
      const parsed = SigningPolicySchema.safeParse(policy);
      if (!parsed.success) {
        throw new VaultError('VAULT_INVALID_ARGUMENT', 'That signing policy is not one the vault knows.');
      }
      (await this.checkPassword(password, origin)).fill(0);
      const meta = this.requireInitialized();
      await this.commit({ ...meta, settings: { ...meta.settings, signingPolicy: parsed.data } });
    });
  }

  /** Checks the password without changing anything; wrong attempts count toward the lockout. */
  verifyPassword(password: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.exclusive(async () => {
      (await this.checkPassword(password, origin)).fill(0);
    });
  }

  /**
   * Re-encrypts every keystore under the new password into the next generation directory, then
   * commits by rewriting vault.json, then moves the previous generation into superseded/, where a
   * backup of vault.json from before the change still finds its keys. A crash before the commit
   * leaves the old password working; the next `open` reports the unfinished generation and keeps it.
   */
  changePassword(currentPassword: string, newPassword: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.exclusive(async () => {
      this.requireWritable();
      checkNewPassword(newPassword);
      const oldKek = await this.checkPassword(currentPassword, origin);
      const meta = this.requireInitialized();
      const kdf = newKdfRecord(this.scrypt);
      const newKek = await deriveKey(newPassword, kdf);
      const generation = meta.generation + 1;
      let committed = false;
      let dir = this.keystores.generationDir(generation);
      try {
        dir = await this.keystores.fresh(generation);
        for (const secretId of namedSecretIds(meta)) {
          const { kind, payload } = await this.keystores.read(meta.generation, secretId, oldKek, meta.password.kdf);
          const bytes = encodePayload(payload);
          try {
            await this.keystores.write(generation, secretId, kind, bytes, newKek, kdf);
          } finally {
            bytes.fill(0);
            zeroPayload(payload);
          }
          await this.onStep('password-change:keystore-written');
        }
        await syncDir(dir);
        const device = await this.rewrapDeviceKey(meta, newKek);
        await this.onStep('password-change:before-commit');
        await this.commit(
          {
            ...this.requireInitialized(),
            generation,
            password: { kdf, check: sealPasswordCheck(newKek, meta.vaultId) },
            device,
          },
          newKek,
        );
        committed = true;
        await this.onStep('password-change:committed');
        await this.keystores.moveAside(this.keystores.generationDir(meta.generation), String(meta.generation));
      } catch (error) {
        if (!committed) await this.keystores.moveAside(dir, `${generation}-unfinished`).catch(() => undefined);
        newKek.fill(0);
        throw error;
      } finally {
        oldKek.fill(0);
      }
      if (this.kek) this.setUnlocked(newKek);
      else newKek.fill(0);
    });
  }

  // ── remember on this device ───────────────────────────────────────────────────────────────

  /**
   * Keeps a random wrapping key in the OS keychain and the password key sealed with it in
   * vault.json. Throws VAULT_KEYCHAIN_UNAVAILABLE, with the keychain's reason, when it is off.
   */
  rememberOnDevice(password: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.exclusive(async () => {
      this.requireUnlocked();
      (await this.checkPassword(password, origin)).fill(0);
      const { meta, kek } = this.requireUnlocked();
      const keychainAccount = `vault-${meta.vaultId}`;
      const wrappingKey = randomBytes(32);
      try {
        await this.keychainCall(() => this.store.set(keychainAccount, wrappingKey));
        const wrappedKey = wrapForDevice(wrappingKey, kek, meta.vaultId);
        await this.commit({ ...meta, device: { keychainAccount, wrappedKey } });
      } finally {
        wrappingKey.fill(0);
      }
    });
  }

  /** Drops the sealed key from vault.json, then the wrapping key from the keychain. */
  forgetDevice(): Promise<void> {
    return this.exclusive(async () => {
      const meta = this.requireInitialized();
      if (!meta.device) return;
      this.requireWritable();
      const { keychainAccount } = meta.device;
      await this.commit({ ...meta, device: null });
      await this.keychainCall(() => this.store.delete(keychainAccount)).catch(() => undefined);
    });
  }

  // ── accounts ──────────────────────────────────────────────────────────────────────────────

  /** New English recovery phrase; adds its first address (m/44'/195'/0'/0/0). */
  createMnemonicAccount(options: { label?: string; strength?: MnemonicStrength } = {}): Promise<AccountInfo> {
    return this.exclusive(async () => {
      this.requireUnlocked();
      const label = checkLabel(options.label ?? 'Account 1');
      if (options.strength !== undefined && options.strength !== 128 && options.strength !== 256) {
        throw new VaultError(
          'VAULT_INVALID_ARGUMENT',
          'A new recovery phrase has 128 bits (12 words) or 256 bits (24 words).',
        );
      }
      const entropy = newMnemonicEntropy(options.strength ?? 256);
      try {
        const [account] = await this.addMnemonicSecret(
          { kind: 'mnemonic', entropy, passphrase: '' },
          0,
          1,
          () => label,
        );
        return account!;
      } finally {
        entropy.fill(0);
      }
    });
  }

  /** Imports a recovery phrase (and optional BIP39 passphrase) with addresses from..from+count-1. */
  importMnemonic(phrase: string, options: ImportMnemonicOptions = {}): Promise<AccountInfo[]> {
    return this.exclusive(async () => {
      this.requireUnlocked();
      const { from, count, passphrase } = mnemonicImport(options);
      const entropy = mnemonicEntropyFromPhrase(phrase);
      try {
        return await this.addMnemonicSecret(
          { kind: 'mnemonic', entropy, passphrase },
          from,
          count,
          importLabels(options.label, count),
        );
      } finally {
        entropy.fill(0);
      }
    });
  }

  /** More addresses from a recovery phrase already in the vault, named by its `secretId`. */
  addMnemonicAccounts(
    secretId: string,
    options: { from: number; count?: number; label?: string },
  ): Promise<AccountInfo[]> {
    return this.exclusive(async () => {
      const { meta, kek } = this.requireUnlocked();
      const count = options.count ?? 1;
      assertIndexRange(options.from, count);
      const owner = meta.accounts.find((a) => a.kind === AccountKind.mnemonic && a.secretId === secretId);
      if (!owner)
        throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', 'No recovery phrase with that id is in the vault.', {
          secretId,
        });
      const base = options.label === undefined ? 'Account' : checkLabel(options.label);
      const { payload } = await this.keystores.read(meta.generation, secretId, kek, meta.password.kdf);
      try {
        if (payload.kind !== 'mnemonic') throw secretKindMismatch(secretId);
        const addresses = await mnemonicAddresses(payload.entropy, payload.passphrase, options.from, count);
        const accounts = addresses.map((address, i): StoredAccount => {
          const index = options.from + i;
          const label = options.label !== undefined && count === 1 ? base : checkLabel(`${base} ${index + 1}`);
          return { kind: 'mnemonic', id: newId('acc'), address, label, createdAt: this.clock.now(), secretId, index };
        });
        this.assertNewAddresses(meta, accounts);
        await this.commit({ ...meta, accounts: [...meta.accounts, ...accounts] });
        return accounts.map(accountInfo);
      } finally {
        zeroPayload(payload);
      }
    });
  }

  /**
   * What `importMnemonic` would add (addresses and labels), refused for the same reasons, storing
   * nothing: main shows it on its confirmation before the import.
   */
  previewImportMnemonic(
    phrase: string,
    options: ImportMnemonicOptions = {},
  ): Promise<{ addresses: HexAddress[]; labels: string[] }> {
    return this.exclusive(async () => {
      const { meta } = this.requireUnlocked();
      const { from, count, passphrase } = mnemonicImport(options);
      const label = importLabels(options.label, count);
      const entropy = mnemonicEntropyFromPhrase(phrase);
      try {
        const addresses = await mnemonicAddresses(entropy, passphrase, from, count);
        this.assertNewAddresses(
          meta,
          addresses.map((address) => ({ address })),
        );
        return { addresses, labels: addresses.map((_, i) => label(from + i)) };
      } finally {
        entropy.fill(0);
      }
    });
  }

  /** What `importPrivateKey` would add, refused for the same reasons, storing nothing. */
  previewImportPrivateKey(
    privateKeyHex: string,
    options: { label?: string } = {},
  ): Promise<{ address: HexAddress; label: string }> {
    return this.exclusive(async () => {
      const { meta } = this.requireUnlocked();
      const label = checkLabel(options.label ?? 'Imported key');
      const key = parsePrivateKey(privateKeyHex);
      try {
        const address = addressFromPrivateKey(key);
        this.assertNewAddresses(meta, [{ address }]);
        return { address, label };
      } finally {
        key.fill(0);
      }
    });
  }

  importPrivateKey(privateKeyHex: string, options: { label?: string } = {}): Promise<AccountInfo> {
    return this.exclusive(async () => {
      const { meta, kek } = this.requireUnlocked();
      const label = checkLabel(options.label ?? 'Imported key');
      const key = parsePrivateKey(privateKeyHex);
      const bytes = encodePayload({ kind: 'privateKey', privateKey: key });
      try {
        const address = addressFromPrivateKey(key);
        const secretId = newId('sec');
        const account: StoredAccount = {
          kind: 'privateKey',
          id: newId('acc'),
          address,
          label,
          createdAt: this.clock.now(),
          secretId,
        };
        this.assertNewAddresses(meta, [account]);
        await this.keystores.write(meta.generation, secretId, 'privateKey', bytes, kek, meta.password.kdf);
        await this.commit({ ...meta, accounts: [...meta.accounts, account] });
        return accountInfo(account);
      } finally {
        key.fill(0);
        bytes.fill(0);
      }
    });
  }

  /**
   * Adds an address whose key the vault does not hold: watched only, or (with `custody`) a key on
   * a Ledger or an offline machine, which this wallet then offers as a co-signer.
   */
  addWatchOnly(address: string, options: { label?: string; custody?: StoredCustody } = {}): Promise<AccountInfo> {
    return this.exclusive(async () => {
      const { meta } = this.requireUnlocked();
      const label = checkLabel(options.label ?? defaultLabel(options.custody));
      const account: StoredAccount = {
        kind: 'watch',
        id: newId('acc'),
        address: checkWatchAddress(address),
        label,
        createdAt: this.clock.now(),
        ...(options.custody ? { custody: options.custody } : {}),
      };
      this.assertNewAddresses(meta, [account]);
      await this.commit({ ...meta, accounts: [...meta.accounts, account] });
      return accountInfo(account);
    });
  }

  renameAccount(accountId: string, label: string): Promise<AccountInfo> {
    return this.exclusive(async () => {
      const { meta } = this.requireUnlocked();
      const account = this.findAccount(accountId);
      const renamed = { ...account, label: checkLabel(label) };
      await this.commit({ ...meta, accounts: meta.accounts.map((a) => (a.id === accountId ? renamed : a)) });
      return accountInfo(renamed);
    });
  }

  /**
   * Removes the account; once no other account uses its keystore, the keystore moves into
   * removed/, where it stays until `purgeRemoved`. An account that holds a key is removed only
   * with the password typed again (checked like `exportMnemonic`); a watch-only account needs
   * none (a password given for one is not checked). Crash safety: `vault.json` is committed
   * first, the keystore moved afterwards, so a crash in between leaves a keystore no account
   * names (reported and kept), never an account without its key.
   */
  removeAccount(accountId: string, password?: string, origin: PasswordOrigin = 'main'): Promise<void> {
    return this.exclusive(async () => {
      this.requireUnlocked();
      const account = this.findAccount(accountId);
      let moveKeystore = false;
      if (account.kind !== AccountKind.watch) {
        moveKeystore = !this.requireInitialized().accounts.some(
          (a) => a.id !== accountId && a.kind !== AccountKind.watch && a.secretId === account.secretId,
        );
        if (password === undefined || password === '') {
          throw new VaultError(
            'VAULT_PASSWORD_REQUIRED',
            moveKeystore
              ? 'Removing this account takes its key out of the vault (it is kept in the removed folder until you empty it). Type the vault password to confirm.'
              : 'Removing an account that can sign needs the vault password. Type it to confirm.',
            { accountId },
          );
        }
        (await this.checkPassword(password, origin)).fill(0);
      }
      // Read again: checking the password committed the attempt counter.
      const meta = this.requireInitialized();
      await this.commit({ ...meta, accounts: meta.accounts.filter((a) => a.id !== accountId) });
      if (account.kind !== AccountKind.watch && moveKeystore) {
        if (await this.keystores.moveToRemoved(meta.generation, account.secretId)) this.removedCount++;
        this.emit();
      }
    });
  }

  /**
   * Deletes the keystores in removed/ for good: the one act that destroys keys, so it needs the
   * password whoever asks. Returns how many files went.
   */
  purgeRemoved(password: string, origin: PasswordOrigin = 'main'): Promise<number> {
    return this.exclusive(async () => {
      (await this.checkPassword(password, origin)).fill(0);
      const purged = await this.keystores.purgeRemoved();
      this.removedCount = (await this.keystores.removedFiles()).length;
      this.emit();
      return purged;
    });
  }

  /**
   * Repairs a read-only vault with the password: finds the keystore folder that opens every key
   * vault.json names (the current one, another under keystores/, or one in superseded/), makes it
   * the current generation, moves the other keystores/ folders into superseded/, adds an account
   * for each readable keystore no account named, and writes vault.json with a fresh MAC (which
   * accepts settings changed outside the app, as the status listed them). Deletes nothing.
   */
  adopt(password: string, origin: PasswordOrigin = 'main'): Promise<{ found: AccountInfo[] }> {
    return this.exclusive(async () => {
      const kek = await this.checkPassword(password, origin);
      try {
        const meta = this.requireInitialized();
        const plan = await planAdoption(meta, kek, this.keystores, this.clock.now());
        for (const folder of plan.setAside) await this.keystores.moveAside(folder.dir, folder.name);
        if (plan.chosen.place === 'superseded') await this.keystores.bringBack(plan.chosen.name, plan.generation);
        await ensurePrivateDir(this.keystores.generationDir(plan.generation));
        for (const secretId of plan.unreadable) {
          await this.keystores.moveAside(
            this.keystores.path(plan.generation, secretId),
            `unreadable-${plan.generation}-${secretId}.json`,
          );
        }
        const next = { ...meta, generation: plan.generation, accounts: [...meta.accounts, ...plan.found] };
        await this.commit(next, kek);
        await writeLockoutRecord(this.dataDir, meta.vaultId, this.lockoutState, true);
        this.problems = await findProblems(next, this.keystores);
        this.untrusted = new Set();
        this.emit();
        return { found: plan.found.map(accountInfo) };
      } finally {
        kek.fill(0);
      }
    });
  }

  /**
   * The one way key material leaves the vault: the recovery phrase of a mnemonic account, after
   * the password is entered again (wrong attempts count toward the lockout like any other). Its
   * caller shows it on a surface main owns; it is never an IPC result.
   */
  exportMnemonic(
    accountId: string,
    password: string,
    origin: PasswordOrigin = 'main',
  ): Promise<{ phrase: string; hasPassphrase: boolean }> {
    return this.exclusive(async () => {
      this.requireUnlocked();
      const account = this.findAccount(accountId);
      if (account.kind !== AccountKind.mnemonic) {
        throw new VaultError(
          'VAULT_NOT_MNEMONIC',
          'This account was not created from a recovery phrase, so there is none to show.',
          { accountId },
        );
      }
      const kek = await this.checkPassword(password, origin);
      try {
        const meta = this.requireInitialized();
        const { payload } = await this.keystores.read(meta.generation, account.secretId, kek, meta.password.kdf);
        try {
          if (payload.kind !== 'mnemonic') throw secretKindMismatch(account.secretId);
          return { phrase: phraseFromEntropy(payload.entropy), hasPassphrase: payload.passphrase.length > 0 };
        } finally {
          zeroPayload(payload);
        }
      } finally {
        kek.fill(0);
      }
    });
  }

  // ── signing ───────────────────────────────────────────────────────────────────────────────

  /**
   * Signs `tx` with the account's key and returns a copy with the signature appended. Checks, in
   * order: shape, txID integrity, the permission the caller expects, that the account can sign,
   * and that this key has not signed already.
   */
  sign(tx: TransactionJson, accountId: string, permissionId?: number): Promise<TransactionJson> {
    return this.exclusive(async () => {
      const { meta, kek } = this.requireUnlocked();
      const checked = checkedTransaction(tx);
      if (permissionId !== undefined && (!Number.isInteger(permissionId) || permissionId < 0)) {
        throw new VaultError('VAULT_INVALID_ARGUMENT', 'A permission id is a non-negative integer.', { permissionId });
      }
      assertPermission(checked, permissionId);
      const account = this.signingAccount(accountId);
      return this.withPrivateKey(meta, account, kek, (key) =>
        appendSignature(checked, key, account.address as HexAddress),
      );
    });
  }

  /** TRON signMessageV2 signature ("0x" + r ‖ s ‖ v hex), e.g. to prove a key is still held. */
  signMessage(message: string, accountId: string): Promise<string> {
    return this.exclusive(async () => {
      const { meta, kek } = this.requireUnlocked();
      if (typeof message !== 'string')
        throw new VaultError('VAULT_INVALID_ARGUMENT', 'The message to sign must be text.');
      const account = this.signingAccount(accountId);
      return this.withPrivateKey(meta, account, kek, (key) => `0x${bytesToHex(signMessageV2(message, key))}`);
    });
  }

  /** Locks and stops the idle timer; the object is unusable afterwards only in that it is locked. */
  dispose(): void {
    this.lock();
    this.listeners.clear();
  }

  // ── internals ─────────────────────────────────────────────────────────────────────────────

  /** Runs vault operations one at a time, so a password change never interleaves with a write. */
  private exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const guarded = async (): Promise<T> => {
      try {
        return await operation();
      } finally {
        for (const copy of this.keyCopies) copy.fill(0);
        this.keyCopies.length = 0;
      }
    };
    const run = this.tail.then(guarded, guarded);
    this.tail = run.catch(() => undefined);
    if (this.kek) this.idle.touch();
    return run;
  }

  private requireInitialized(): VaultMetadata & { password: NonNullable<VaultMetadata['password']> } {
    const meta = this.meta;
    if (!meta || !meta.password)
      throw new VaultError('VAULT_NOT_INITIALIZED', 'The vault has no password yet. Create one first.');
    return meta as VaultMetadata & { password: NonNullable<VaultMetadata['password']> };
  }

  /** Refuses every write and signature while vault.json and the keystores disagree. */
  private requireWritable(): void {
    if (this.problems.length === 0) return;
    throw new VaultError(
      'VAULT_READ_ONLY',
      `The vault is read-only until its files agree: ${this.problems.map((p) => p.message).join(' ')} Repair it with the password (nothing is deleted), or restore the files from a backup.`,
      { problems: this.problems.map((p) => ({ kind: p.kind, file: p.file })) },
    );
  }

  /**
   * Checks the MAC of vault.json with a key the password just proved. A file without one (written
   * before the MAC existed) gets one now, as the password proves the owner; a file whose MAC does
   * not match makes the vault read-only, saying which part changed.
   */
  private async checkIntegrity(kek: Buffer): Promise<void> {
    const meta = this.requireInitialized();
    this.problems = this.problems.filter((p) => p.kind !== VaultProblemKind.changedOutside || p.file !== this.metaFile);
    this.untrusted = new Set();
    if (!meta.mac && this.macExpected) {
      for (const part of MAC_PARTS) this.untrusted.add(part);
      this.problems.push({ kind: VaultProblemKind.changedOutside, file: this.metaFile, message: MAC_REMOVED_TEXT });
      return;
    }
    if (!meta.mac) {
      if (this.problems.length > 0) return;
      // vault.json first: a crash between the two leaves a sealed file and a record that does not
      // expect it yet, which is harmless; the other order would read as a MAC removed by hand.
      await this.commit(meta, kek);
      await writeLockoutRecord(this.dataDir, meta.vaultId, this.lockoutState, true);
      return;
    }
    for (const part of changedParts(kek, meta, meta.mac)) {
      this.untrusted.add(part);
      this.problems.push({ kind: VaultProblemKind.changedOutside, file: this.metaFile, message: MAC_PART_TEXT[part] });
    }
  }

  /** The auto-lock time in force: the default while vault.json's was changed outside the app. */
  private autoLockMs(): number {
    if (this.untrusted.has('autoLock'))
      return Math.min(this.defaultAutoLockMs, this.meta?.settings.autoLockMs ?? Infinity);
    return this.meta?.settings.autoLockMs ?? this.defaultAutoLockMs;
  }

  private get metaFile(): string {
    return join(this.dataDir, METADATA_FILE);
  }

  /** A copy of the unlocked key, so that lock() can zero the original while an operation runs. */
  private requireUnlocked(): { meta: ReturnType<Vault['requireInitialized']>; kek: Buffer } {
    const meta = this.requireInitialized();
    this.requireWritable();
    if (!this.kek) throw new VaultError('VAULT_LOCKED', 'The vault is locked. Unlock it with your password.');
    const kek = Buffer.alloc(this.kek.length);
    this.kek.copy(kek);
    this.keyCopies.push(kek);
    return { meta, kek };
  }

  /**
   * A fresh unlock starts both clocks: the idle timer and the session limit. Re-keying an open
   * session (a password change) keeps the limit it had.
   */
  private setUnlocked(kek: Buffer): void {
    const fresh = this.kek === null;
    if (this.kek && this.kek !== kek) this.kek.fill(0);
    this.kek = kek;
    this.idle.start(this.autoLockMs());
    if (fresh) this.startSessionTimer();
    this.emit();
  }

  private startSessionTimer(): void {
    this.stopSessionTimer();
    this.sessionEndsAt = this.clock.now() + this.maxSessionMs;
    this.sessionTimer = this.clock.setTimeout(() => this.lock('session-limit'), this.maxSessionMs);
  }

  private stopSessionTimer(): void {
    if (this.sessionTimer !== null) this.clock.clearTimeout(this.sessionTimer);
    this.sessionTimer = null;
    this.sessionEndsAt = null;
  }

  private emit(): void {
    const status = this.status();
    for (const listener of this.listeners) listener(status);
  }

  /**
   * Writes vault.json. With the password's key (the unlocked one by default) the MAC is computed
   * afresh; without it (a counted attempt while locked) the file keeps its MAC, which does not
   * cover the counter.
   */
  private async commit(meta: VaultMetadata, kek: Buffer | null = this.kek): Promise<void> {
    const sealed = kek ? { ...meta, mac: computeMac(kek, meta) } : meta;
    await writeMetadata(this.metaFile, sealed);
    this.meta = sealed;
    this.emit();
  }

  /** The counter goes to lockout.json first, then vault.json: a crash between them keeps the count. */
  private async commitLockout(lockout: LockoutState): Promise<void> {
    const meta = this.requireInitialized();
    await writeLockoutRecord(this.dataDir, meta.vaultId, lockout, meta.mac !== undefined || this.macExpected);
    this.lockoutState = lockout;
    await this.commit({ ...meta, lockout }, null);
  }

  /**
   * Counts the attempt before checking (a crash mid-check still counts), refuses while the
   * lockout delay runs, clears the counter on success. Returns the password's key.
   */
  private async checkPassword(password: string, origin: PasswordOrigin): Promise<Buffer> {
    const meta = this.requireInitialized();
    if (typeof password !== 'string' || password.length === 0 || password.length > PASSWORD_MAX_LENGTH) {
      throw new VaultError('VAULT_WRONG_PASSWORD', 'The password is wrong.');
    }
    if (origin === 'page') return this.checkPagePassword(password);
    const now = this.clock.now();
    let lockout = this.lockoutState;
    // A clock set back must not stretch the delay until it catches up again.
    // Restart the delay from now, and persist that, so the wait ends after one delay.
    if (lockout.lastAttemptAt !== null && lockout.lastAttemptAt > now) {
      lockout = { ...lockout, lastAttemptAt: now };
      await this.commitLockout(lockout);
    }
    const wait = retryAfterMs(lockout, now);
    if (wait > 0) {
      throw new VaultError(
        'VAULT_LOCKED_OUT',
        `Too many wrong passwords. Try again in ${Math.ceil(wait / 1000)} seconds.`,
        {
          retryAfterMs: wait,
          failedAttempts: lockout.failedAttempts,
        },
      );
    }
    const counted = { failedAttempts: lockout.failedAttempts + 1, lastAttemptAt: now };
    await this.commitLockout(counted);
    const kek = await deriveKey(password, meta.password.kdf);
    if (!passwordCheckOpens(kek, meta.password.check, meta.vaultId)) {
      kek.fill(0);
      throw new VaultError('VAULT_WRONG_PASSWORD', 'The password is wrong.', {
        failedAttempts: counted.failedAttempts,
        retryAfterMs: retryAfterMs(counted, now),
      });
    }
    await this.commitLockout({ failedAttempts: 0, lastAttemptAt: null });
    return kek;
  }

  /**
   * A password from the page: wrong ones never add to the lockout (a hostile page could lock the
   * person out on purpose); each makes the page wait `PAGE_RETRY_INTERVAL_MS`, which with scrypt's
   * cost keeps guessing slow.
   */
  private async checkPagePassword(password: string): Promise<Buffer> {
    const meta = this.requireInitialized();
    const now = this.clock.now();
    // A clock set back never stretches the wait beyond one interval.
    const wait = Math.min(this.pageRetryAt - now, PAGE_RETRY_INTERVAL_MS);
    if (wait > 0) {
      throw new VaultError('VAULT_RETRY_TOO_SOON', 'Wait a second before trying the password again.', {
        retryAfterMs: wait,
      });
    }
    const kek = await deriveKey(password, meta.password.kdf);
    if (!passwordCheckOpens(kek, meta.password.check, meta.vaultId)) {
      kek.fill(0);
      this.pageRetryAt = this.clock.now() + PAGE_RETRY_INTERVAL_MS;
      throw new VaultError('VAULT_WRONG_PASSWORD', 'The password is wrong.', { retryAfterMs: PAGE_RETRY_INTERVAL_MS });
    }
    this.pageRetryAt = 0;
    return kek;
  }

  private findAccount(accountId: string): StoredAccount {
    const account = this.meta?.accounts.find((a) => a.id === accountId);
    if (!account)
      throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', 'No account with that id is in the vault.', {
        accountId: String(accountId).slice(0, 40),
      });
    return account;
  }

  private signingAccount(accountId: string): Exclude<StoredAccount, { kind: 'watch' }> {
    const account = this.findAccount(accountId);
    if (account.kind === AccountKind.watch) {
      throw new VaultError(
        'VAULT_WATCH_ONLY',
        'This is a watch-only account: the vault has no key for it and cannot sign.',
        { accountId },
      );
    }
    return account;
  }

  private assertNewAddresses(meta: VaultMetadata, accounts: readonly Pick<StoredAccount, 'address'>[]): void {
    const known = new Set(meta.accounts.map((a) => a.address));
    for (const account of accounts) {
      if (known.has(account.address)) {
        throw new VaultError(
          'VAULT_ACCOUNT_EXISTS',
          `Address ${account.address} is already in the vault. Remove the existing account first if you want to replace it.`,
          { address: account.address },
        );
      }
      known.add(account.address);
    }
  }

  private async addMnemonicSecret(
    payload: SecretPayload & { kind: 'mnemonic' },
    from: number,
    count: number,
    label: (index: number) => string,
  ): Promise<AccountInfo[]> {
    const { meta, kek } = this.requireUnlocked();
    const secretId = newId('sec');
    const addresses = await mnemonicAddresses(payload.entropy, payload.passphrase, from, count);
    const accounts = addresses.map((address, i): StoredAccount => ({
      kind: 'mnemonic',
      id: newId('acc'),
      address,
      label: label(from + i),
      createdAt: this.clock.now(),
      secretId,
      index: from + i,
    }));
    this.assertNewAddresses(meta, accounts);
    const bytes = encodePayload(payload);
    try {
      await this.keystores.write(meta.generation, secretId, 'mnemonic', bytes, kek, meta.password.kdf);
    } finally {
      bytes.fill(0);
    }
    await this.commit({ ...meta, accounts: [...meta.accounts, ...accounts] });
    return accounts.map(accountInfo);
  }

  private async withPrivateKey<T>(
    meta: ReturnType<Vault['requireInitialized']>,
    account: Exclude<StoredAccount, { kind: 'watch' }>,
    kek: Buffer,
    use: (privateKey: Uint8Array) => T,
  ): Promise<T> {
    const { payload } = await this.keystores.read(meta.generation, account.secretId, kek, meta.password.kdf);
    try {
      let key: Uint8Array;
      if (account.kind === AccountKind.privateKey && payload.kind === 'privateKey') key = payload.privateKey.slice();
      else if (account.kind === AccountKind.mnemonic && payload.kind === 'mnemonic') {
        [key] = (await deriveTronPrivateKeys(payload.entropy, payload.passphrase, account.index, 1)) as [Uint8Array];
      } else throw secretKindMismatch(account.secretId);
      try {
        return use(key);
      } finally {
        key.fill(0);
      }
    } finally {
      zeroPayload(payload);
    }
  }

  /** The device key re-sealed for a new password key, or null when the keychain cannot give it. */
  private async rewrapDeviceKey(meta: VaultMetadata, newKek: Buffer): Promise<VaultMetadata['device']> {
    if (!meta.device) return null;
    let wrappingKey: Uint8Array | null;
    try {
      wrappingKey = await this.keychainCall(() => this.store.get(meta.device!.keychainAccount));
    } catch {
      return null;
    }
    if (!wrappingKey) return null;
    try {
      return {
        keychainAccount: meta.device.keychainAccount,
        wrappedKey: wrapForDevice(wrappingKey, newKek, meta.vaultId),
      };
    } finally {
      wrappingKey.fill(0);
    }
  }

  /** Runs a keychain call; on failure records why the keychain is off and throws that sentence. */
  private async keychainCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      if (!this.keychain.available) {
        this.keychain = { available: true, backend: this.store.backend };
        this.emit();
      }
      return result;
    } catch (error) {
      const status = unavailableStatus(this.store.backend, error);
      this.keychain = status;
      this.emit();
      throw new VaultError('VAULT_KEYCHAIN_UNAVAILABLE', status.available ? 'The keychain failed.' : status.message, {
        reason: status.available ? 'FAILED' : status.reason,
      });
    }
  }
}

/** The label of each imported address: the one given (one address), else "<base> <n>". */
function importLabels(label: string | undefined, count: number): (index: number) => string {
  const base = label === undefined ? 'Account' : checkLabel(label);
  return (index) => (label !== undefined && count === 1 ? base : checkLabel(`${base} ${index + 1}`));
}

/** The addresses of a phrase's keys from..from+count-1; each key is zeroed once its address is read. */
async function mnemonicAddresses(
  entropy: Uint8Array,
  passphrase: string,
  from: number,
  count: number,
): Promise<HexAddress[]> {
  const keys = await deriveTronPrivateKeys(entropy, passphrase, from, count);
  return keys.map((key) => {
    const address = addressFromPrivateKey(key);
    key.fill(0);
    return address;
  });
}

/** The range and passphrase of a phrase import, checked the same for the import and its preview. */
function mnemonicImport(options: ImportMnemonicOptions): { from: number; count: number; passphrase: string } {
  const from = options.from ?? 0;
  const count = options.count ?? 1;
  assertIndexRange(from, count);
  const passphrase = options.passphrase ?? '';
  if (typeof passphrase !== 'string')
    throw new VaultError('VAULT_INVALID_ARGUMENT', 'The BIP39 passphrase must be text.');
  return { from, count, passphrase };
}

function secretKindMismatch(secretId: string): VaultError {
  return new VaultError(
    'VAULT_FILE_CORRUPT',
    `The keystore ${secretId} holds a different kind of secret than its accounts expect.`,
    { secretId },
  );
}

/** 64 hex digits, optional 0x; errors never repeat the input. */
function parsePrivateKey(input: unknown): Uint8Array {
  const text = typeof input === 'string' ? input.trim().replace(/^0x/i, '') : '';
  if (!/^[0-9a-fA-F]{64}$/.test(text)) {
    throw new VaultError(
      'VAULT_INVALID_PRIVATE_KEY',
      'A private key is 64 hexadecimal characters (optionally starting with 0x).',
    );
  }
  const key = new Uint8Array(Buffer.from(text, 'hex'));
  try {
    assertPrivateKey(key);
  } catch {
    key.fill(0);
    throw new VaultError('VAULT_INVALID_PRIVATE_KEY', 'That private key is outside the valid range for secp256k1.');
  }
  return key;
}
