/**
 * Where "remember on this device" keeps the vault's wrapping key: the OS keychain through keytar.
 * Another backend (an Electron `safeStorage` adapter) implements the same interface outside
 * src-main/vault, which does not import electron. Only the random wrapping key ever goes
 * in here, never a private key, a mnemonic or the password.
 */
export interface SecretStore {
  /** Short backend name for status displays: "keytar", "safeStorage", … */
  readonly backend: string;
  /** Asks the backend whether it answers right now. Never throws. */
  probe(): Promise<SecretStoreStatus>;
  get(account: string): Promise<Uint8Array | null>;
  set(account: string, secret: Uint8Array): Promise<void>;
  /** True when something was deleted. */
  delete(account: string): Promise<boolean>;
}

export const SecretStoreReason = {
  /** keytar (an optional dependency) is not installed or its native module did not load. */
  moduleMissing: 'MODULE_MISSING',
  /** No Secret Service / keychain daemon answered (e.g. headless Linux without D-Bus). */
  noService: 'NO_SERVICE',
  /** The keychain exists but is locked and no one can be prompted to unlock it. */
  keychainLocked: 'KEYCHAIN_LOCKED',
  /** Anything else the backend reported. */
  failed: 'FAILED',
} as const;
export type SecretStoreReason = (typeof SecretStoreReason)[keyof typeof SecretStoreReason];

export type SecretStoreStatus =
  | { readonly available: true; readonly backend: string }
  | {
      readonly available: false;
      readonly backend: string;
      readonly reason: SecretStoreReason;
      /** A sentence for the user: what is off, why, and what still works. */
      readonly message: string;
      /** The backend's own error text, for support; never contains secrets. */
      readonly detail?: string;
    };

const PASSWORD_ONLY = 'The vault still works: unlock it with your password.';

/** Maps a backend error to a status with a human sentence. */
export function unavailableStatus(backend: string, error: unknown): SecretStoreStatus {
  const detail = error instanceof Error ? error.message : String(error);
  const text = detail.toLowerCase();
  if (/d-?bus|secret service|org\.freedesktop|could not connect|not provided by any \.service/.test(text)) {
    return {
      available: false,
      backend,
      reason: SecretStoreReason.noService,
      message:
        'No keychain service (Secret Service such as GNOME Keyring or KWallet) answered on this computer, so ' +
        `"remember on this device" is off. ${PASSWORD_ONLY}`,
      detail,
    };
  }
  if (/locked|dismissed|cancel/.test(text)) {
    return {
      available: false,
      backend,
      reason: SecretStoreReason.keychainLocked,
      message:
        'The system keychain is locked and could not be unlocked, so "remember on this device" is off. Unlock ' +
        `your keychain and try again. ${PASSWORD_ONLY}`,
      detail,
    };
  }
  return {
    available: false,
    backend,
    reason: SecretStoreReason.failed,
    message: `The system keychain reported an error, so "remember on this device" is off. ${PASSWORD_ONLY}`,
    detail,
  };
}

/** Stands in when no backend could even be created; every call fails with the stored reason. */
export class UnavailableSecretStore implements SecretStore {
  constructor(
    readonly backend: string,
    private readonly status: SecretStoreStatus & { available: false },
  ) {}

  async probe(): Promise<SecretStoreStatus> {
    return this.status;
  }
  async get(): Promise<Uint8Array | null> {
    throw new Error(this.status.detail ?? this.status.message);
  }
  async set(): Promise<void> {
    throw new Error(this.status.detail ?? this.status.message);
  }
  async delete(): Promise<boolean> {
    throw new Error(this.status.detail ?? this.status.message);
  }
}
