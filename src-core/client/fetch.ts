/**
 * The I/O the client needs, injected: a `fetch` (the global one in Node 20, Electron and browsers
 * fits this type) and optionally timers and an abort controller. Nothing here touches globals
 * except `defaultTimers`/`defaultAbortController`, which look them up on `globalThis` at call time.
 */

export interface FetchInitLike {
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface FetchResponseLike {
  readonly status: number;
  text(): Promise<string>;
}

export type FetchLike = (url: string, init: FetchInitLike) => Promise<FetchResponseLike>;

export interface TimersLike {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AbortControllerLike {
  readonly signal: AbortSignal;
  abort(): void;
}

interface GlobalIo {
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  AbortController?: new () => AbortControllerLike;
}

function globalIo(): GlobalIo {
  return globalThis as unknown as GlobalIo;
}

/** The host's timers, or `undefined` in a host without them (then requests have no deadline). */
export function defaultTimers(): TimersLike | undefined {
  const io = globalIo();
  const set = io.setTimeout;
  const clear = io.clearTimeout;
  if (typeof set !== 'function' || typeof clear !== 'function') return undefined;
  return {
    setTimeout: (callback, ms) => set.call(globalThis, callback, ms),
    clearTimeout: (handle) => clear.call(globalThis, handle),
  };
}

export function defaultAbortController(): AbortControllerLike | undefined {
  const ctor = globalIo().AbortController;
  return typeof ctor === 'function' ? new ctor() : undefined;
}
