import { BrowserWindow, dialog } from 'electron';
import type { RecoveryPhraseDisplay } from '../wallet/context';
import { recoveryPhraseText } from './recovery-phrase-text';

/**
 * Shows a recovery phrase in a native message box, modal on the app window. The box belongs to
 * main: the renderer (treated as hostile) never receives the words, only that they were shown.
 * Nothing here logs or stores the text.
 */
export function electronRecoveryPhraseDisplay(): RecoveryPhraseDisplay {
  return {
    async show(view) {
      const text = recoveryPhraseText(view);
      const options: Electron.MessageBoxOptions = {
        type: 'warning',
        title: text.title,
        message: text.message,
        detail: text.detail,
        buttons: ['I wrote them down'],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      };
      // The person just asked from the app window, so it is normally the focused one.
      const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      if (parent) await dialog.showMessageBox(parent, options);
      else await dialog.showMessageBox(options);
    },
  };
}
