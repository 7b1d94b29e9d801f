import { beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  focused: null as object | null,
  all: [] as object[],
  calls: [] as { parent: object | null; options: Record<string, unknown> }[],
}));

vi.mock('electron', () => ({
  BrowserWindow: { getFocusedWindow: () => electron.focused, getAllWindows: () => electron.all },
  dialog: {
    showMessageBox: async (...args: unknown[]) => {
      const [parent, options] = args.length === 2 ? args : [null, args[0]];
      electron.calls.push({ parent: parent as object | null, options: options as Record<string, unknown> });
      return { response: 0, checkboxChecked: false };
    },
  },
}));

const { electronRecoveryPhraseDisplay } = await import('../../../src-main/app/recovery-phrase-dialog');
const { numberedWords, recoveryPhraseText } = await import('../../../src-main/app/recovery-phrase-text');

const WORDS = 'legal winner thank year wave sausage worth useful legal winner thank yellow'.split(' ');
const view = {
  words: WORDS,
  hasPassphrase: false,
  accountLabel: 'Treasury',
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
};

describe("main's recovery-phrase dialog", () => {
  beforeEach(() => {
    electron.calls.length = 0;
    electron.focused = null;
    electron.all = [];
  });

  it('shows the numbered words with the warning in a message box modal on the focused app window', async () => {
    const window = { id: 1 };
    electron.focused = window;
    await electronRecoveryPhraseDisplay().show(view);
    expect(electron.calls).toHaveLength(1);
    const { parent, options } = electron.calls[0]!;
    expect(parent).toBe(window);
    expect(options).toMatchObject({
      type: 'warning',
      title: 'Recovery phrase',
      message: `Recovery phrase of Treasury (${view.address})`,
      noLink: true,
    });
    const detail = options.detail as string;
    WORDS.forEach((word, i) => expect(detail).toContain(`${String(i + 1).padStart(2, ' ')}. ${word}`));
    expect(detail).toContain('Anyone who has them controls the funds');
    expect(detail).not.toContain('passphrase');
  });

  it('uses the app window when none is focused, and a free dialog only when there is no window', async () => {
    const window = { id: 2 };
    electron.all = [window];
    await electronRecoveryPhraseDisplay().show(view);
    electron.all = [];
    await electronRecoveryPhraseDisplay().show(view);
    expect(electron.calls.map((c) => c.parent)).toEqual([window, null]);
  });

  it('says a BIP39 passphrase is needed too, and does not show it', () => {
    const { detail } = recoveryPhraseText({ ...view, hasPassphrase: true });
    expect(detail).toContain('Restoring these accounts needs that passphrase too; it is not shown here.');
  });

  it('numbers the words three to a line, in order', () => {
    const lines = numberedWords(WORDS).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^ 1\. legal\s+2\. winner\s+3\. thank$/);
    expect(lines[3]).toMatch(/^10\. winner\s+11\. thank\s+12\. yellow$/);
  });
});
