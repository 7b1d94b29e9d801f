import { TronWeb, utils as tronUtils } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { toBase58Address } from '../../../src-core/address/address';
import { VaultError } from '../../../src-core/errors';
import { addressFromPrivateKey } from '../../../src-core/keys/keys';
import {
  MAX_DERIVE_COUNT,
  deriveTronPrivateKeys,
  mnemonicEntropyFromPhrase,
  newMnemonicEntropy,
  phraseFromEntropy,
  tronPath,
} from '../../../src-main/vault/hd';
import { caught } from './helpers';

const FIXED = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

async function vaultAddresses(phrase: string, passphrase: string, from: number, count: number): Promise<string[]> {
  const keys = await deriveTronPrivateKeys(mnemonicEntropyFromPhrase(phrase), passphrase, from, count);
  return keys.map((key) => toBase58Address(addressFromPrivateKey(key)));
}

describe('hd', () => {
  it("derives the same addresses as TronWeb 6.5.1 for m/44'/195'/0'/0/i", async () => {
    const random = phraseFromEntropy(newMnemonicEntropy(256));
    for (const phrase of [FIXED, random]) {
      const ours = await vaultAddresses(phrase, '', 0, 5);
      const theirs = [0, 1, 2, 3, 4].map((i) => TronWeb.fromMnemonic(phrase, tronPath(i)).address);
      expect(ours).toEqual(theirs);
    }
  });

  it('matches TronWeb with a BIP39 passphrase and at a high index', async () => {
    const phrase = phraseFromEntropy(newMnemonicEntropy(128));
    const ours = await vaultAddresses(phrase, 'extra words', 1000, 2);
    const theirs = [1000, 1001].map(
      (i) => tronUtils.accounts.generateAccountWithMnemonic(phrase, tronPath(i), 'extra words').address,
    );
    expect(ours).toEqual(theirs);
    expect(ours[0]).not.toBe((await vaultAddresses(phrase, '', 1000, 1))[0]);
  });

  it('derives the private keys TronWeb derives', async () => {
    const [key] = await deriveTronPrivateKeys(mnemonicEntropyFromPhrase(FIXED), '', 3, 1);
    expect(`0x${Buffer.from(key!).toString('hex')}`).toBe(
      TronWeb.fromMnemonic(FIXED, tronPath(3)).privateKey.toLowerCase(),
    );
  });

  it('accepts extra spaces and capitals in a phrase', () => {
    const messy = `  ${FIXED.toUpperCase().replace(/ /g, '   ')}\n`;
    expect(mnemonicEntropyFromPhrase(messy)).toEqual(mnemonicEntropyFromPhrase(FIXED));
  });

  it('creates 24-word phrases by default and 12 on request', () => {
    expect(phraseFromEntropy(newMnemonicEntropy()).split(' ')).toHaveLength(24);
    expect(phraseFromEntropy(newMnemonicEntropy(128)).split(' ')).toHaveLength(12);
  });

  it.each([
    ['a wrong word count', 'abandon abandon abandon'],
    ['an empty phrase', '   '],
    ['a word outside the list', FIXED.replace('about', 'aboutt')],
    ['a bad checksum', FIXED.replace('about', 'abandon')],
  ])('refuses %s without echoing the words', async (_what, phrase) => {
    const error = await caught(() => mnemonicEntropyFromPhrase(phrase));
    expect(error).toBeInstanceOf(VaultError);
    expect(error.code).toBe('VAULT_INVALID_MNEMONIC');
    expect(error.message).not.toContain('abandon');
    expect(JSON.stringify(error.details ?? {})).not.toContain('abandon');
  });

  it.each([
    [-1, 1],
    [0, 0],
    [0, MAX_DERIVE_COUNT + 1],
    [2 ** 31, 1],
    [1.5, 1],
  ])('refuses the index range from %d count %d', async (from, count) => {
    const error = await caught(() => deriveTronPrivateKeys(mnemonicEntropyFromPhrase(FIXED), '', from, count));
    expect(error.code).toBe('VAULT_INVALID_INDEX');
  });
});
