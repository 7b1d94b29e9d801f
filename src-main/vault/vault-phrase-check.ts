import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { VaultError } from '../../src-core/errors';
import { AccountKind, accountInfo, type AccountInfo } from './accounts';
import { phraseFromEntropy } from './hd';
import { zeroPayload } from './keystore';
import { retryAfterMs } from './lockout';
import type { StoredAccount } from './metadata';
import { countAttempt } from './vault-password';
import { secretKindMismatch } from './vault-secrets';
import type { VaultSession } from './vault-session';

/**
 * Checking that a person wrote down a phrase the vault made: main asks for a few of its words, at
 * positions it picks at random, on its own window, and compares them here. Each answer counts
 * toward the password lockout until it proves right, so the question cannot be used to guess the
 * phrase a few words at a time.
 */
export const PHRASE_CHECK_WORDS = 3;

/** One typed word and the position (1-based, as the person counts) it answers. */
export interface PhraseAnswer {
  readonly position: number;
  readonly word: string;
}

type MnemonicAccount = Extract<StoredAccount, { kind: 'mnemonic' }>;

/** `count` distinct positions from 1 to `wordCount`, in ascending order. */
export function pickWordPositions(
  wordCount: number,
  count: number = PHRASE_CHECK_WORDS,
  pick: (max: number) => number = randomInt,
): number[] {
  const pool = Array.from({ length: wordCount }, (_, i) => i + 1);
  const chosen: number[] = [];
  for (let i = 0; i < count && pool.length > 0; i++) chosen.push(pool.splice(pick(pool.length), 1)[0]!);
  return chosen.sort((a, b) => a - b);
}

/**
 * The positions to ask for, refused before anyone types while the lockout delay runs (the answer
 * could not be checked anyway) or when the account has no recovery phrase.
 */
export async function phraseQuestion(
  session: VaultSession,
  accountId: string,
  pick?: (max: number) => number,
): Promise<{ positions: number[] }> {
  const { meta, kek } = session.requireUnlocked();
  const account = mnemonicAccount(session, accountId);
  const wait = retryAfterMs(session.lockoutState, session.clock.now());
  if (wait > 0) {
    throw new VaultError(
      'VAULT_LOCKED_OUT',
      `Too many wrong answers. Try again in ${Math.ceil(wait / 1000)} seconds.`,
      { retryAfterMs: wait, failedAttempts: session.lockoutState.failedAttempts },
    );
  }
  const words = await phraseWords(session, account, kek, meta);
  return { positions: pickWordPositions(words.length, PHRASE_CHECK_WORDS, pick) };
}

/**
 * Compares the typed words with the phrase (NFKD, trimmed, lower case, in constant time per word)
 * and, when all match, marks every address of that phrase checked. The attempt is counted before
 * the comparison and given back only when it succeeds.
 */
export async function checkPhrase(
  session: VaultSession,
  accountId: string,
  answers: readonly PhraseAnswer[],
): Promise<AccountInfo> {
  const { meta, kek } = session.requireUnlocked();
  const account = mnemonicAccount(session, accountId);
  const positions = answers.map((a) => a.position);
  if (
    answers.length !== PHRASE_CHECK_WORDS ||
    new Set(positions).size !== positions.length ||
    !positions.every((p) => Number.isInteger(p) && p >= 1) ||
    !answers.every((a) => typeof a.word === 'string')
  ) {
    throw new VaultError(
      'VAULT_INVALID_ARGUMENT',
      `A phrase check asks for ${PHRASE_CHECK_WORDS} different words, each by its position.`,
    );
  }
  const { before, counted, now } = await countAttempt(session, 'wrong answers');
  const words = await phraseWords(session, account, kek, meta);
  let matches = true;
  for (const answer of answers) {
    // Every word is compared, right or wrong, so the time taken does not say which one was wrong.
    const same = sameWord(words[answer.position - 1] ?? '', answer.word);
    matches = same && matches;
  }
  if (!matches) {
    throw new VaultError(
      'VAULT_PHRASE_MISMATCH',
      `Those words do not match the recovery phrase of “${account.label}”. Read them again from where you ` +
        'wrote the phrase down and try again; if it was not written down, show the phrase and write it down first.',
      { failedAttempts: counted.failedAttempts, retryAfterMs: retryAfterMs(counted, now) },
    );
  }
  await session.commitLockout(before);
  const current = session.requireInitialized();
  const accounts = current.accounts.map((a): StoredAccount => {
    if (a.kind !== AccountKind.mnemonic || a.secretId !== account.secretId) return a;
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { phraseUnchecked, ...checked } = a;
    return checked;
  });
  await session.commit({ ...current, accounts }, kek);
  return accountInfo(session.findAccount(accountId));
}

function mnemonicAccount(session: VaultSession, accountId: string): MnemonicAccount {
  const account = session.findAccount(accountId);
  if (account.kind !== AccountKind.mnemonic) {
    throw new VaultError(
      'VAULT_NOT_MNEMONIC',
      'This account was not created from a recovery phrase, so there is no phrase to check.',
      { accountId },
    );
  }
  return account;
}

async function phraseWords(
  session: VaultSession,
  account: MnemonicAccount,
  kek: Buffer,
  meta: ReturnType<VaultSession['requireInitialized']>,
): Promise<string[]> {
  const { payload } = await session.keystores.read(meta.generation, account.secretId, kek, meta.password.kdf);
  try {
    if (payload.kind !== 'mnemonic') throw secretKindMismatch(account.secretId);
    return phraseFromEntropy(payload.entropy).split(' ');
  } finally {
    zeroPayload(payload);
  }
}

/** Digests of equal length, so neither the length nor the first differing letter shows in the timing. */
function sameWord(expected: string, typed: string): boolean {
  const digest = (word: string) => createHash('sha256').update(word.normalize('NFKD').trim().toLowerCase()).digest();
  return timingSafeEqual(digest(expected), digest(typed));
}
