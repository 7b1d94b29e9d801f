import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeDir, tempDir } from '../wallet/helpers';

const electron = vi.hoisted(() => ({
  open: { canceled: false, filePaths: [] as string[] },
  save: { canceled: false, filePath: '' as string | undefined },
  calls: [] as unknown[],
}));

vi.mock('electron', () => ({
  BrowserWindow: { getFocusedWindow: () => null },
  dialog: {
    showOpenDialog: async (options: unknown) => (electron.calls.push(options), electron.open),
    showSaveDialog: async (options: unknown) => (electron.calls.push(options), electron.save),
  },
}));

const { electronFileDialogs } = await import('../../../src-main/app/file-dialogs');

describe("main's open and save dialogs", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir('dialogs-');
    electron.calls.length = 0;
  });
  afterEach(() => removeDir(dir));

  it('reads the file the person chose, with its name, and nothing when they cancel', async () => {
    const path = join(dir, 'proposal.tronenv.json');
    await writeFile(path, '{"format":"tron-cosign-envelope"}');
    electron.open = { canceled: false, filePaths: [path] };
    const dialogs = electronFileDialogs();
    expect(
      await dialogs.openText!({ title: 'Open', filters: [{ name: 'Envelope', extensions: ['json'] }], maxBytes: 1000 }),
    ).toEqual({ name: 'proposal.tronenv.json', text: '{"format":"tron-cosign-envelope"}' });
    expect(electron.calls[0]).toMatchObject({
      title: 'Open',
      properties: ['openFile'],
      filters: [{ name: 'Envelope', extensions: ['json'] }],
    });
    electron.open = { canceled: true, filePaths: [] };
    expect(await dialogs.openText!({ title: 'Open', filters: [], maxBytes: 1000 })).toBeNull();
  });

  it('refuses a file larger than the kind of file asked for', async () => {
    const path = join(dir, 'huge.json');
    await writeFile(path, 'x'.repeat(2000));
    electron.open = { canceled: false, filePaths: [path] };
    await expect(electronFileDialogs().openText!({ title: 'Open', filters: [], maxBytes: 1000 })).rejects.toMatchObject(
      { name: 'ValidationError', code: 'FILE_TOO_LARGE' },
    );
  });

  it('writes where the person chose, readable by its owner only', async () => {
    const path = join(dir, 'out.csv');
    electron.save = { canceled: false, filePath: path };
    expect(
      await electronFileDialogs().saveText!({ title: 'Save', defaultName: 'history.csv', filters: [] }, 'a,b\r\n'),
    ).toEqual({ path });
    expect(await readFile(path, 'utf8')).toBe('a,b\r\n');
    expect((await stat(path)).mode & 0o077).toBe(0);
    expect(electron.calls[0]).toMatchObject({ defaultPath: 'history.csv' });
    electron.save = { canceled: true, filePath: undefined };
    expect(await electronFileDialogs().saveText!({ title: 'Save', defaultName: 'x', filters: [] }, 'y')).toBeNull();
  });
});
