import { describe, expect, it } from 'vitest';
import { createShutdownSequence, ShutdownOrder } from '../../../src-main/app/shutdown';
import type { Logger } from '../../../src-main/ipc/logger';

function recordingLogger() {
  const lines: string[] = [];
  const log: Logger = {
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
  return { log, lines };
}

describe('shutdown sequence', () => {
  it('runs hooks by order, then by registration, one at a time', async () => {
    const { log } = recordingLogger();
    const sequence = createShutdownSequence(log);
    const ran: string[] = [];
    const step = (name: string) => async () => {
      ran.push(`${name}:start`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      ran.push(`${name}:end`);
    };
    sequence.register({ name: 'stop node and flush store', order: ShutdownOrder.storage, run: step('node') });
    sequence.register({ name: 'lock vault', run: step('vault') });
    sequence.register({ name: 'stop IPC', order: ShutdownOrder.ui, run: step('ipc') });
    sequence.register({ name: 'cancel jobs', order: ShutdownOrder.services, run: step('jobs') });
    await sequence.run();
    expect(ran).toEqual([
      'ipc:start',
      'ipc:end',
      'vault:start',
      'vault:end',
      'jobs:start',
      'jobs:end',
      'node:start',
      'node:end',
    ]);
  });

  it('keeps going after a hook fails or hangs, and logs both', async () => {
    const { log, lines } = recordingLogger();
    const sequence = createShutdownSequence(log);
    const ran: string[] = [];
    sequence.register({ name: 'fails', order: 1, run: () => Promise.reject(new Error('disk full: secret=xyz')) });
    sequence.register({ name: 'hangs', order: 2, timeoutMs: 20, run: () => new Promise(() => {}) });
    sequence.register({ name: 'last', order: 3, run: () => void ran.push('last') });
    await sequence.run();
    expect(ran).toEqual(['last']);
    expect(lines).toContain('error Shutdown step "fails" failed');
    expect(lines).toContain('warn Shutdown step "hangs" timed out');
    expect(lines.join('\n')).not.toContain('secret=xyz');
  });

  it('runs once however often quit is requested, and refuses late registrations', async () => {
    const { log } = recordingLogger();
    const sequence = createShutdownSequence(log);
    let count = 0;
    sequence.register({ name: 'count', run: () => void count++ });
    const first = sequence.run();
    expect(sequence.run()).toBe(first);
    await first;
    await sequence.run();
    expect(count).toBe(1);
    expect(sequence.started).toBe(true);
    expect(() => sequence.register({ name: 'late', run: () => {} })).toThrow(/shutdown has started/);
  });

  it('lets a service withdraw its hook', async () => {
    const { log } = recordingLogger();
    const sequence = createShutdownSequence(log);
    let ran = false;
    const remove = sequence.register({ name: 'withdrawn', run: () => void (ran = true) });
    remove();
    await sequence.run();
    expect(ran).toBe(false);
  });
});
