import { BrowserWindow, dialog } from 'electron';
import { open, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { ValidationError } from '../../src-core/errors';
import type { FileDialogs, FileFilter } from '../wallet/context';

/**
 * Main's open and save dialogs for the wallet services (co-signing envelopes, CSV). The path
 * never crosses IPC in: the person picks it in a native dialog, and main reads at most
 * `maxBytes` of the file, so the renderer can neither name nor read arbitrary files.
 */
function filters(list: readonly FileFilter[]): Electron.FileFilter[] {
  return list.map((f) => ({ name: f.name, extensions: [...f.extensions] }));
}

async function readLimited(path: string, maxBytes: number): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size > maxBytes)
      throw new ValidationError(
        'FILE_TOO_LARGE',
        `${basename(path)} is ${size} bytes, larger than the ${maxBytes} bytes such a file can be.`,
      );
    return await handle.readFile({ encoding: 'utf8' });
  } finally {
    await handle.close();
  }
}

export function electronFileDialogs(): FileDialogs {
  return {
    async openText(options) {
      const parent = BrowserWindow.getFocusedWindow();
      const dialogOptions: Electron.OpenDialogOptions = {
        title: options.title,
        filters: filters(options.filters),
        properties: ['openFile'],
      };
      const result = parent
        ? await dialog.showOpenDialog(parent, dialogOptions)
        : await dialog.showOpenDialog(dialogOptions);
      const path = result.filePaths[0];
      if (result.canceled || !path) return null;
      return { name: basename(path), text: await readLimited(path, options.maxBytes) };
    },
    async saveText(options, text) {
      const parent = BrowserWindow.getFocusedWindow();
      const dialogOptions: Electron.SaveDialogOptions = {
        title: options.title,
        defaultPath: options.defaultName,
        filters: filters(options.filters),
      };
      const result = parent
        ? await dialog.showSaveDialog(parent, dialogOptions)
        : await dialog.showSaveDialog(dialogOptions);
      if (result.canceled || !result.filePath) return null;
      await writeFile(result.filePath, text, { encoding: 'utf8', mode: 0o600 });
      return { path: result.filePath };
    },
  };
}
