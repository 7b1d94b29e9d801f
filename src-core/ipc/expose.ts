import { splitName } from './define';

/** How the exposed api reaches main: Electron's ipcRenderer in the preload, a socket in tests. */
export interface IpcTransport {
  invoke(channel: string, args: unknown): Promise<unknown>;
  subscribe(event: string, listener: (payload: unknown) => void): () => void;
}

/**
 * Builds the object exposed as `window.api`: one named function per channel, grouped by domain
 * (`api.app.info()`), and `on(event, listener)` limited to contract events. There is no generic
 * invoke: a page can only reach the channels listed here. Every level is frozen.
 */
export function buildWindowApi(
  channelNames: readonly string[],
  eventNames: readonly string[],
  transport: IpcTransport,
): Readonly<Record<string, unknown>> {
  const domains = new Map<string, Record<string, unknown>>();
  for (const name of channelNames) {
    const { domain, action } = splitName(name);
    let group = domains.get(domain);
    if (!group) domains.set(domain, (group = {}));
    // Only the first argument is forwarded; main validates it.
    const call = (args?: unknown): Promise<unknown> => transport.invoke(name, args);
    Object.defineProperty(call, 'name', { value: action });
    group[action] = call;
  }

  const allowedEvents = new Set(eventNames);
  const on = (event: unknown, listener: unknown): (() => void) => {
    if (typeof event !== 'string' || !allowedEvents.has(event)) {
      throw new TypeError(
        `Unknown event ${JSON.stringify(event)}; the contract lists ${[...allowedEvents].join(', ')}.`,
      );
    }
    if (typeof listener !== 'function') throw new TypeError('The event listener must be a function.');
    const unsubscribe = transport.subscribe(event, (payload) => (listener as (payload: unknown) => void)(payload));
    return () => unsubscribe();
  };

  const api: Record<string, unknown> = {};
  for (const [domain, group] of domains) api[domain] = Object.freeze(group);
  api.on = on;
  return Object.freeze(api);
}

/** The `domain:action` names reachable on an exposed api, plus `on`: used to audit exposure. */
export function listExposedNames(api: unknown): string[] {
  const names: string[] = [];
  if (typeof api !== 'object' || api === null) return names;
  for (const [key, value] of Object.entries(api)) {
    if (typeof value === 'function') names.push(key);
    else if (typeof value === 'object' && value !== null) {
      for (const [action, fn] of Object.entries(value))
        names.push(typeof fn === 'function' ? `${key}:${action}` : `${key}:${action}(not a function)`);
    } else names.push(`${key}(${typeof value})`);
  }
  return names.sort();
}
