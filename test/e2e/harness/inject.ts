// Browser side of the harness, bundled to one script and added with page.addInitScript. It plays
// the preload's part: the same buildWindowApi, with a WebSocket instead of ipcRenderer.
import { buildWindowApi } from '../../../src-core/ipc/expose';
import { refusePageClipboardWrites } from '../../../src-main/preload/clipboard-guard';
import { decodeWire, encodeWire, type CallMessage, type ServerMessage } from './wire';

export interface InjectConfig {
  readonly socketUrl: string;
  readonly channelNames: readonly string[];
  readonly eventNames: readonly string[];
}

export function install(config: InjectConfig): void {
  // Electron runs the preload in the top frame only (nodeIntegrationInSubFrames is off).
  if (window.top !== window) return;

  const socket = new WebSocket(config.socketUrl);
  const opened = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('bridge socket failed')), { once: true });
  });
  const pending = new Map<number, (result: unknown) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;

  const closedResult = {
    ok: false,
    error: { name: 'IpcError', code: 'IPC_NO_BRIDGE', message: 'The test bridge to main is closed.' },
  };

  socket.addEventListener('message', (message) => {
    const data = decodeWire(String(message.data)) as ServerMessage;
    if (data.type === 'result') {
      pending.get(data.id)?.(data.result);
      pending.delete(data.id);
    } else if (data.type === 'event') {
      for (const listener of listeners.get(data.event) ?? []) listener(data.payload);
    }
  });
  socket.addEventListener('close', () => {
    for (const resolve of pending.values()) resolve(closedResult);
    pending.clear();
  });

  const api = buildWindowApi(config.channelNames, config.eventNames, {
    async invoke(channel, args) {
      try {
        await opened;
      } catch {
        return closedResult;
      }
      if (socket.readyState !== WebSocket.OPEN) return closedResult;
      const id = nextId++;
      const call: CallMessage = {
        type: 'call',
        id,
        channel,
        args,
        frame: { url: location.href, top: window.top === window },
      };
      return new Promise((resolve) => {
        pending.set(id, resolve);
        socket.send(encodeWire(call));
      });
    },
    subscribe(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  });

  // Like contextBridge.exposeInMainWorld: a read-only property the page cannot replace.
  Object.defineProperty(window, 'api', { value: api, enumerable: true, writable: false, configurable: false });
  refusePageClipboardWrites(window);
}
