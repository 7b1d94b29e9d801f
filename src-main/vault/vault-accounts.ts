import type { HexAddress } from '../../src-core/brand';
import { VaultError } from '../../src-core/errors';
import { addressFromPrivateKey } from '../../src-core/keys/keys';
import {
  AccountKind,
  accountInfo,
  checkLabel,
  checkWatchAddress,
  defaultLabel,
  newId,
  type AccountInfo,
} from './accounts';
import { assertIndexRange, mnemonicEntropyFromPhrase, newMnemonicEntropy, type MnemonicStrength } from './hd';
import { importLabels, mnemonicAddresses, mnemonicImport, parsePrivateKey } from './import-input';
import { encodePayload, zeroPayload, type SecretPayload } from './keystore';
import type { StoredAccount, StoredCustody, VaultMetadata } from './metadata';
import { secretKindMismatch } from './vault-secrets';
import type { VaultSession } from './vault-session';
import type { ImportMnemonicOptions } from './vault-types';

/** New English recovery phrase; adds its first address (m/44'/195'/0'/0/0). */
export async function createMnemonicAccount(
  session: VaultSession,
  options: { label?: string; strength?: MnemonicStrength },
): Promise<AccountInfo> {
  session.requireUnlocked();
  const label = checkLabel(options.label ?? 'Account 1');
  if (options.strength !== undefined && options.strength !== 128 && options.strength !== 256) {
    throw new VaultError(
      'VAULT_INVALID_ARGUMENT',
      'A new recovery phrase has 128 bits (12 words) or 256 bits (24 words).',
    );
  }
  const entropy = newMnemonicEntropy(options.strength ?? 256);
  try {
    const [account] = await addMnemonicSecret(
      session,
      { kind: 'mnemonic', entropy, passphrase: '' },
      0,
      1,
      () => label,
      { unchecked: true },
    );
    return account!;
  } finally {
    entropy.fill(0);
  }
}

/** Imports a recovery phrase (and optional BIP39 passphrase) with addresses from..from+count-1. */
export async function importMnemonic(
  session: VaultSession,
  phrase: string,
  options: ImportMnemonicOptions,
): Promise<AccountInfo[]> {
  session.requireUnlocked();
  const { from, count, passphrase } = mnemonicImport(options);
  const entropy = mnemonicEntropyFromPhrase(phrase);
  try {
    return await addMnemonicSecret(
      session,
      { kind: 'mnemonic', entropy, passphrase },
      from,
      count,
      importLabels(options.label, count),
    );
  } finally {
    entropy.fill(0);
  }
}

/** More addresses from a recovery phrase already in the vault, named by its `secretId`. */
export async function addMnemonicAccounts(
  session: VaultSession,
  secretId: string,
  options: { from: number; count?: number; label?: string },
): Promise<AccountInfo[]> {
  const { meta, kek } = session.requireUnlocked();
  const count = options.count ?? 1;
  assertIndexRange(options.from, count);
  const owner = meta.accounts.find((a) => a.kind === AccountKind.mnemonic && a.secretId === secretId);
  if (!owner)
    throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', 'No recovery phrase with that id is in the vault.', {
      secretId,
    });
  const unchecked = meta.accounts.some(
    (a) => a.kind === AccountKind.mnemonic && a.secretId === secretId && a.phraseUnchecked === true,
  );
  const base = options.label === undefined ? 'Account' : checkLabel(options.label);
  const { payload } = await session.keystores.read(meta.generation, secretId, kek, meta.password.kdf);
  try {
    if (payload.kind !== 'mnemonic') throw secretKindMismatch(secretId);
    const addresses = await mnemonicAddresses(payload.entropy, payload.passphrase, options.from, count);
    const accounts = addresses.map((address, i): StoredAccount => {
      const index = options.from + i;
      const label = options.label !== undefined && count === 1 ? base : checkLabel(`${base} ${index + 1}`);
      const created = { id: newId('acc'), address, label, createdAt: session.clock.now(), secretId, index };
      // A further address of a phrase nobody has checked yet is as unchecked as the phrase.
      return { kind: 'mnemonic', ...created, ...(unchecked ? { phraseUnchecked: true as const } : {}) };
    });
    assertNewAddresses(meta, accounts);
    await session.commit({ ...meta, accounts: [...meta.accounts, ...accounts] });
    return accounts.map(accountInfo);
  } finally {
    zeroPayload(payload);
  }
}

/**
 * What `importMnemonic` would add (addresses and labels), refused for the same reasons, storing
 * nothing: main shows it on its confirmation before the import.
 */
export async function previewImportMnemonic(
  session: VaultSession,
  phrase: string,
  options: ImportMnemonicOptions,
): Promise<{ addresses: HexAddress[]; labels: string[] }> {
  const { meta } = session.requireUnlocked();
  const { from, count, passphrase } = mnemonicImport(options);
  const label = importLabels(options.label, count);
  const entropy = mnemonicEntropyFromPhrase(phrase);
  try {
    const addresses = await mnemonicAddresses(entropy, passphrase, from, count);
    assertNewAddresses(
      meta,
      addresses.map((address) => ({ address })),
    );
    return { addresses, labels: addresses.map((_, i) => label(from + i)) };
  } finally {
    entropy.fill(0);
  }
}

/** What `importPrivateKey` would add, refused for the same reasons, storing nothing. */
export async function previewImportPrivateKey(
  session: VaultSession,
  privateKeyHex: string,
  options: { label?: string },
): Promise<{ address: HexAddress; label: string }> {
  const { meta } = session.requireUnlocked();
  const label = checkLabel(options.label ?? 'Imported key');
  const key = parsePrivateKey(privateKeyHex);
  try {
    const address = addressFromPrivateKey(key);
    assertNewAddresses(meta, [{ address }]);
    return { address, label };
  } finally {
    key.fill(0);
  }
}

export async function importPrivateKey(
  session: VaultSession,
  privateKeyHex: string,
  options: { label?: string },
): Promise<AccountInfo> {
  const { meta, kek } = session.requireUnlocked();
  const label = checkLabel(options.label ?? 'Imported key');
  const key = parsePrivateKey(privateKeyHex);
  const bytes = encodePayload({ kind: 'privateKey', privateKey: key });
  try {
    const address = addressFromPrivateKey(key);
    const secretId = newId('sec');
    const account: StoredAccount = {
      kind: 'privateKey',
      id: newId('acc'),
      address,
      label,
      createdAt: session.clock.now(),
      secretId,
    };
    assertNewAddresses(meta, [account]);
    await session.keystores.write(meta.generation, secretId, 'privateKey', bytes, kek, meta.password.kdf);
    await session.commit({ ...meta, accounts: [...meta.accounts, account] });
    return accountInfo(account);
  } finally {
    key.fill(0);
    bytes.fill(0);
  }
}

/**
 * Adds an address whose key the vault does not hold: watched only, or (with `custody`) a key on
 * a Ledger or an offline machine, which this wallet then offers as a co-signer.
 */
export async function addWatchOnly(
  session: VaultSession,
  address: string,
  options: { label?: string; custody?: StoredCustody },
): Promise<AccountInfo> {
  const { meta } = session.requireUnlocked();
  const label = checkLabel(options.label ?? defaultLabel(options.custody));
  const account: StoredAccount = {
    kind: 'watch',
    id: newId('acc'),
    address: checkWatchAddress(address),
    label,
    createdAt: session.clock.now(),
    ...(options.custody ? { custody: options.custody } : {}),
  };
  assertNewAddresses(meta, [account]);
  await session.commit({ ...meta, accounts: [...meta.accounts, account] });
  return accountInfo(account);
}

export async function renameAccount(session: VaultSession, accountId: string, label: string): Promise<AccountInfo> {
  const { meta } = session.requireUnlocked();
  const account = session.findAccount(accountId);
  const renamed = { ...account, label: checkLabel(label) };
  await session.commit({ ...meta, accounts: meta.accounts.map((a) => (a.id === accountId ? renamed : a)) });
  return accountInfo(renamed);
}

function assertNewAddresses(meta: VaultMetadata, accounts: readonly Pick<StoredAccount, 'address'>[]): void {
  const known = new Set(meta.accounts.map((a) => a.address));
  for (const account of accounts) {
    if (known.has(account.address)) {
      throw new VaultError(
        'VAULT_ACCOUNT_EXISTS',
        `Address ${account.address} is already in the vault. ` +
          'Remove the existing account first if you want to replace it.',
        { address: account.address },
      );
    }
    known.add(account.address);
  }
}

async function addMnemonicSecret(
  session: VaultSession,
  payload: SecretPayload & { kind: 'mnemonic' },
  from: number,
  count: number,
  label: (index: number) => string,
  mark: { unchecked?: true } = {},
): Promise<AccountInfo[]> {
  const { meta, kek } = session.requireUnlocked();
  const secretId = newId('sec');
  const addresses = await mnemonicAddresses(payload.entropy, payload.passphrase, from, count);
  const accounts = addresses.map((address, i): StoredAccount => ({
    kind: 'mnemonic',
    id: newId('acc'),
    address,
    label: label(from + i),
    createdAt: session.clock.now(),
    secretId,
    index: from + i,
    ...(mark.unchecked ? { phraseUnchecked: true as const } : {}),
  }));
  assertNewAddresses(meta, accounts);
  const bytes = encodePayload(payload);
  try {
    await session.keystores.write(meta.generation, secretId, 'mnemonic', bytes, kek, meta.password.kdf);
  } finally {
    bytes.fill(0);
  }
  await session.commit({ ...meta, accounts: [...meta.accounts, ...accounts] });
  return accounts.map(accountInfo);
}
