import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src-core/errors';
import { events } from '../../../src-core/ipc/contract';
import { createEventHub } from '../../../src-main/ipc/events';

describe('event hub', () => {
  it('delivers checked payloads to every subscriber until they unsubscribe', () => {
    const hub = createEventHub(events);
    const seen: [string, unknown][] = [];
    const stop = hub.subscribe((event, payload) => seen.push([event, payload]));
    hub.emit('vault:locked', { reason: 'idle' });
    stop();
    hub.emit('vault:locked', { reason: 'user' });
    expect(seen).toEqual([['vault:locked', { reason: 'idle' }]]);
  });

  it('strips fields the schema does not list', () => {
    const hub = createEventHub(events);
    const seen: unknown[] = [];
    hub.subscribe((_event, payload) => seen.push(payload));
    hub.emit('vault:locked', { reason: 'user', mnemonic: 'abandon abandon' } as { reason: 'user' });
    expect(seen).toEqual([{ reason: 'user' }]);
  });

  it('throws a ValidationError for a payload that breaks the contract, and sends nothing', () => {
    const hub = createEventHub(events);
    const seen: unknown[] = [];
    hub.subscribe((_event, payload) => seen.push(payload));
    expect(() => hub.emit('node:block', { number: -1, id: 'x', timestamp: 0, transactionCount: 0 })).toThrow(
      ValidationError,
    );
    expect(() => hub.emit('nope:event' as 'vault:locked', { reason: 'user' })).toThrow(TypeError);
    expect(seen).toEqual([]);
  });
});
