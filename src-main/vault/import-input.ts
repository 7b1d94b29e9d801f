import type { HexAddress } from '../../src-core/brand';
import { VaultError } from '../../src-core/errors';
import { addressFromPrivateKey, assertPrivateKey } from '../../src-core/keys/keys';
import { checkLabel } from './accounts';
import { assertIndexRange, deriveTronPrivateKeys } from './hd';
import type { ImportMnemonicOptions } from './vault-types';

/** The label of each imported address: the one given (one address), else "<base> <n>". */
export function importLabels(label: string | undefined, count: number): (index: number) => string {
  const base = label === undefined ? 'Account' : checkLabel(label);
  return (index) => (label !== undefined && count === 1 ? base : checkLabel(`${base} ${index + 1}`));
}

/** The addresses of a phrase's keys from..from+count-1; each key is zeroed once its address is read. */
export async function mnemonicAddresses(
  entropy: Uint8Array,
  passphrase: string,
  from: number,
  count: number,
): Promise<HexAddress[]> {
  const keys = await deriveTronPrivateKeys(entropy, passphrase, from, count);
  return keys.map((key) => {
    const address = addressFromPrivateKey(key);
    key.fill(0);
    return address;
  });
}

/** The range and passphrase of a phrase import, checked the same for the import and its preview. */
export function mnemonicImport(options: ImportMnemonicOptions): { from: number; count: number; passphrase: string } {
  const from = options.from ?? 0;
  const count = options.count ?? 1;
  assertIndexRange(from, count);
  const passphrase = options.passphrase ?? '';
  if (typeof passphrase !== 'string')
    throw new VaultError('VAULT_INVALID_ARGUMENT', 'The BIP39 passphrase must be text.');
  return { from, count, passphrase };
}

/** 64 hex digits, optional 0x; errors never repeat the input. */
export function parsePrivateKey(input: unknown): Uint8Array {
  const text = typeof input === 'string' ? input.trim().replace(/^0x/i, '') : '';
  if (!/^[0-9a-fA-F]{64}$/.test(text)) {
    throw new VaultError(
      'VAULT_INVALID_PRIVATE_KEY',
      'A private key is 64 hexadecimal characters (optionally starting with 0x).',
    );
  }
  const key = new Uint8Array(Buffer.from(text, 'hex'));
  try {
    assertPrivateKey(key);
  } catch {
    key.fill(0);
    throw new VaultError('VAULT_INVALID_PRIVATE_KEY', 'That private key is outside the valid range for secp256k1.');
  }
  return key;
}
