import {
  SecretStoreReason,
  UnavailableSecretStore,
  unavailableStatus,
  type SecretStore,
  type SecretStoreStatus,
} from './secret-store';

/** The part of keytar 7 the vault uses. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export const KEYTAR_SERVICE = 'tron-multisig-wallet';
const PROBE_ACCOUNT = 'availability-probe';

/** Keychain entries are strings; the wrapping key is stored as base64. */
export class KeytarSecretStore implements SecretStore {
  readonly backend = 'keytar';

  constructor(
    private readonly keytar: KeytarModule,
    private readonly service: string = KEYTAR_SERVICE,
  ) {}

  async probe(): Promise<SecretStoreStatus> {
    try {
      // A read is enough to learn whether a Secret Service answers; it creates nothing.
      await this.keytar.getPassword(this.service, PROBE_ACCOUNT);
      return { available: true, backend: this.backend };
    } catch (error) {
      return unavailableStatus(this.backend, error);
    }
  }

  async get(account: string): Promise<Uint8Array | null> {
    const value = await this.keytar.getPassword(this.service, account);
    return value === null ? null : new Uint8Array(Buffer.from(value, 'base64'));
  }

  async set(account: string, secret: Uint8Array): Promise<void> {
    await this.keytar.setPassword(this.service, account, Buffer.from(secret).toString('base64'));
  }

  async delete(account: string): Promise<boolean> {
    return this.keytar.deletePassword(this.service, account);
  }
}

/**
 * keytar is an optional dependency with a native module: when it is absent or fails to load, the
 * vault gets a store that explains why and keeps working with the password alone.
 */
export async function loadKeytarSecretStore(
  options: { service?: string; load?: () => Promise<KeytarModule> } = {},
): Promise<SecretStore> {
  const load = options.load ?? importKeytar;
  try {
    return new KeytarSecretStore(await load(), options.service);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return new UnavailableSecretStore('keytar', {
      available: false,
      backend: 'keytar',
      reason: SecretStoreReason.moduleMissing,
      message:
        'The keychain module (keytar) is not installed or could not be loaded on this system, so "remember ' +
        'on this device" is off. The vault still works: unlock it with your password.',
      detail,
    });
  }
}

async function importKeytar(): Promise<KeytarModule> {
  // A computed specifier keeps bundlers from resolving the optional native module at build time.
  const specifier = 'keytar';
  const loaded = (await import(/* @vite-ignore */ specifier)) as Partial<KeytarModule> & { default?: KeytarModule };
  const module = loaded.default ?? (loaded as KeytarModule);
  if (typeof module.getPassword !== 'function') throw new Error('keytar loaded without getPassword');
  return module;
}
