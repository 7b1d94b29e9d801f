import { VaultError } from '../../src-core/errors';
import { SigningPolicySchema, type SigningPolicy } from '../../src-core/ipc/channels/vault';
import { confirmPassword } from './vault-password';
import type { VaultSession } from './vault-session';
import { AUTO_LOCK_RANGE_MS, type PasswordOrigin } from './vault-types';

/** Changing how long keys stay in memory needs the password, whoever asks. */
export async function setAutoLock(
  session: VaultSession,
  ms: number,
  password: string,
  origin: PasswordOrigin,
): Promise<void> {
  session.requireUnlocked();
  if (!Number.isInteger(ms) || ms < AUTO_LOCK_RANGE_MS.min || ms > AUTO_LOCK_RANGE_MS.max) {
    throw new VaultError(
      'VAULT_INVALID_AUTO_LOCK',
      `Auto-lock must be between ${AUTO_LOCK_RANGE_MS.min / 1000} seconds and 24 hours.`,
      { ms },
    );
  }
  await confirmPassword(session, password, origin);
  const meta = session.requireInitialized();
  await session.commit({ ...meta, settings: { ...meta.settings, autoLockMs: ms } });
  session.restartIdle(ms);
}

/** Loosening when the password is asked for is a password decision too. */
export async function setSigningPolicy(
  session: VaultSession,
  policy: SigningPolicy,
  password: string,
  origin: PasswordOrigin,
): Promise<void> {
  session.requireUnlocked();
  const parsed = SigningPolicySchema.safeParse(policy);
  if (!parsed.success) {
    throw new VaultError('VAULT_INVALID_ARGUMENT', 'That signing policy is not one the vault knows.');
  }
  await confirmPassword(session, password, origin);
  const meta = session.requireInitialized();
  await session.commit({ ...meta, settings: { ...meta.settings, signingPolicy: parsed.data } });
}
