import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  readonly appName: string;
  readonly isMac: boolean;
  /** Reload and developer tools only in development builds. */
  readonly isDev: boolean;
}

/**
 * The application menu as data. Roles give the platform's own behaviour (and the clipboard
 * shortcuts, which on macOS only work when an Edit menu exists).
 */
export function applicationMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { isMac, isDev, appName } = options;
  const view: MenuItemConstructorOptions[] = [
    ...(isDev ? ([{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as const) : []),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(isMac
      ? [
          {
            label: appName,
            submenu: [
              { role: 'about' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ],
          } satisfies MenuItemConstructorOptions,
        ]
      : []),
    { label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    ...(isMac ? [] : [{ label: 'Help', submenu: [{ role: 'about' }] } satisfies MenuItemConstructorOptions]),
  ];
}
