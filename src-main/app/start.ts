import { app, ipcMain, powerMonitor, session, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { channels, events as eventSpecs } from '../../src-core/ipc/contract';
import { bindIpcMain, forwardEventsToWindows } from '../ipc/electron';
import { createEventHub } from '../ipc/events';
import { createHandlers, type Services } from '../ipc/handlers';
import { consoleLogger, type Logger } from '../ipc/logger';
import { createIpcRegistry } from '../ipc/registry';
import { isTrustedSender, originOf } from '../ipc/sender';
import { APP_ENTRY_URL, APP_ORIGIN } from './app-url';
import { contentSecurityPolicy } from './csp';
import { hardenSession, installContentGuards } from './guards';
import { installApplicationMenu } from './menu';
import { registerAppSchemePrivileges, serveRenderer } from './protocol';
import type { ContentPolicy } from './request-policy';
import { createServices, type AppContext } from './services';
import { createShutdownSequence, ShutdownOrder } from './shutdown';
import { createAppWindow } from './window';

export interface StartOptions {
  /** Folder of the built main bundle (`out/main`); the preload and renderer sit next to it. */
  readonly outDir: string;
}

/**
 * The application frame: one instance, hardened session and windows, app:// protocol, IPC, menu
 * and an orderly shutdown. Returns the context (or null for a second instance that quits).
 */
export function startApp(options: StartOptions): AppContext | null {
  const log = consoleLogger;
  // electron-vite sets ELECTRON_RENDERER_URL for `npm run dev` only; a packaged app ignores it.
  const devServerUrl = !app.isPackaged ? (process.env.ELECTRON_RENDERER_URL ?? null) : null;
  const devServerOrigin = devServerUrl ? originOf(devServerUrl) : null;
  const policy: ContentPolicy = { appOrigin: APP_ORIGIN, devServerOrigin };
  const isDev = devServerOrigin !== null;

  registerAppSchemePrivileges();
  app.enableSandbox();

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }

  const shutdown = createShutdownSequence(log);
  const events = createEventHub(eventSpecs);
  const context: AppContext = { log, events, shutdown };
  const windows = new Set<BrowserWindow>();

  const openWindow = (): BrowserWindow => {
    const window = createAppWindow({
      preloadPath: join(options.outDir, '../preload/index.cjs'),
      entryUrl: devServerUrl ?? APP_ENTRY_URL,
      devTools: isDev,
    });
    windows.add(window);
    window.on('closed', () => windows.delete(window));
    return window;
  };

  app.on('second-instance', () => {
    const [window] = windows;
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  installContentGuards(policy, log);
  installQuitSequence(context);

  void app
    .whenReady()
    .then(async () => {
      hardenSession(session.defaultSession, policy, log);
      serveRenderer(join(options.outDir, '../renderer'), contentSecurityPolicy(), log);
      installApplicationMenu(isDev);

      // Services open before the window exists, so no call can reach a handler without them.
      const services = await createServices(context, { outDir: options.outDir });
      lockVaultWithTheSystem(services, log);
      const registry = createIpcRegistry({
        channels,
        handlers: createHandlers(services),
        isTrustedSender: (sender) => isTrustedSender(sender, { origin: devServerOrigin ?? APP_ORIGIN }),
        log,
      });
      const isAppWebContents = (contents: Electron.WebContents) =>
        [...windows].some((window) => !window.isDestroyed() && window.webContents === contents);
      const unbind = bindIpcMain(ipcMain, registry, isAppWebContents);
      const stopEvents = forwardEventsToWindows(events, () =>
        [...windows].filter((w) => !w.isDestroyed()).map((w) => w.webContents),
      );
      shutdown.register({
        name: 'stop IPC',
        order: ShutdownOrder.ui,
        run: () => {
          stopEvents();
          unbind();
        },
      });

      openWindow();
      app.on('activate', () => {
        if (windows.size === 0) openWindow();
      });
    })
    .catch((error: unknown) => {
      // Without its services the window could not do anything; say why in the log and leave.
      log.error('The app could not start its services', {
        error: error instanceof Error ? error.name : typeof error,
        code: (error as { code?: unknown })?.code,
      });
      app.exit(1);
    });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  return context;
}

/**
 * Holds the first quit until every "before quit" hook has run, then quits for real. Signals from
 * a terminal or service manager take the same path.
 */
function installQuitSequence({ shutdown, log }: AppContext): void {
  let finished = false;
  app.on('before-quit', (event) => {
    if (finished) return;
    event.preventDefault();
    if (shutdown.started) return;
    log.info('Shutting down');
    void shutdown.run().finally(() => {
      finished = true;
      app.quit();
    });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => app.quit());
}

/**
 * Keys leave memory when the computer sleeps or its screen locks: whoever wakes or unlocks it
 * next may not be the person who unlocked the vault.
 */
function lockVaultWithTheSystem(services: Services, log: Logger): void {
  powerMonitor.on('suspend', () => {
    services.vault.lock('suspend');
    log.info('Vault locked: the system is going to sleep');
  });
  powerMonitor.on('lock-screen', () => {
    services.vault.lock('screen-locked');
    log.info('Vault locked: the screen was locked');
  });
}
