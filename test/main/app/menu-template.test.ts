import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { applicationMenuTemplate } from '../../../src-main/app/menu-template';

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

describe('application menu', () => {
  it('has clipboard roles and a quit item on every platform', () => {
    for (const isMac of [true, false]) {
      const all = roles(applicationMenuTemplate({ appName: 'Wallet', isMac, isDev: false }));
      expect(all).toEqual(expect.arrayContaining(['copy', 'paste', 'cut', 'selectAll', 'undo', 'about']));
      expect(all).toContain('quit');
    }
  });

  it('offers reload and developer tools only in development', () => {
    expect(roles(applicationMenuTemplate({ appName: 'Wallet', isMac: false, isDev: false }))).not.toEqual(
      expect.arrayContaining(['toggleDevTools']),
    );
    expect(roles(applicationMenuTemplate({ appName: 'Wallet', isMac: false, isDev: true }))).toEqual(
      expect.arrayContaining(['toggleDevTools', 'reload']),
    );
  });

  it('puts the app menu first on macOS only', () => {
    expect(applicationMenuTemplate({ appName: 'Wallet', isMac: true, isDev: false })[0]!.label).toBe('Wallet');
    expect(applicationMenuTemplate({ appName: 'Wallet', isMac: false, isDev: false })[0]!.label).toBe('File');
  });
});
