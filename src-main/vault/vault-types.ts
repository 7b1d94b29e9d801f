import type { SigningPolicy } from '../../src-core/ipc/channels/vault';
import type { ScryptParams } from './kdf';
import type { SecretStore, SecretStoreStatus } from './secret-store';
import type { VaultClock } from './auto-lock';
import type { VaultProblem } from './consistency';

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
export const STRICTEST_SIGNING_POLICY: SigningPolicy = { passwordFor: 'every-signature' };

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
