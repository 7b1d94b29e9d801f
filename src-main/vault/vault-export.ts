import { VaultError } from '../../src-core/errors';
import { AccountKind } from './accounts';
import { phraseFromEntropy } from './hd';
import { zeroPayload } from './keystore';
import { checkPassword } from './vault-password';
import { secretKindMismatch } from './vault-secrets';
import type { VaultSession } from './vault-session';
import type { PasswordOrigin } from './vault-types';

/**
 * The one way key material leaves the vault: the recovery phrase of a mnemonic account, after
 * the password is entered again (wrong attempts count toward the lockout like any other). Its
 * caller shows it on a surface main owns; it is never an IPC result.
 */
export async function exportMnemonic(
  session: VaultSession,
  accountId: string,
  password: string,
  origin: PasswordOrigin,
): Promise<{ phrase: string; hasPassphrase: boolean }> {
  session.requireUnlocked();
  const account = session.findAccount(accountId);
  if (account.kind !== AccountKind.mnemonic) {
    throw new VaultError(
      'VAULT_NOT_MNEMONIC',
      'This account was not created from a recovery phrase, so there is none to show.',
      { accountId },
    );
  }
  const kek = await checkPassword(session, password, origin);
  try {
    const meta = session.requireInitialized();
    const { payload } = await session.keystores.read(meta.generation, account.secretId, kek, meta.password.kdf);
    try {
      if (payload.kind !== 'mnemonic') throw secretKindMismatch(account.secretId);
      return { phrase: phraseFromEntropy(payload.entropy), hasPassphrase: payload.passphrase.length > 0 };
    } finally {
      zeroPayload(payload);
    }
  } finally {
    kek.fill(0);
  }
}
