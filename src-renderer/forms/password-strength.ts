/**
 * A hint about a new vault password, shown while typing. The vault enforces only the minimum
 * length; this estimates how hard the password is to guess from its length and variety, and
 * says what would make it stronger. It never blocks a password the vault would accept.
 */
export const PASSWORD_MIN_LENGTH = 8;

export type StrengthLevel = 'too-short' | 'weak' | 'fair' | 'strong';

export interface PasswordStrength {
  readonly level: StrengthLevel;
  readonly label: string;
  readonly hint: string;
}

const COMMON = /^(password|passw0rd|12345678|123456789|qwertyui|qwerty123|11111111|iloveyou|letmein1|admin123)$/i;

export function passwordStrength(password: string): PasswordStrength {
  const length = [...password.normalize('NFKC')].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return { level: 'too-short', label: 'Too short', hint: `Use at least ${PASSWORD_MIN_LENGTH} characters.` };
  }
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const distinct = new Set(password).size;
  if (COMMON.test(password) || distinct <= 3) {
    return { level: 'weak', label: 'Weak', hint: 'This password is easy to guess. Use several unrelated words.' };
  }
  // Long passphrases are strong without symbol rules.
  if (length >= 16 || (length >= 12 && classes >= 3))
    return { level: 'strong', label: 'Strong', hint: 'Good. Keep it somewhere safe: it cannot be recovered.' };
  if (length >= 10 && classes >= 2)
    return {
      level: 'fair',
      label: 'Fair',
      hint: 'Longer is better: four or more random words make a strong password.',
    };
  return { level: 'weak', label: 'Weak', hint: 'Make it longer, or mix words, digits and symbols.' };
}

export interface NewPasswordErrors {
  password?: string;
  confirmation?: string;
}

/** Checks of the create-vault form before anything is sent. */
export function checkNewPassword(password: string, confirmation: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if ([...password.normalize('NFKC')].length < PASSWORD_MIN_LENGTH)
    errors.password = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (confirmation !== password) errors.confirmation = 'The two passwords are not the same.';
  return errors;
}
