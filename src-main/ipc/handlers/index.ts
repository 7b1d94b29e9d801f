import type { Channels } from '../../../src-core/ipc/contract';
import type { HandlerMap } from '../registry';
import { createAppHandlers, type AppService } from './app';

/**
 * Everything the handlers need, one entry per domain. The app builds it from Electron and the
 * real services; the end-to-end harness builds it from test doubles or the same real services.
 */
export interface Services {
  readonly app: AppService;
}

/** The full handler map; `satisfies` makes a channel without a handler a compile error. */
export function createHandlers(services: Services): HandlerMap<Channels> {
  return {
    ...createAppHandlers(services.app),
  } satisfies HandlerMap<Channels>;
}
