import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { EventHub } from './events';
import type { EventMap } from '../../src-core/ipc/define';
import type { IpcRegistry } from './registry';
import type { SenderInfo } from './sender';

/** The sender as Electron reports it; `senderFrame` is null once the frame has gone away. */
export function senderFromEvent(
  event: IpcMainInvokeEvent,
  isAppWebContents: (contents: WebContents) => boolean,
): SenderInfo {
  const frame = event.senderFrame;
  return {
    url: frame ? frame.url : null,
    isTopFrame: frame !== null && frame.parent === null,
    isAppWindow: isAppWebContents(event.sender),
  };
}

/** Registers every channel of the registry on ipcMain; returns a function that removes them. */
export function bindIpcMain(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  registry: IpcRegistry,
  isAppWebContents: (contents: WebContents) => boolean,
): () => void {
  for (const channel of registry.channelNames) {
    // Only the first argument is considered; the preload never sends more.
    ipcMain.handle(channel, (event, args: unknown) =>
      registry.call(channel, args, senderFromEvent(event, isAppWebContents)),
    );
  }
  return () => {
    for (const channel of registry.channelNames) ipcMain.removeHandler(channel);
  };
}

/** Sends every hub event to the app's windows that are still alive. */
export function forwardEventsToWindows<E extends EventMap>(
  hub: EventHub<E>,
  targets: () => readonly WebContents[],
): () => void {
  return hub.subscribe((event, payload) => {
    for (const contents of targets()) {
      if (!contents.isDestroyed()) contents.send(event, payload);
    }
  });
}
