import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { addressBytesFromPublicKey, publicKeyFromPrivate } from '../../src-core/keys/keys';
import { bytesToHex } from '../../src-core/bytes/hex';
import { encodeBase58Check } from '../../src-core/bytes/base58';
import { MnemonicError } from './errors';

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

export function deriveKeys(mnemonic: string, basePath: string, count: number): DerivedKey[] {
  const normalized = mnemonic.trim().split(/\s+/).join(' ');
  if (!validateMnemonic(normalized, wordlist))
    throw new MnemonicError('The mnemonic is not a valid BIP39 English phrase (check the words and their number).');
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(normalized));
  const keys: DerivedKey[] = [];
  for (let i = 0; i < count; i++) {
    const path = `${basePath}/${i}`;
    const node = root.derive(path);
    const privateKey = node.privateKey!;
    const address = addressBytesFromPublicKey(publicKeyFromPrivate(privateKey));
    keys.push({ index: i, path, privateKey, address, hex: bytesToHex(address), base58: encodeBase58Check(address) });
  }
  return keys;
}
