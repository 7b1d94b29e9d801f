import { pbkdf2Sync } from 'node:crypto';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { addressBytesFromPublicKey } from '../../src-core/keys/keys';
import { bytesToHex } from '../../src-core/bytes/hex';
import { encodeBase58Check } from '../../src-core/bytes/base58';
import { MnemonicError } from './errors';
import { childKey, derivePath, masterKey, uncompressedPublicKey } from './bip32';

/**
 * Deterministic keys of a local network: funded accounts at m/44'/195'/0'/0/i (the TRON BIP44
 * coin type, what wallets derive) and super-representative keys on a separate account branch,
 * m/44'/195'/1'/0/i, so a funded key never signs blocks.
 */
export interface DerivedKey {
  readonly index: number;
  readonly path: string;
  readonly privateKey: Uint8Array;
  readonly address: Uint8Array;
  readonly hex: string;
  readonly base58: string;
}

export const FUNDED_PATH = "m/44'/195'/0'/0";
export const WITNESS_PATH = "m/44'/195'/1'/0";

/**
 * BIP39's seed (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic" with no passphrase, NFKD text)
 * through node:crypto: the pure-JS PBKDF2 takes a few hundred ms, and every start derives keys.
 */
function seedOf(normalizedMnemonic: string): Uint8Array {
  return pbkdf2Sync(normalizedMnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512');
}

export function deriveKeys(mnemonic: string, basePath: string, count: number): DerivedKey[] {
  const normalized = mnemonic.trim().split(/\s+/).join(' ');
  if (!validateMnemonic(normalized, wordlist))
    throw new MnemonicError('The mnemonic is not a valid BIP39 English phrase (check the words and their number).');
  // The base path once, then one child per key: deriving each full path again repeats its four levels.
  const base = derivePath(masterKey(seedOf(normalized)), basePath);
  const keys: DerivedKey[] = [];
  for (let i = 0; i < count; i++) {
    const { privateKey } = childKey(base, i);
    const address = addressBytesFromPublicKey(uncompressedPublicKey(privateKey));
    keys.push({
      index: i,
      path: `${basePath}/${i}`,
      privateKey,
      address,
      hex: bytesToHex(address),
      base58: encodeBase58Check(address),
    });
  }
  return keys;
}
