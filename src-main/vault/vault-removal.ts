import { VaultError } from '../../src-core/errors';
import { AccountKind } from './accounts';
import { confirmPassword } from './vault-password';
import type { VaultSession } from './vault-session';
import type { PasswordOrigin } from './vault-types';

/**
 * Removes the account; once no other account uses its keystore, the keystore moves into
 * removed/, where it stays until `purgeRemoved`. An account that holds a key is removed only
 * with the password typed again (checked like `exportMnemonic`); a watch-only account needs
 * none (a password given for one is not checked). Crash safety: `vault.json` is committed
 * first, the keystore moved afterwards, so a crash in between leaves a keystore no account
 * names (reported and kept), never an account without its key.
 */
export async function removeAccount(
  session: VaultSession,
  accountId: string,
  password: string | undefined,
  origin: PasswordOrigin,
): Promise<void> {
  session.requireUnlocked();
  const account = session.findAccount(accountId);
  let moveKeystore = false;
  if (account.kind !== AccountKind.watch) {
    moveKeystore = !session
      .requireInitialized()
      .accounts.some((a) => a.id !== accountId && a.kind !== AccountKind.watch && a.secretId === account.secretId);
    if (password === undefined || password === '') {
      throw new VaultError(
        'VAULT_PASSWORD_REQUIRED',
        moveKeystore
          ? 'Removing this account takes its key out of the vault ' +
              '(it is kept in the removed folder until you empty it). Type the vault password to confirm.'
          : 'Removing an account that can sign needs the vault password. Type it to confirm.',
        { accountId },
      );
    }
    await confirmPassword(session, password, origin);
  }
  // Read again: checking the password committed the attempt counter.
  const meta = session.requireInitialized();
  await session.commit({ ...meta, accounts: meta.accounts.filter((a) => a.id !== accountId) });
  if (account.kind !== AccountKind.watch && moveKeystore) {
    if (await session.keystores.moveToRemoved(meta.generation, account.secretId)) session.removedCount++;
    session.emit();
  }
}

/**
 * Deletes the keystores in removed/ for good: the one act that destroys keys, so it needs the
 * password whoever asks. Returns how many files went.
 */
export async function purgeRemoved(session: VaultSession, password: string, origin: PasswordOrigin): Promise<number> {
  await confirmPassword(session, password, origin);
  const purged = await session.keystores.purgeRemoved();
  session.removedCount = (await session.keystores.removedFiles()).length;
  session.emit();
  return purged;
}
