import { join } from 'node:path';
import { VaultError } from '../../src-core/errors';
import { DEFAULT_SIGNING_POLICY } from '../../src-core/ipc/channels/vault';
import { AccountKind } from './accounts';
import { IdleTimer, type VaultClock } from './auto-lock';
import type { VaultProblem } from './consistency';
import type { ScryptParams } from './kdf';
import type { KeystoreFiles } from './keystore-files';
import { retryAfterMs, type LockoutState } from './lockout';
import { writeLockoutRecord } from './lockout-record';
import { computeMac, type MacPart } from './metadata-mac';
import { METADATA_FILE, writeMetadata, type StoredAccount, type VaultMetadata } from './metadata';
import type { SecretStore, SecretStoreStatus } from './secret-store';
import { STRICTEST_SIGNING_POLICY, type LockReason, type VaultStatus, type VaultStep } from './vault-types';

/** vault.json once a password is set. */
export type InitializedMetadata = VaultMetadata & { password: NonNullable<VaultMetadata['password']> };

/** An account that holds a key (a phrase or a private key), not a watch-only one. */
export type SigningAccount = Exclude<StoredAccount, { kind: 'watch' }>;

/** What the session is built from: the folder, its keystores and the settings `Vault.open` resolved. */
export interface VaultSessionSetup {
  readonly dataDir: string;
  readonly keystores: KeystoreFiles;
  readonly meta: VaultMetadata | null;
  readonly store: SecretStore;
  readonly keychain: SecretStoreStatus;
  readonly clock: VaultClock;
  readonly scrypt: ScryptParams;
  readonly defaultAutoLockMs: number;
  readonly maxSessionMs: number;
  readonly onStep: (step: VaultStep) => void | Promise<void>;
}

/**
 * The vault's state and the rules every operation shares: the unlocked key and its timers, one
 * operation at a time, commits of vault.json, and the refusals (not initialized, locked,
 * read-only). The operations themselves live in the vault-*.ts files beside it; `Vault` is the
 * only caller, so the fields are open to those files and to nothing else.
 */
export class VaultSession {
  readonly dataDir: string;
  readonly keystores: KeystoreFiles;
  readonly store: SecretStore;
  readonly clock: VaultClock;
  readonly scrypt: ScryptParams;
  readonly defaultAutoLockMs: number;
  readonly maxSessionMs: number;
  readonly onStep: (step: VaultStep) => void | Promise<void>;
  meta: VaultMetadata | null;
  keychain: SecretStoreStatus;
  kek: Buffer | null = null;
  lockedBy: LockReason = 'user';
  /** Disagreements between vault.json and the files found at open, and MAC failures found at unlock. */
  problems: VaultProblem[] = [];
  /** The stricter of vault.json's counter and lockout.json's copy. */
  lockoutState: LockoutState = { failedAttempts: 0, lastAttemptAt: null };
  removedCount = 0;
  /** When the page may try a password again after a wrong one (memory only: see PasswordOrigin). */
  pageRetryAt = 0;
  /**
   * Parts of vault.json whose MAC failed at the last unlock. Until `adopt` accepts them the vault
   * applies the stricter value: the password on every signature, the shorter auto-lock.
   */
  untrusted = new Set<MacPart>();
  /** lockout.json says vault.json had a MAC: one without it was changed outside the app. */
  macExpected = false;
  readonly listeners = new Set<(status: VaultStatus) => void>();
  private tail: Promise<unknown> = Promise.resolve();
  private readonly idle: IdleTimer;
  private sessionTimer: unknown = null;
  private sessionEndsAt: number | null = null;
  /** Copies of the key handed to the running operation; `exclusive` zeroes them when it ends. */
  private readonly keyCopies: Buffer[] = [];

  constructor(setup: VaultSessionSetup) {
    this.dataDir = setup.dataDir;
    this.keystores = setup.keystores;
    this.meta = setup.meta;
    this.store = setup.store;
    this.keychain = setup.keychain;
    this.clock = setup.clock;
    this.scrypt = setup.scrypt;
    this.defaultAutoLockMs = setup.defaultAutoLockMs;
    this.maxSessionMs = setup.maxSessionMs;
    this.onStep = setup.onStep;
    this.idle = new IdleTimer(setup.clock, () => this.lock('idle'));
  }

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

  emit(): void {
    const status = this.status();
    for (const listener of this.listeners) listener(status);
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

  /** Records user activity so the idle timer starts over; it never extends the session limit. */
  touch(): void {
    if (this.kek) this.idle.touch();
  }

  /** Starts the idle timer over with another auto-lock time. */
  restartIdle(ms: number): void {
    this.idle.start(ms);
  }

  /** Runs vault operations one at a time, so a password change never interleaves with a write. */
  exclusive<T>(operation: () => Promise<T>): Promise<T> {
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

  requireInitialized(): InitializedMetadata {
    const meta = this.meta;
    if (!meta || !meta.password)
      throw new VaultError('VAULT_NOT_INITIALIZED', 'The vault has no password yet. Create one first.');
    return meta as InitializedMetadata;
  }

  /** Refuses every write and signature while vault.json and the keystores disagree. */
  requireWritable(): void {
    if (this.problems.length === 0) return;
    throw new VaultError(
      'VAULT_READ_ONLY',
      `The vault is read-only until its files agree: ${this.problems.map((p) => p.message).join(' ')} ` +
        'Repair it with the password (nothing is deleted), or restore the files from a backup.',
      { problems: this.problems.map((p) => ({ kind: p.kind, file: p.file })) },
    );
  }

  /** A copy of the unlocked key, so that lock() can zero the original while an operation runs. */
  requireUnlocked(): { meta: InitializedMetadata; kek: Buffer } {
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
  setUnlocked(kek: Buffer): void {
    const fresh = this.kek === null;
    if (this.kek && this.kek !== kek) this.kek.fill(0);
    this.kek = kek;
    this.idle.start(this.autoLockMs());
    if (fresh) this.startSessionTimer();
    this.emit();
  }

  /** The auto-lock time in force: the default while vault.json's was changed outside the app. */
  autoLockMs(): number {
    if (this.untrusted.has('autoLock'))
      return Math.min(this.defaultAutoLockMs, this.meta?.settings.autoLockMs ?? Infinity);
    return this.meta?.settings.autoLockMs ?? this.defaultAutoLockMs;
  }

  get metaFile(): string {
    return join(this.dataDir, METADATA_FILE);
  }

  /**
   * Writes vault.json. With the password's key (the unlocked one by default) the MAC is computed
   * afresh; without it (a counted attempt while locked) the file keeps its MAC, which does not
   * cover the counter.
   */
  async commit(meta: VaultMetadata, kek: Buffer | null = this.kek): Promise<void> {
    const sealed = kek ? { ...meta, mac: computeMac(kek, meta) } : meta;
    await writeMetadata(this.metaFile, sealed);
    this.meta = sealed;
    this.emit();
  }

  /** The counter goes to lockout.json first, then vault.json: a crash between them keeps the count. */
  async commitLockout(lockout: LockoutState): Promise<void> {
    const meta = this.requireInitialized();
    await writeLockoutRecord(this.dataDir, meta.vaultId, lockout, meta.mac !== undefined || this.macExpected);
    this.lockoutState = lockout;
    await this.commit({ ...meta, lockout }, null);
  }

  findAccount(accountId: string): StoredAccount {
    const account = this.meta?.accounts.find((a) => a.id === accountId);
    if (!account)
      throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', 'No account with that id is in the vault.', {
        accountId: String(accountId).slice(0, 40),
      });
    return account;
  }

  signingAccount(accountId: string): SigningAccount {
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
}
