import type { EventName, EventPayload } from '../../src-core/ipc/contract';

/**
 * What the wallet services get from whoever hosts them (the Electron app or the e2e harness),
 * typed here so that wallet/ does not depend on app/ or ipc/.
 */
export interface WalletLog {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void;
  error(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

/** Sends a contract event to the renderer (payloads are schema-checked by the hub). */
export type EmitEvent = <K extends EventName>(event: K, payload: EventPayload<K>) => void;

export interface ShutdownRegistrar {
  register(hook: { name: string; order?: number; timeoutMs?: number; run: () => Promise<void> | void }): () => void;
}

/** Orders for the shutdown hooks the wallet registers (the frame's ShutdownOrder values). */
export interface ShutdownOrders {
  readonly services: number;
  readonly storage: number;
}

export interface Clipboard {
  writeText(text: string): void;
}
