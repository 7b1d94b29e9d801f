import { describe, expect, it } from 'vitest';
import {
  addressFromPrivateKey,
  privateKeyFromHex,
  publicKeyFromPrivate,
  recoverAddress,
  recoveryIdFromV,
  signDigest,
} from '../../../src-core/keys/keys';
import { signMessageV2, verifyMessageV2, hashMessageV2 } from '../../../src-core/keys/message';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { KeyError } from '../../../src-core/errors';
import { toBase58Address } from '../../../src-core/address/address';
import { vectors } from '../../fixtures/vectors';

describe('keys', () => {
  it('derives public keys and addresses of the vector keys', () => {
    for (const key of Object.values<{ private_key: string; public_key_uncompressed: string; hex: string }>(
      vectors.keys,
    )) {
      const priv = privateKeyFromHex(key.private_key);
      expect(bytesToHex(publicKeyFromPrivate(priv))).toBe(key.public_key_uncompressed);
      expect(addressFromPrivateKey(priv)).toBe(key.hex);
    }
  });

  it('signs every vector txID byte for byte and recovers the signer', () => {
    for (const tx of vectors.transactions as {
      txID: string;
      signer_private_keys: string[];
      signatures_lowercase: string[];
      signer_addresses_hex: string[];
    }[]) {
      tx.signer_private_keys.forEach((pk, i) => {
        const sig = signDigest(hexToBytes(tx.txID), privateKeyFromHex(pk));
        expect(bytesToHex(sig)).toBe(tx.signatures_lowercase[i]!.toLowerCase());
        expect(recoverAddress(hexToBytes(tx.txID), sig)).toBe(tx.signer_addresses_hex[i]);
      });
    }
  });

  it('accepts v as 0/1 as well as 27/28', () => {
    const tx = vectors.transactions.find((t: { name: string }) => t.name === 'transfer_owner');
    const sig = hexToBytes(tx.signatures_lowercase[0]);
    const zeroBased = sig.slice();
    zeroBased[64] = sig[64]! - 27;
    expect(recoverAddress(hexToBytes(tx.txID), zeroBased)).toBe(tx.signer_addresses_hex[0]);
  });

  it('maps header bytes like java-tron, refusing out-of-range ones', () => {
    expect(recoveryIdFromV(0)).toBe(0);
    expect(recoveryIdFromV(28)).toBe(1);
    expect(recoveryIdFromV(31)).toBe(0);
    expect(() => recoveryIdFromV(35)).toThrow('Header byte out of range: 35');
  });

  it('refuses short signatures with java-tron wording', () => {
    expect(() => recoverAddress(new Uint8Array(32), new Uint8Array(64))).toThrow('Signature size is 64');
  });

  it('refuses invalid private keys', () => {
    expect(() => privateKeyFromHex('00'.repeat(32))).toThrow(KeyError);
    expect(() => privateKeyFromHex('ff'.repeat(32))).toThrow(/group order/);
    expect(() => privateKeyFromHex('01'.repeat(31))).toThrow(/32 bytes/);
  });

  it('signs messages in the signMessageV2 format', () => {
    const m = vectors.messages[0];
    expect(`0x${bytesToHex(hashMessageV2(m.message))}`).toBe(m.hash);
    const sig = signMessageV2(m.message, privateKeyFromHex(m.private_key));
    expect(`0x${bytesToHex(sig)}`).toBe(m.signature);
    expect(toBase58Address(verifyMessageV2(m.message, m.signature))).toBe(m.recovered_base58);
  });
});
