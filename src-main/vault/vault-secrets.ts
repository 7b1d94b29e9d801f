import { VaultError } from '../../src-core/errors';
import { AccountKind } from './accounts';
import { deriveTronPrivateKeys } from './hd';
import { zeroPayload } from './keystore';
import type { InitializedMetadata, SigningAccount, VaultSession } from './vault-session';

/** A keystore whose secret is not the kind its accounts were made from. */
export function secretKindMismatch(secretId: string): VaultError {
  return new VaultError(
    'VAULT_FILE_CORRUPT',
    `The keystore ${secretId} holds a different kind of secret than its accounts expect.`,
    { secretId },
  );
}

/**
 * Hands `use` the account's private key (read from its keystore, or derived from its phrase)
 * and zeroes the key and the decrypted keystore once `use` returns.
 */
export async function withPrivateKey<T>(
  session: VaultSession,
  meta: InitializedMetadata,
  account: SigningAccount,
  kek: Buffer,
  use: (privateKey: Uint8Array) => T,
): Promise<T> {
  const { payload } = await session.keystores.read(meta.generation, account.secretId, kek, meta.password.kdf);
  try {
    let key: Uint8Array;
    if (account.kind === AccountKind.privateKey && payload.kind === 'privateKey') key = payload.privateKey.slice();
    else if (account.kind === AccountKind.mnemonic && payload.kind === 'mnemonic') {
      [key] = (await deriveTronPrivateKeys(payload.entropy, payload.passphrase, account.index, 1)) as [Uint8Array];
    } else throw secretKindMismatch(account.secretId);
    try {
      return use(key);
    } finally {
      key.fill(0);
    }
  } finally {
    zeroPayload(payload);
  }
}
