import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { events } from '../../../src-core/ipc/contract';
import { bindIpcMain, forwardEventsToWindows, senderFromEvent } from '../../../src-main/ipc/electron';
import { createEventHub } from '../../../src-main/ipc/events';
import type { IpcRegistry } from '../../../src-main/ipc/registry';
import type { SenderInfo } from '../../../src-main/ipc/sender';

const appContents = { id: 1 } as unknown as WebContents;
const otherContents = { id: 2 } as unknown as WebContents;
const isApp = (contents: WebContents) => contents === appContents;

function fakeEvent(sender: WebContents, frame: { url: string; parent: unknown } | null): IpcMainInvokeEvent {
  return { sender, senderFrame: frame } as unknown as IpcMainInvokeEvent;
}

describe('Electron IPC binding', () => {
  it('describes the sender from senderFrame and the owning window', () => {
    expect(senderFromEvent(fakeEvent(appContents, { url: 'app://wallet/index.html', parent: null }), isApp)).toEqual({
      url: 'app://wallet/index.html',
      isTopFrame: true,
      isAppWindow: true,
    });
    expect(senderFromEvent(fakeEvent(appContents, { url: 'app://wallet/x', parent: {} }), isApp).isTopFrame).toBe(
      false,
    );
    expect(senderFromEvent(fakeEvent(otherContents, null), isApp)).toEqual({
      url: null,
      isTopFrame: false,
      isAppWindow: false,
    });
  });

  it('registers one handler per channel, forwards only the first argument, and unbinds', async () => {
    const handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>();
    const ipcMain = {
      handle: (channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown) =>
        void handlers.set(channel, listener),
      removeHandler: (channel: string) => void handlers.delete(channel),
    };
    const calls: [string, unknown, SenderInfo][] = [];
    const registry: IpcRegistry = {
      channelNames: ['a:one', 'a:two'],
      call: async (channel, args, sender) => {
        calls.push([channel, args, sender]);
        return { ok: true, value: null };
      },
    };
    const unbind = bindIpcMain(ipcMain, registry, isApp);
    expect([...handlers.keys()]).toEqual(['a:one', 'a:two']);
    await handlers.get('a:two')!(fakeEvent(appContents, { url: 'app://wallet/', parent: null }), { x: 1 }, 'ignored');
    expect(calls).toEqual([['a:two', { x: 1 }, { url: 'app://wallet/', isTopFrame: true, isAppWindow: true }]]);
    unbind();
    expect(handlers.size).toBe(0);
  });

  it('forwards hub events to live windows only', () => {
    const sent: [number, string, unknown][] = [];
    const window = (id: number, destroyed: boolean) =>
      ({
        isDestroyed: () => destroyed,
        send: (event: string, payload: unknown) => sent.push([id, event, payload]),
      }) as unknown as WebContents;
    const hub = createEventHub(events);
    const stop = forwardEventsToWindows(hub, () => [window(1, false), window(2, true)]);
    hub.emit('vault:locked', { reason: 'shutdown' });
    stop();
    hub.emit('vault:locked', { reason: 'user' });
    expect(sent).toEqual([[1, 'vault:locked', { reason: 'shutdown' }]]);
  });
});
