import { describe, expect, it } from 'vitest';
import { VaultError } from '../../../src-core/errors';
import { DEFAULT_SCRYPT, assertScryptParams, deriveKey, newKdfRecord } from '../../../src-main/vault/kdf';
import { CHEAP_SCRYPT } from './helpers';

describe('kdf', () => {
  it('uses scrypt N=2^18, r=8, p=1 by default and one derivation takes 0.2–2 s on this machine', async () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 2 ** 18, r: 8, p: 1 });
    const kdf = newKdfRecord(DEFAULT_SCRYPT);
    const started = performance.now();
    const key = await deriveKey('a password of some length', kdf);
    const seconds = (performance.now() - started) / 1000;
    expect(key).toHaveLength(32);
    expect(seconds).toBeGreaterThanOrEqual(0.2);
    expect(seconds).toBeLessThanOrEqual(2);
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
