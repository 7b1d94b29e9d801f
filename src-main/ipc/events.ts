import type { EventMap, EventPayloadOf, QualifiedName } from '../../src-core/ipc/define';
import { validationErrorFrom } from '../../src-core/ipc/validation';

export type EventListener = (event: string, payload: unknown) => void;

/**
 * Main-side fan-out of contract events. Payloads are checked against their schema before they
 * leave, so a service bug cannot push an unexpected shape (or extra fields) to the renderer.
 * Transports (Electron windows, the test socket) subscribe and forward.
 */
export interface EventHub<E extends EventMap> {
  emit<K extends keyof E & string>(event: K, payload: EventPayloadOf<E, K>): void;
  subscribe(listener: EventListener): () => void;
}

export function createEventHub<E extends EventMap>(events: E): EventHub<E> {
  const listeners = new Set<EventListener>();
  return {
    emit(event, payload) {
      const spec = (events as Readonly<Record<string, EventMap[QualifiedName] | undefined>>)[event];
      if (!spec) throw new TypeError(`Unknown event "${event}".`);
      const parsed = spec.payload.safeParse(payload);
      if (!parsed.success) throw validationErrorFrom(parsed.error, `The ${event} event payload`);
      for (const listener of [...listeners]) listener(event, parsed.data);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
