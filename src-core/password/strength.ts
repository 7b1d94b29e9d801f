import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * How hard a vault password is to guess, by zxcvbn's estimate (Wheeler, "zxcvbn: Low-Budget Password
 * Strength Estimation", USENIX Security 2016): it matches dictionary words, common passwords, names,
 * keyboard walks, dates, repeats and l33t substitutions, and scores the cheapest way to guess the
 * whole. Length alone is not strength: "Password1!" has ten characters and is guessed in minutes.
 *
 * The vault's file is encrypted with a key stretched from this password, so a stolen file is open to
 * an offline, slow-hash attack. Score 3 is the paper's threshold for that case (about 10^8 guesses and
 * more), and is the least the vault accepts; main and the page apply the same rule.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_SCORE = 3;

/** Guessing beyond this many characters only costs time: a longer prefix is already rated. */
const RATED_PREFIX = 128;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordRating {
  readonly score: PasswordScore;
  readonly acceptable: boolean;
  /** Why it is easy to guess, when the estimator can say ("This is a commonly used password."). */
  readonly warning: string | null;
  readonly suggestions: readonly string[];
}

let estimator: ZxcvbnFactory | null = null;

function loadEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator;
}

/** Rates a new password; `related` are words a guesser would try first (labels, the app's name). */
export function ratePassword(password: string, related: readonly string[] = []): PasswordRating {
  const text = password.normalize('NFKC');
  if ([...text].length < PASSWORD_MIN_LENGTH) {
    return { score: 0, acceptable: false, warning: null, suggestions: [] };
  }
  const result = loadEstimator().check([...text].slice(0, RATED_PREFIX).join(''), [...related, 'tron', 'wallet']);
  const score = result.score as PasswordScore;
  return {
    score,
    acceptable: score >= PASSWORD_MIN_SCORE,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}

/** The sentence shown when a password is refused, on the page and in main's error alike. */
export function weakPasswordSentence(rating: PasswordRating): string {
  const why = rating.warning ? `${rating.warning} ` : '';
  return `${why}This password is too easy to guess. Use four or more unrelated words, or a longer mix of words, digits and symbols.`;
}
