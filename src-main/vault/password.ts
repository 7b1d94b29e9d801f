import { VaultError } from '../../src-core/errors';
import { PASSWORD_MIN_LENGTH, ratePassword, weakPasswordSentence } from '../../src-core/password/strength';
import { open, seal, type Sealed } from './aead';

export { PASSWORD_MIN_LENGTH };
export const PASSWORD_MAX_LENGTH = 1024;
const CHECK_TEXT = 'tron-wallet-vault password check v1';

export function checkNewPassword(password: unknown): asserts password is string {
  if (typeof password !== 'string') throw new VaultError('VAULT_WEAK_PASSWORD', 'The password must be text.');
  const length = [...password.normalize('NFKC')].length;
  if (length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new VaultError(
      'VAULT_WEAK_PASSWORD',
      `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters (at most ${PASSWORD_MAX_LENGTH}).`,
      {
        minLength: PASSWORD_MIN_LENGTH,
      },
    );
  }
  const rating = ratePassword(password);
  if (!rating.acceptable) {
    throw new VaultError('VAULT_WEAK_PASSWORD', weakPasswordSentence(rating), { score: rating.score });
  }
}

/**
 * A fixed text sealed with the password's key. Opening it tells a wrong password apart from a
 * damaged keystore, which AES-GCM alone cannot.
 */
export function sealPasswordCheck(kek: Uint8Array, vaultId: string): Sealed {
  return seal(kek, Buffer.from(CHECK_TEXT, 'utf8'), checkAad(vaultId));
}

export function passwordCheckOpens(kek: Uint8Array, check: Sealed, vaultId: string): boolean {
  const plain = open(kek, check, checkAad(vaultId));
  const ok = plain !== null && plain.toString('utf8') === CHECK_TEXT;
  plain?.fill(0);
  return ok;
}

/** "Remember on this device": the password's key sealed with the keychain's wrapping key. */
export function wrapForDevice(wrappingKey: Uint8Array, kek: Uint8Array, vaultId: string): Sealed {
  return seal(wrappingKey, kek, deviceAad(vaultId));
}

export function unwrapFromDevice(wrappingKey: Uint8Array, wrapped: Sealed, vaultId: string): Buffer | null {
  return open(wrappingKey, wrapped, deviceAad(vaultId));
}

function checkAad(vaultId: string): Uint8Array {
  return Buffer.from(`tron-wallet-vault|password-check|${vaultId}`, 'utf8');
}

function deviceAad(vaultId: string): Uint8Array {
  return Buffer.from(`tron-wallet-vault|device-wrap|${vaultId}`, 'utf8');
}
