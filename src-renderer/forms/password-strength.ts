import {
  PASSWORD_MIN_LENGTH,
  ratePassword,
  weakPasswordSentence,
  type PasswordRating,
} from '../../src-core/password/strength';

/**
 * The new vault password's strength, shown while typing. It is the rule main's vault applies
 * (`src-core/password/strength.ts`), so the page refuses exactly what the vault would refuse and
 * says why before anything is sent.
 */
export { PASSWORD_MIN_LENGTH };

export type StrengthLevel = 'too-short' | 'weak' | 'fair' | 'strong';

export interface PasswordStrength {
  readonly level: StrengthLevel;
  readonly label: string;
  readonly hint: string;
}

export function passwordStrength(password: string): PasswordStrength {
  if ([...password.normalize('NFKC')].length < PASSWORD_MIN_LENGTH) {
    return { level: 'too-short', label: 'Too short', hint: `Use at least ${PASSWORD_MIN_LENGTH} characters.` };
  }
  const rating = ratePassword(password);
  if (!rating.acceptable) return { level: 'weak', label: 'Weak', hint: weakPasswordSentence(rating) };
  if (rating.score === 3) {
    return { level: 'fair', label: 'Fair', hint: 'Accepted. A longer password or one more word makes it strong.' };
  }
  return { level: 'strong', label: 'Strong', hint: 'Good. Keep it somewhere safe: it cannot be recovered.' };
}

export interface NewPasswordErrors {
  password?: string;
  confirmation?: string;
}

/** Checks of the create-vault form before anything is sent: the vault's own rule. */
export function checkNewPassword(password: string, confirmation: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if ([...password.normalize('NFKC')].length < PASSWORD_MIN_LENGTH) {
    errors.password = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  } else {
    const rating: PasswordRating = ratePassword(password);
    if (!rating.acceptable) errors.password = weakPasswordSentence(rating);
  }
  if (confirmation !== password) errors.confirmation = 'The two passwords are not the same.';
  return errors;
}
