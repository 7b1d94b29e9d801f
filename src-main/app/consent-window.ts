import { BrowserWindow, ipcMain, session, type IpcMainInvokeEvent } from 'electron';
import { CONSENT_ANSWER_CHANNEL } from '../../src-core/ipc/consent-channel';
import { ConsentAnswerMessageSchema } from './consent-answer';
import type { Logger } from '../ipc/logger';
import type { ConsentAnswer, ConsentRequest, ConsentSurface } from '../wallet/consent/consent-request';
import { consentPageHtml } from './consent-page';
import { hardenedWebPreferences } from './web-preferences';

/**
 * Main's confirmation surface in the Electron app: a modal window main opens for each request,
 * in a private in-memory session, with its own preload and a page main composed (no script of its
 * own; see consent-page.ts). The app window cannot reach it: its preload exposes no function for
 * it, and an answer counts only from this window's webContents, for the request it shows.
 * Closing the window declines.
 */
export class ElectronConsentSurface implements ConsentSurface {
  private pending: { request: ConsentRequest; window: BrowserWindow; resolve: (a: ConsentAnswer) => void } | null =
    null;

  constructor(
    private readonly options: {
      readonly preloadPath: string;
      /** The window the confirmation belongs to (modal over it), when one is open. */
      readonly parent: () => BrowserWindow | undefined;
      readonly log: Logger;
    },
  ) {
    ipcMain.handle(CONSENT_ANSWER_CHANNEL, (event, message) => this.onAnswer(event, message));
    this.partition.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    this.partition.setPermissionCheckHandler(() => false);
    // The page is a data: URL that needs nothing else; any other request is refused outright.
    this.partition.webRequest.onBeforeRequest((details, callback) =>
      callback({ cancel: !details.url.startsWith('data:') }),
    );
  }

  private readonly partition = session.fromPartition('consent-window');

  ask(request: ConsentRequest, retry?: { readonly reason: string }): Promise<ConsentAnswer> {
    if (this.pending) this.settle({ approved: false });
    const parent = this.options.parent();
    const window = new BrowserWindow({
      width: 680,
      height: 780,
      ...(parent ? { parent, modal: true } : {}),
      show: false,
      title: 'Confirm',
      minimizable: false,
      webPreferences: {
        ...hardenedWebPreferences(this.options.preloadPath, { devTools: false }),
        session: this.partition,
      },
    });
    window.setMenu(null);
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    window.webContents.on('will-navigate', (event) => event.preventDefault());
    window.once('ready-to-show', () => window.show());
    return new Promise<ConsentAnswer>((resolve) => {
      this.pending = { request, window, resolve };
      window.on('closed', () => {
        if (this.pending?.window === window) this.settle({ approved: false });
      });
      const html = consentPageHtml(request, retry);
      void window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`).catch(() => {
        this.options.log.error('The confirmation window did not load');
        this.settle({ approved: false });
      });
    });
  }

  private onAnswer(event: IpcMainInvokeEvent, message: unknown): void {
    const pending = this.pending;
    const parsed = ConsentAnswerMessageSchema.safeParse(message);
    if (!pending || pending.window.isDestroyed() || event.sender !== pending.window.webContents) {
      this.options.log.warn('A confirmation answer came from somewhere else and was ignored');
      return;
    }
    if (!parsed.success || parsed.data.id !== pending.request.id) {
      this.options.log.warn('A confirmation answer did not match the open request and was ignored');
      return;
    }
    const { approved, password, typed, words } = parsed.data;
    this.settle(
      approved
        ? {
            approved: true,
            ...(password !== undefined ? { password } : {}),
            ...(typed !== undefined ? { typed } : {}),
            ...(words !== undefined ? { words } : {}),
          }
        : { approved: false },
    );
  }

  private settle(answer: ConsentAnswer): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    pending.resolve(answer);
    if (!pending.window.isDestroyed()) pending.window.destroy();
  }
}
