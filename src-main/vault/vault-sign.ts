import type { HexAddress } from '../../src-core/brand';
import { bytesToHex } from '../../src-core/bytes/hex';
import { VaultError } from '../../src-core/errors';
import { signMessageV2 } from '../../src-core/keys/message';
import type { RecoverSigner } from '../../src-core/envelope/signer-memo';
import type { TransactionJson } from '../../src-core/tx/types';
import { appendSignature, assertPermission, checkedTransaction, keySigner } from './signing';
import { withPrivateKey } from './vault-secrets';
import type { VaultSession } from './vault-session';

/**
 * Signs `tx` with the account's key and returns a copy with the signature appended. Checks, in
 * order: shape, txID integrity, the permission the caller expects, that the account can sign,
 * and that this key has not signed already.
 */
export async function signTransaction(
  session: VaultSession,
  tx: TransactionJson,
  accountId: string,
  permissionId?: number,
): Promise<TransactionJson> {
  const { meta, kek } = session.requireUnlocked();
  const checked = checkedTransaction(tx);
  if (permissionId !== undefined && (!Number.isInteger(permissionId) || permissionId < 0)) {
    throw new VaultError('VAULT_INVALID_ARGUMENT', 'A permission id is a non-negative integer.', { permissionId });
  }
  assertPermission(checked, permissionId);
  const account = session.signingAccount(accountId);
  return withPrivateKey(session, meta, account, kek, (key) =>
    appendSignature(checked, key, account.address as HexAddress),
  );
}

/**
 * Signs several transactions with one account's key, read once for all of them (a bundle approved
 * in one confirmation): each transaction is checked as `signTransaction` checks it, all before the
 * key is read, so one bad transaction signs none. Reading and unwrapping the key per transaction
 * would cost a keystore read and, for a phrase, a seed derivation per row; the key's address is
 * derived once too. `recover` may remember signers an earlier step recovered (the bundle's
 * progress), so the already-signed check recovers no signature a second time.
 */
export async function signTransactions(
  session: VaultSession,
  txs: readonly { readonly transaction: TransactionJson; readonly permissionId?: number }[],
  accountId: string,
  options: { readonly recover?: RecoverSigner } = {},
): Promise<TransactionJson[]> {
  const { meta, kek } = session.requireUnlocked();
  const checked = txs.map(({ transaction, permissionId }) => {
    const tx = checkedTransaction(transaction);
    if (permissionId !== undefined && (!Number.isInteger(permissionId) || permissionId < 0))
      throw new VaultError('VAULT_INVALID_ARGUMENT', 'A permission id is a non-negative integer.', { permissionId });
    assertPermission(tx, permissionId);
    return tx;
  });
  const account = session.signingAccount(accountId);
  return withPrivateKey(session, meta, account, kek, (key) =>
    checked.map(keySigner(key, account.address as HexAddress, options.recover)),
  );
}

/** TRON signMessageV2 signature ("0x" + r ‖ s ‖ v hex), e.g. to prove a key is still held. */
export async function signText(session: VaultSession, message: string, accountId: string): Promise<string> {
  const { meta, kek } = session.requireUnlocked();
  if (typeof message !== 'string') throw new VaultError('VAULT_INVALID_ARGUMENT', 'The message to sign must be text.');
  const account = session.signingAccount(accountId);
  return withPrivateKey(session, meta, account, kek, (key) => `0x${bytesToHex(signMessageV2(message, key))}`);
}
