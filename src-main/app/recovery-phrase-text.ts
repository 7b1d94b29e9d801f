import type { RecoveryPhraseView } from '../wallet/context';

/**
 * The text of main's recovery-phrase dialog. Pure (no Electron) so that the wording is tested
 * without a window. A message box has no table, so the words go three to a line, each numbered:
 * the number, not the position on the line, says the order.
 */
const WORDS_PER_LINE = 3;

export interface RecoveryPhraseText {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
}

export function numberedWords(words: readonly string[]): string {
  const width = String(words.length).length;
  const lines: string[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_LINE) {
    lines.push(
      words
        .slice(i, i + WORDS_PER_LINE)
        .map((word, j) => `${String(i + j + 1).padStart(width, ' ')}. ${word}`)
        .join('      '),
    );
  }
  return lines.join('\n');
}

export function recoveryPhraseText(view: RecoveryPhraseView): RecoveryPhraseText {
  const whose = view.accountLabel ? `${view.accountLabel} (${view.address})` : view.address;
  const paragraphs = [
    numberedWords(view.words),
    `Write these ${view.words.length} words down in this order and keep them offline. Anyone who has them ` +
      'controls the funds of every address made from them. Never type them into a website or give them to ' +
      'anyone.',
  ];
  if (view.hasPassphrase) {
    paragraphs.push(
      'This phrase was added with a BIP39 passphrase. Restoring these accounts needs that passphrase too; it ' +
        'is not shown here.',
    );
  }
  return {
    title: 'Recovery phrase',
    message: whose ? `Recovery phrase of ${whose}` : 'Recovery phrase',
    detail: paragraphs.join('\n\n'),
  };
}
