import { describe, expect, it } from 'vitest';
import { VaultError } from '../../../src-core/errors';
import {
  PASSWORD_MIN_LENGTH,
  checkNewPassword,
  passwordCheckOpens,
  sealPasswordCheck,
  unwrapFromDevice,
  wrapForDevice,
} from '../../../src-main/vault/password';
import { caught } from './helpers';

const KEY = new Uint8Array(32).fill(1);
const OTHER = new Uint8Array(32).fill(2);

describe('password', () => {
  it('accepts a hard-to-guess password and refuses shorter ones or non-text', async () => {
    expect(() => checkNewPassword('river quartz ladle')).not.toThrow();
    for (const bad of ['x'.repeat(PASSWORD_MIN_LENGTH - 1), '', 12345678, 'y'.repeat(1025)]) {
      const error = await caught(() => checkNewPassword(bad));
      expect(error).toBeInstanceOf(VaultError);
      expect(error.code).toBe('VAULT_WEAK_PASSWORD');
    }
  });

  it('refuses long passwords that are easy to guess, and says why', async () => {
    for (const weak of ['x'.repeat(PASSWORD_MIN_LENGTH), 'Password1!', 'password123', 'qwertyuiop']) {
      const error = await caught(() => checkNewPassword(weak));
      expect(error).toBeInstanceOf(VaultError);
      expect(error.code).toBe('VAULT_WEAK_PASSWORD');
      expect(error.message).toMatch(/too easy to guess/);
    }
    const common = await caught(() => checkNewPassword('Password1!'));
    expect(common.message).toMatch(/commonly used password/);
  });

  it('opens the password check only with the same key and vault id', () => {
    const check = sealPasswordCheck(KEY, 'vlt_0000000000000001');
    expect(passwordCheckOpens(KEY, check, 'vlt_0000000000000001')).toBe(true);
    expect(passwordCheckOpens(OTHER, check, 'vlt_0000000000000001')).toBe(false);
    expect(passwordCheckOpens(KEY, check, 'vlt_0000000000000002')).toBe(false);
  });

  it('wraps the password key for the device and unwraps it only with the wrapping key', () => {
    const wrapped = wrapForDevice(OTHER, KEY, 'vlt_0000000000000001');
    expect(wrapped.ciphertext).not.toContain(Buffer.from(KEY).toString('hex'));
    expect(unwrapFromDevice(OTHER, wrapped, 'vlt_0000000000000001')).toEqual(Buffer.from(KEY));
    expect(unwrapFromDevice(KEY, wrapped, 'vlt_0000000000000001')).toBeNull();
  });
});
