import { VaultError } from '../../src-core/errors';
import { newId } from './accounts';
import { ensurePrivateDir } from './atomic-file';
import { deriveKey, newKdfRecord } from './kdf';
import { writeLockoutRecord } from './lockout-record';
import { METADATA_FORMAT, METADATA_VERSION, type VaultMetadata } from './metadata';
import { checkNewPassword, sealPasswordCheck } from './password';
import { checkIntegrity } from './vault-integrity';
import { checkPassword } from './vault-password';
import type { VaultSession } from './vault-session';
import type { PasswordOrigin } from './vault-types';

/** Sets the password of a new vault and leaves it unlocked. */
export async function initialize(session: VaultSession, password: string): Promise<void> {
  if (session.meta?.password)
    throw new VaultError(
      'VAULT_ALREADY_INITIALIZED',
      'This vault already has a password. Unlock it or change the password instead.',
    );
  checkNewPassword(password);
  const kdf = newKdfRecord(session.scrypt);
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
    settings: { autoLockMs: session.defaultAutoLockMs },
  };
  await ensurePrivateDir(session.keystores.generationDir(0));
  await writeLockoutRecord(session.dataDir, vaultId, meta.lockout, true);
  await session.commit(meta, kek);
  session.lockoutState = meta.lockout;
  session.setUnlocked(kek);
}

/** Opens the session with the password, then checks vault.json's MAC with the key it gave. */
export async function unlock(session: VaultSession, password: string, origin: PasswordOrigin): Promise<void> {
  const kek = await checkPassword(session, password, origin);
  await checkIntegrity(session, kek);
  session.setUnlocked(kek);
}
