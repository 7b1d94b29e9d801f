import type { WebPreferences } from 'electron';

/**
 * The one set of webPreferences every app window gets. Kept free of Electron runtime imports so
 * a unit test can pin each flag.
 */
export function hardenedWebPreferences(preloadPath: string, options: { devTools: boolean }): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools,
  };
}
