import { app, shell } from 'electron';
import type { EventHub } from '../ipc/events';
import type { Events } from '../../src-core/ipc/contract';
import { processAppInfo } from '../ipc/handlers/app';
import { isAllowedExternalUrl } from '../ipc/handlers/explorer';
import type { Services } from '../ipc/handlers';
import type { Logger } from '../ipc/logger';
import type { ShutdownSequence } from './shutdown';

/** What services get from the frame: logging, the event hub and the shutdown sequence. */
export interface AppContext {
  readonly log: Logger;
  readonly events: EventHub<Events>;
  readonly shutdown: ShutdownSequence;
}

/**
 * Builds the service container behind the IPC handlers. Later services are created here too,
 * e.g. the node host, which registers "stop node and flush store" with `context.shutdown`.
 */
export function createServices(context: AppContext): Services {
  return {
    app: {
      info: () => processAppInfo(app.getName(), app.getVersion()),
      openExternal: async (url) => {
        // Second gate, next to the call that leaves the app.
        if (!isAllowedExternalUrl(url)) {
          context.log.warn('openExternal refused: not an allowlisted explorer URL');
          throw new Error('Refused to open a URL outside the explorer allowlist.');
        }
        await shell.openExternal(url, { activate: true });
      },
    },
  };
}
