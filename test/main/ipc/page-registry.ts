import { expect } from 'vitest';
import { deserializeError, type SerializedError } from '../../../src-core/errors';
import { channels } from '../../../src-core/ipc/contract';
import { createHandlers, walletServices } from '../../../src-main/ipc/handlers';
import { createIpcRegistry, type IpcRegistry } from '../../../src-main/ipc/registry';

const trusted = { url: 'app://wallet/index.html', isTopFrame: true, isAppWindow: true };

export interface PageCalls {
  readonly registry: IpcRegistry;
  /** The raw reply, as the page gets it. */
  call(channel: string, args?: unknown): ReturnType<IpcRegistry['call']>;
  /** The answer, or the typed error thrown. */
  value<T>(channel: string, args?: unknown): Promise<T>;
  /** The error of a call that must be refused. */
  refusal(channel: string, args?: unknown): Promise<SerializedError>;
}

/**
 * Every handler of a wallet behind the real registry, called as a compromised page would: straight
 * to the registry, trusted as the app's own window, so only main's checks stand in the way.
 */
export function pageRegistry(wallet: Parameters<typeof walletServices>[0]): PageCalls {
  const registry = createIpcRegistry({
    channels,
    handlers: createHandlers({
      app: { info: () => ({}) as never, openExternal: async () => {}, writeClipboard: () => {} },
      ...walletServices(wallet),
    }),
    isTrustedSender: () => true,
    log: { info() {}, warn() {}, error() {} },
  });
  const call = (channel: string, args?: unknown) => registry.call(channel, args, trusted);
  return {
    registry,
    call,
    async value<T>(channel: string, args?: unknown): Promise<T> {
      const reply = await call(channel, args);
      if (!reply.ok) throw deserializeError(reply.error);
      return reply.value as T;
    },
    async refusal(channel: string, args?: unknown): Promise<SerializedError> {
      const reply = await call(channel, args);
      expect(reply.ok, channel).toBe(false);
      return (reply as { error: SerializedError }).error;
    },
  };
}
