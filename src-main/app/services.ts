import { app, BrowserWindow, clipboard, shell } from 'electron';
import { join } from 'node:path';
import type { EventHub } from '../ipc/events';
import type { Events } from '../../src-core/ipc/contract';
import type { FetchLike } from '../../src-core/client/fetch';
import { processAppInfo } from '../ipc/handlers/app';
import { isAllowedExternalUrl } from '../ipc/handlers/explorer';
import { walletServices, type Services } from '../ipc/handlers';
import type { Logger } from '../ipc/logger';
import { createWalletServices } from '../wallet';
import { createNode } from '../node';
import { workerNodeFactory } from '../wallet/node-host/node-worker/worker-embedded-node';
// electron-vite builds each worker entry as a file of its own and gives its path.
import nodeWorkerPath from '../wallet/node-host/node-worker/worker-entry?modulePath';
import blockTextWorkerPath from '../node/http/block-text-worker?modulePath';
import { ShutdownOrder, type ShutdownSequence } from './shutdown';
import { electronFileDialogs } from './file-dialogs';
import { electronRecoveryPhraseDisplay } from './recovery-phrase-dialog';
import { ElectronConsentSurface } from './consent-window';
import { electronAlertNotifier } from './alert-notifier';

/** What services get from the frame: logging, the event hub and the shutdown sequence. */
export interface AppContext {
  readonly log: Logger;
  readonly events: EventHub<Events>;
  readonly shutdown: ShutdownSequence;
}

/**
 * Builds the service container behind the IPC handlers: the vault, the node host (which registers
 * "stop node and flush store" with `context.shutdown`), the accounts service and the stores, all
 * under Electron's user data folder.
 */
export async function createServices(context: AppContext, options: { readonly outDir: string }): Promise<Services> {
  const wallet = await createWalletServices({
    userDataDir: app.getPath('userData'),
    emit: (event, payload) => context.events.emit(event, payload),
    log: context.log,
    // The embedded node runs in a worker thread, so blocks and dry runs never hold up IPC answers.
    createEmbeddedNode: workerNodeFactory({ entry: { kind: 'script', path: nodeWorkerPath }, blockTextWorkerPath }),
    createForkNode: (input) => createNode({ ...input, blockTextWorker: { kind: 'script', path: blockTextWorkerPath } }),
    fetch: globalThis.fetch as unknown as FetchLike,
    clipboard: { writeText: (text) => clipboard.writeText(text) },
    shutdown: context.shutdown,
    shutdownOrders: ShutdownOrder,
    fileDialogs: electronFileDialogs(),
    recoveryPhraseDisplay: electronRecoveryPhraseDisplay(),
    consentSurface: new ElectronConsentSurface({
      preloadPath: join(options.outDir, '../preload/consent.cjs'),
      parent: () => BrowserWindow.getFocusedWindow() ?? undefined,
      log: context.log,
    }),
    alertNotifier: electronAlertNotifier(),
  });
  return {
    app: {
      info: () => processAppInfo(app.getName(), app.getVersion()),
      openExternal: async (url) => {
        // An offline signer hands nothing to a browser either: that would be a connection by proxy.
        if (wallet.node.isOffline()) {
          context.log.warn('openExternal refused: this computer is an offline signer');
          throw new Error('This computer is an offline signer, so it opens no web page.');
        }
        // Second gate, next to the call that leaves the app.
        if (!isAllowedExternalUrl(url)) {
          context.log.warn('openExternal refused: not an allowlisted explorer URL');
          throw new Error('Refused to open a URL outside the explorer allowlist.');
        }
        await shell.openExternal(url, { activate: true });
      },
      writeClipboard: (text) => clipboard.writeText(text),
    },
    ...walletServices(wallet),
  };
}
