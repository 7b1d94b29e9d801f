import { HDKey } from '@scure/bip32';
import { entropyToMnemonic, generateMnemonic, mnemonicToEntropy, mnemonicToSeed, validateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';
import { VaultError } from '../../src-core/errors';

/** SLIP-44 coin type 195 is TRON; accounts are m/44'/195'/0'/0/i, as TronWeb and TronLink derive them. */
export const TRON_ACCOUNT_PATH = "m/44'/195'/0'/0";
/** BIP32 non-hardened indices stop below 2^31. */
export const MAX_ADDRESS_INDEX = 2 ** 31 - 1;
/** One import derives at most this many addresses, so a typo cannot start a billion derivations. */
export const MAX_DERIVE_COUNT = 100;

export function tronPath(index: number): string {
  return `${TRON_ACCOUNT_PATH}/${index}`;
}

export type MnemonicStrength = 128 | 256;

/** A new English BIP39 phrase as entropy bytes (128 bits → 12 words, 256 → 24). */
export function newMnemonicEntropy(strength: MnemonicStrength = 256): Uint8Array {
  return mnemonicToEntropy(generateMnemonic(english, strength), english);
}

/** Lower-cases and collapses whitespace, then checks words and checksum. Never echoes the words. */
export function mnemonicEntropyFromPhrase(phrase: string): Uint8Array {
  const words = typeof phrase === 'string' ? phrase.normalize('NFKD').trim().toLowerCase().split(/\s+/) : [];
  const normalized = words.join(' ');
  if (![12, 15, 18, 21, 24].includes(words.length)) {
    throw new VaultError(
      'VAULT_INVALID_MNEMONIC',
      `A recovery phrase has 12, 15, 18, 21 or 24 words; this one has ${words[0] === '' ? 0 : words.length}.`,
      {
        words: words[0] === '' ? 0 : words.length,
      },
    );
  }
  const unknown = words.filter((word) => !english.includes(word)).length;
  if (unknown > 0) {
    throw new VaultError(
      'VAULT_INVALID_MNEMONIC',
      `${unknown} word(s) of the recovery phrase are not in the English BIP39 word list. Check the spelling.`,
      {
        unknownWords: unknown,
      },
    );
  }
  if (!validateMnemonic(normalized, english)) {
    throw new VaultError(
      'VAULT_INVALID_MNEMONIC',
      'The recovery phrase checksum does not match: a word is wrong or the order is different.',
    );
  }
  return mnemonicToEntropy(normalized, english);
}

export function phraseFromEntropy(entropy: Uint8Array): string {
  return entropyToMnemonic(entropy, english);
}

export function assertIndexRange(from: number, count: number): void {
  if (!Number.isInteger(from) || from < 0 || from > MAX_ADDRESS_INDEX) {
    throw new VaultError(
      'VAULT_INVALID_INDEX',
      `The first address index must be an integer from 0 to ${MAX_ADDRESS_INDEX}.`,
      { from },
    );
  }
  if (!Number.isInteger(count) || count < 1 || count > MAX_DERIVE_COUNT || from + count - 1 > MAX_ADDRESS_INDEX) {
    throw new VaultError(
      'VAULT_INVALID_INDEX',
      `Derive from 1 to ${MAX_DERIVE_COUNT} addresses, ending at index ${MAX_ADDRESS_INDEX} at most.`,
      { from, count },
    );
  }
}

/**
 * Private keys for m/44'/195'/0'/0/i, i in [from, from + count). The caller zeroes them.
 * The intermediate seed and HD nodes are wiped here.
 */
export async function deriveTronPrivateKeys(
  entropy: Uint8Array,
  passphrase: string,
  from: number,
  count: number,
): Promise<Uint8Array[]> {
  assertIndexRange(from, count);
  const seed = await mnemonicToSeed(phraseFromEntropy(entropy), passphrase);
  const root = HDKey.fromMasterSeed(seed);
  seed.fill(0);
  const account = root.derive(TRON_ACCOUNT_PATH);
  root.wipePrivateData();
  try {
    const keys: Uint8Array[] = [];
    for (let index = from; index < from + count; index++) {
      const child = account.deriveChild(index);
      const key = child.privateKey;
      child.wipePrivateData();
      if (!key) throw new VaultError('VAULT_DERIVATION_FAILED', `No private key at ${tronPath(index)}.`, { index });
      keys.push(key);
    }
    return keys;
  } finally {
    account.wipePrivateData();
  }
}
