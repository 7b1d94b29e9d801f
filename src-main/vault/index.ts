// The vault's public surface: what an IPC layer or app service may use.
export {
  Vault,
  DEFAULT_AUTO_LOCK_MS,
  DEFAULT_MAX_SESSION_MS,
  AUTO_LOCK_RANGE_MS,
  LOCK_REASONS,
  PASSWORD_MIN_LENGTH,
  type LockReason,
} from './vault';
export type { VaultOptions, VaultStatus, VaultStep, ImportMnemonicOptions } from './vault';
export type { AccountInfo, AccountKind } from './accounts';
export type { StoredCustody } from './metadata';
export type { PhraseAnswer } from './vault-phrase-check';
export type { SecretStore, SecretStoreStatus, SecretStoreReason } from './secret-store';
export { UnavailableSecretStore, unavailableStatus } from './secret-store';
export { KeytarSecretStore, loadKeytarSecretStore, KEYTAR_SERVICE } from './keytar-store';
export type { VaultClock } from './auto-lock';
export { DEFAULT_SCRYPT } from './kdf';
export type { ScryptParams } from './kdf';
