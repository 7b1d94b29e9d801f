import { deserializeError } from '../../src-core/errors';
import type { BridgeApi, EventName } from '../../src-core/ipc/contract';
import { splitName } from '../../src-core/ipc/define';
import { IpcError, IpcErrorCode } from '../../src-core/ipc/errors';
import { CHANNEL_NAMES } from '../../src-core/ipc/names';
import { isIpcResult } from '../../src-core/ipc/result';

/**
 * The renderer's only door to main. It reads `window.api` (exposed by the preload), turns each
 * `{ok, value}` reply into the value, and rethrows `{ok:false, error}` as the registered
 * WalletError subclass, so callers can `catch (e) { if (e instanceof ValidationError) … }`.
 * It takes the channel names from `ipc/names` and only types from the contract: the schemas and
 * zod stay out of the window's start-up code (main validates every call anyway).
 */
type RawCall = (args?: unknown) => Promise<unknown>;
type RawOn = (event: string, listener: (payload: unknown) => void) => () => void;

function missingBridge(): IpcError {
  return new IpcError(
    IpcErrorCode.noBridge,
    'This window is not connected to the app. Close it and start the app again.',
  );
}

function rawFunction(raw: unknown, domain: string, action: string): RawCall | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const group = (raw as Record<string, unknown>)[domain];
  if (typeof group !== 'object' || group === null) return null;
  const fn = (group as Record<string, unknown>)[action];
  return typeof fn === 'function' ? (fn as RawCall) : null;
}

/** Unwraps one reply; anything that is not an `IpcResult` is an `IPC_BAD_RESPONSE` error. */
export function unwrapResult(reply: unknown, channel: string): unknown {
  if (!isIpcResult(reply))
    throw new IpcError(IpcErrorCode.badResponse, `The app answered ${channel} with something unexpected. Try again.`);
  if (reply.ok) return reply.value;
  throw deserializeError(reply.error);
}

export function createBridge(raw: unknown): BridgeApi {
  const api: Record<string, unknown> = {};
  for (const name of CHANNEL_NAMES) {
    const { domain, action } = splitName(name);
    const group = (api[domain] ??= {}) as Record<string, unknown>;
    group[action] = async (args?: unknown) => {
      const call = rawFunction(raw, domain, action);
      if (!call) throw missingBridge();
      return unwrapResult(await call(args), name);
    };
  }
  api.on = (event: EventName, listener: (payload: unknown) => void) => {
    const on = typeof raw === 'object' && raw !== null ? (raw as { on?: unknown }).on : undefined;
    if (typeof on !== 'function') throw missingBridge();
    return (on as RawOn)(event, listener);
  };
  for (const value of Object.values(api)) if (typeof value === 'object') Object.freeze(value);
  return Object.freeze(api) as unknown as BridgeApi;
}

export const api: BridgeApi = createBridge((window as unknown as { api?: unknown }).api);
