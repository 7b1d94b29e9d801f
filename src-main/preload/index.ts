import { contextBridge } from 'electron';

// Filled from the IPC contract: one named function per channel, no generic invoke.
contextBridge.exposeInMainWorld('api', Object.freeze({}));
