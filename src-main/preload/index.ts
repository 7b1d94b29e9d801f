import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { channelNames, eventNames } from '../../src-core/ipc/contract';
import { buildWindowApi } from '../../src-core/ipc/expose';
import { refusePageClipboardWrites } from './clipboard-guard';

// Sandboxed preload, bundled to CommonJS with its dependencies. It exposes one named function
// per contract channel and a subscription limited to contract events; never ipcRenderer itself.
const api = buildWindowApi(channelNames, eventNames, {
  invoke: (channel, args) => ipcRenderer.invoke(channel, args),
  subscribe: (event, listener) => {
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  },
});

contextBridge.exposeInMainWorld('api', api);
refusePageClipboardWrites(window);
