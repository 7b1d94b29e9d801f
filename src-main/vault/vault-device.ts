import { randomBytes } from 'node:crypto';
import { VaultError } from '../../src-core/errors';
import type { VaultMetadata } from './metadata';
import { passwordCheckOpens, unwrapFromDevice, wrapForDevice } from './password';
import { unavailableStatus } from './secret-store';
import { checkIntegrity } from './vault-integrity';
import { confirmPassword } from './vault-password';
import type { VaultSession } from './vault-session';
import type { PasswordOrigin } from './vault-types';

/** Unlocks with the wrapping key kept in the OS keychain ("remember on this device"). */
export async function unlockWithDevice(session: VaultSession): Promise<void> {
  const meta = session.requireInitialized();
  if (!meta.device)
    throw new VaultError(
      'VAULT_NOT_REMEMBERED',
      'This device does not remember the vault. Unlock it with your password.',
    );
  const wrappingKey = await keychainCall(session, () => session.store.get(meta.device!.keychainAccount));
  if (!wrappingKey) {
    throw new VaultError(
      'VAULT_DEVICE_KEY_MISSING',
      "The keychain no longer holds this vault's device key. " +
        'Unlock with your password, then choose "remember on this device" again.',
    );
  }
  try {
    const kek = unwrapFromDevice(wrappingKey, meta.device.wrappedKey, meta.vaultId);
    if (!kek || !passwordCheckOpens(kek, meta.password.check, meta.vaultId)) {
      kek?.fill(0);
      throw new VaultError(
        'VAULT_DEVICE_KEY_MISMATCH',
        'The device key in the keychain does not open this vault. ' +
          'Unlock with your password, then choose "remember on this device" again.',
      );
    }
    await checkIntegrity(session, kek);
    session.setUnlocked(kek);
  } finally {
    wrappingKey.fill(0);
  }
}

/**
 * Keeps a random wrapping key in the OS keychain and the password key sealed with it in
 * vault.json. Throws VAULT_KEYCHAIN_UNAVAILABLE, with the keychain's reason, when it is off.
 */
export async function rememberOnDevice(session: VaultSession, password: string, origin: PasswordOrigin): Promise<void> {
  session.requireUnlocked();
  await confirmPassword(session, password, origin);
  const { meta, kek } = session.requireUnlocked();
  const keychainAccount = `vault-${meta.vaultId}`;
  const wrappingKey = randomBytes(32);
  try {
    await keychainCall(session, () => session.store.set(keychainAccount, wrappingKey));
    const wrappedKey = wrapForDevice(wrappingKey, kek, meta.vaultId);
    await session.commit({ ...meta, device: { keychainAccount, wrappedKey } });
  } finally {
    wrappingKey.fill(0);
  }
}

/** Drops the sealed key from vault.json, then the wrapping key from the keychain. */
export async function forgetDevice(session: VaultSession): Promise<void> {
  const meta = session.requireInitialized();
  if (!meta.device) return;
  session.requireWritable();
  const { keychainAccount } = meta.device;
  await session.commit({ ...meta, device: null });
  await keychainCall(session, () => session.store.delete(keychainAccount)).catch(() => undefined);
}

/** The device key re-sealed for a new password key, or null when the keychain cannot give it. */
export async function rewrapDeviceKey(
  session: VaultSession,
  meta: VaultMetadata,
  newKek: Buffer,
): Promise<VaultMetadata['device']> {
  if (!meta.device) return null;
  let wrappingKey: Uint8Array | null;
  try {
    wrappingKey = await keychainCall(session, () => session.store.get(meta.device!.keychainAccount));
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
async function keychainCall<T>(session: VaultSession, call: () => Promise<T>): Promise<T> {
  try {
    const result = await call();
    if (!session.keychain.available) {
      session.keychain = { available: true, backend: session.store.backend };
      session.emit();
    }
    return result;
  } catch (error) {
    const status = unavailableStatus(session.store.backend, error);
    session.keychain = status;
    session.emit();
    throw new VaultError('VAULT_KEYCHAIN_UNAVAILABLE', status.available ? 'The keychain failed.' : status.message, {
      reason: status.available ? 'FAILED' : status.reason,
    });
  }
}

/** Asks the keychain again (e.g. after the user started their keyring). */
export async function refreshKeychainStatus(session: VaultSession): Promise<VaultSession['keychain']> {
  session.keychain = await session.store.probe();
  session.emit();
  return session.keychain;
}
