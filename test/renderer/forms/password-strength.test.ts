import { describe, expect, it } from 'vitest';
import { checkNewPassword, passwordStrength } from '../../../src-renderer/forms/password-strength';

describe('password strength hint', () => {
  it.each([
    ['short', 'too-short'],
    ['password', 'weak'],
    ['aaaaaaaaaaaa', 'weak'],
    ['tangerine', 'weak'],
    ['tangerine42', 'weak'],
    ['Password1!', 'weak'],
    ['Tangerine-42!', 'fair'],
    ['correct horse battery staple', 'strong'],
  ])('rates %j as %s', (password, level) => {
    expect(passwordStrength(password).level).toBe(level);
  });

  it('counts characters after NFKC normalisation, as the vault does', () => {
    expect(passwordStrength('ｐａｓｓｗｏｒｄ１').level).not.toBe('too-short');
  });

  it('rates the normalised text, so full-width letters do not disguise a common password', () => {
    expect(passwordStrength('ｐａｓｓｗｏｒｄ１').level).toBe('weak');
  });

  it('says why a long but common password is weak', () => {
    expect(passwordStrength('Password1!').hint).toMatch(/commonly used password.*too easy to guess/);
  });
});

describe('new password form', () => {
  it('asks for 8 characters and two equal entries', () => {
    expect(checkNewPassword('short', 'short')).toEqual({ password: 'Use at least 8 characters.' });
    expect(checkNewPassword('river quartz ladle', 'river quartz ladlE')).toEqual({
      confirmation: 'The two passwords are not the same.',
    });
    expect(checkNewPassword('river quartz ladle', 'river quartz ladle')).toEqual({});
  });

  it('refuses a password of 8 characters or more that the vault would refuse as easy to guess', () => {
    for (const weak of ['Password1!', 'xxxxxxxxxxxx', 'long enough']) {
      expect(checkNewPassword(weak, weak).password).toMatch(/too easy to guess/);
    }
  });
});
