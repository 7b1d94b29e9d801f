import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VaultError } from '../../../src-core/errors';
import { DEFAULT_SCRYPT, assertScryptParams, deriveKey, newKdfRecord } from '../../../src-main/vault/kdf';
import { CHEAP_SCRYPT } from './helpers';

describe('kdf', () => {
  it('uses scrypt N=2^18, r=8, p=1 by default, which costs 256 MiB of memory per derivation', () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 2 ** 18, r: 8, p: 1 });
    // scrypt's memory is 128·r·N bytes: the work factor that makes GPU attacks costly.
    expect(128 * DEFAULT_SCRYPT.r * DEFAULT_SCRYPT.N).toBe(256 * 1024 * 1024);
    expect(newKdfRecord(DEFAULT_SCRYPT)).toMatchObject({ name: 'scrypt', N: 2 ** 18, r: 8, p: 1, dkLen: 32 });
  });

  it('derives the RFC 7914 test vector (first 32 bytes of "pleaseletmein" / "SodiumChloride", N=16384)', async () => {
    const kdf = {
      name: 'scrypt',
      N: 16384,
      r: 8,
      p: 1,
      dkLen: 32,
      salt: Buffer.from('SodiumChloride').toString('hex'),
    } as const;
    const key = await deriveKey('pleaseletmein', kdf);
    expect(key.toString('hex')).toBe('7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2');
  });

  it('passes the recorded default parameters to scrypt: the key equals an independent derivation with them', async () => {
    const kdf = newKdfRecord(DEFAULT_SCRYPT);
    const key = await deriveKey('a password of some length', kdf);
    const reference = scryptSync('a password of some length', Buffer.from(kdf.salt, 'hex'), 32, {
      N: 2 ** 18,
      r: 8,
      p: 1,
      maxmem: 512 * 1024 * 1024,
    });
    expect(key.toString('hex')).toBe(reference.toString('hex'));
  });

  it('records the algorithm, the parameters and a fresh 32-byte salt', () => {
    const a = newKdfRecord(CHEAP_SCRYPT);
    const b = newKdfRecord(CHEAP_SCRYPT);
    expect(a).toMatchObject({ name: 'scrypt', N: 1024, r: 8, p: 1, dkLen: 32 });
    expect(a.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(a.salt).not.toBe(b.salt);
  });

  it('derives the same key for the same password and salt, another for another password', async () => {
    const kdf = newKdfRecord(CHEAP_SCRYPT);
    const one = await deriveKey('password one', kdf);
    expect((await deriveKey('password one', kdf)).equals(one)).toBe(true);
    expect((await deriveKey('password two', kdf)).equals(one)).toBe(false);
    expect((await deriveKey('password one', newKdfRecord(CHEAP_SCRYPT))).equals(one)).toBe(false);
  });

  it('treats canonically equivalent Unicode passwords as the same password', async () => {
    const kdf = newKdfRecord(CHEAP_SCRYPT);
    const composed = await deriveKey('caf\u00e9 au lait', kdf);
    const decomposed = await deriveKey('cafe\u0301 au lait', kdf);
    expect(decomposed.equals(composed)).toBe(true);
  });

  it.each([
    ['N not a power of two', { N: 1000, r: 8, p: 1 }],
    ['N below 2^10', { N: 512, r: 8, p: 1 }],
    ['N above 2^22', { N: 2 ** 23, r: 8, p: 1 }],
    ['r of 0', { N: 1024, r: 0, p: 1 }],
    ['p too large', { N: 1024, r: 8, p: 17 }],
    ['more than 1 GiB of memory', { N: 2 ** 22, r: 8, p: 1 }],
  ])('refuses %s', (_what, params) => {
    let error: unknown;
    try {
      assertScryptParams(params);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(VaultError);
    expect((error as VaultError).code).toBe('VAULT_KDF_PARAMS_INVALID');
  });
});
