import { describe, expect, it } from 'vitest';
import { channelNames, eventNames } from '../../../src-core/ipc/contract';
import { buildWindowApi, listExposedNames, type IpcTransport } from '../../../src-core/ipc/expose';

function recordingTransport() {
  const invoked: [string, unknown][] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  const transport: IpcTransport = {
    invoke: async (channel, args) => {
      invoked.push([channel, args]);
      return { ok: true, value: channel };
    },
    subscribe: (event, listener) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  };
  return { transport, invoked, listeners };
}

describe('exposed window api', () => {
  it('has one named function per contract channel plus on(), and nothing else', () => {
    const api = buildWindowApi(channelNames, eventNames, recordingTransport().transport);
    expect(listExposedNames(api)).toEqual([...channelNames, 'on'].sort());
    const app = api.app as Record<string, { name: string }>;
    expect(app.openExplorer!.name).toBe('openExplorer');
  });

  it('is frozen at every level', () => {
    const api = buildWindowApi(channelNames, eventNames, recordingTransport().transport);
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.app)).toBe(true);
    expect(() => {
      (api as Record<string, unknown>).invoke = () => {};
    }).toThrow(TypeError);
  });

  it('forwards only the first argument to the transport', async () => {
    const { transport, invoked } = recordingTransport();
    const api = buildWindowApi(['a:b'], [], transport) as { a: { b: (...args: unknown[]) => Promise<unknown> } };
    await expect(api.a.b({ x: 1 }, 'extra', () => {})).resolves.toEqual({ ok: true, value: 'a:b' });
    expect(invoked).toEqual([['a:b', { x: 1 }]]);
  });

  it('subscribes to contract events only and returns an unsubscribe function', () => {
    const { transport, listeners } = recordingTransport();
    const api = buildWindowApi([], ['node:block'], transport) as {
      on: (event: unknown, listener: unknown) => () => void;
    };
    const seen: unknown[] = [];
    const off = api.on('node:block', (payload: unknown) => seen.push(payload));
    listeners.get('node:block')!({ number: 1 });
    off();
    expect(seen).toEqual([{ number: 1 }]);
    expect(listeners.size).toBe(0);
    expect(() => api.on('vault:secret', () => {})).toThrow(/Unknown event/);
    expect(() => api.on('node:block', 'not a function')).toThrow(/must be a function/);
  });

  it('lists unexpected members when auditing an api object', () => {
    expect(listExposedNames({ on() {}, app: { info() {}, leak: 1 }, version: '1' })).toEqual([
      'app:info',
      'app:leak(not a function)',
      'on',
      'version(string)',
    ]);
  });
});
