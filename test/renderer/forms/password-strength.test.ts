import { describe, expect, it } from 'vitest';
import { checkNewPassword, passwordStrength } from '../../../src-renderer/forms/password-strength';

describe('password strength hint', () => {
  it.each([
    ['short', 'too-short'],
    ['password', 'weak'],
    ['aaaaaaaaaaaa', 'weak'],
    ['tangerine', 'weak'],
    ['tangerine42', 'fair'],
    ['Tangerine-42!', 'strong'],
    ['correct horse battery staple', 'strong'],
  ])('rates %j as %s', (password, level) => {
    expect(passwordStrength(password).level).toBe(level);
  });

  it('counts characters after NFKC normalisation, as the vault does', () => {
    expect(passwordStrength('ｐａｓｓｗｏｒｄ１').level).not.toBe('too-short');
  });
});

describe('new password form', () => {
  it('asks for 8 characters and two equal entries', () => {
    expect(checkNewPassword('short', 'short')).toEqual({ password: 'Use at least 8 characters.' });
    expect(checkNewPassword('long enough', 'long enougH')).toEqual({
      confirmation: 'The two passwords are not the same.',
    });
    expect(checkNewPassword('long enough', 'long enough')).toEqual({});
  });
});
