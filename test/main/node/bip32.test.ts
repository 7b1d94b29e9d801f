import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HDKey } from '@scure/bip32';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { childKey, derivePath, masterKey } from '../../../src-main/node/bip32';

describe('BIP32 private derivation on node:crypto', () => {
  it('derives the keys of BIP32 test vector 1 (m/0H/1/2H/2/1000000000)', () => {
    // BIP-0032 "Test vector 1": seed 000102030405060708090a0b0c0d0e0f; the private keys of its xprvs.
    const master = masterKey(hexToBytes('000102030405060708090a0b0c0d0e0f'));
    expect(bytesToHex(master.privateKey)).toBe('e8f32e723decf4051aefac8e2c93c9c5b214313817cdb01a1494b917c8436b35');
    expect(bytesToHex(master.chainCode)).toBe('873dff81c02f525623fd1fe5167eac3a55a049de3d314bb42ee227ffed37d508');
    expect(bytesToHex(derivePath(master, "m/0'").privateKey)).toBe(
      'edb2e14f9ee77d26dd93b4ecede8d16ed408ce149b6cd80b0715a2d911a0afea',
    );
    expect(bytesToHex(derivePath(master, "m/0'/1/2'/2/1000000000").privateKey)).toBe(
      '471b76e389e528d6de6d816857e012c5455051cad6660850e58372a6c3e6e7c8',
    );
  });

  it('agrees with @scure/bip32 on hardened and normal steps from any seed', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 64 }), fc.nat({ max: 1000 }), (seed, index) => {
        const base = "m/44'/195'/1'/0";
        const expected = HDKey.fromMasterSeed(seed).derive(`${base}/${index}`);
        const derived = childKey(derivePath(masterKey(seed), base), index);
        expect(bytesToHex(derived.privateKey)).toBe(bytesToHex(expected.privateKey!));
        expect(bytesToHex(derived.chainCode)).toBe(bytesToHex(expected.chainCode!));
      }),
      { numRuns: 25 },
    );
  });

  it('refuses a path that does not start at m or has a bad element', () => {
    const master = masterKey(new Uint8Array(32).fill(1));
    expect(() => derivePath(master, "44'/0")).toThrow(RangeError);
    expect(() => derivePath(master, 'm/x')).toThrow(/bad path element/);
    expect(() => derivePath(master, 'm/2147483648')).toThrow(/too large/);
  });
});
