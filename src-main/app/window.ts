import { BrowserWindow } from 'electron';
import { hardenedWebPreferences } from './web-preferences';

export interface WindowOptions {
  readonly preloadPath: string;
  readonly entryUrl: string;
  readonly devTools: boolean;
}

/** The only way the app creates windows: hardened preferences, shown once painted. */
export function createAppWindow(options: WindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 800,
    minHeight: 560,
    show: false,
    backgroundColor: '#f6f7f9',
    title: 'TRON Multisig Wallet',
    webPreferences: hardenedWebPreferences(options.preloadPath, { devTools: options.devTools }),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.entryUrl);
  return window;
}
