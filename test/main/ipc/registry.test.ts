import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AddressError, deserializeError, ValidationError } from '../../../src-core/errors';
import { defineChannels } from '../../../src-core/ipc/define';
import { IpcError } from '../../../src-core/ipc/errors';
import type { Logger } from '../../../src-main/ipc/logger';
import { createIpcRegistry, type HandlerMap } from '../../../src-main/ipc/registry';
import type { SenderInfo } from '../../../src-main/ipc/sender';

const testChannels = defineChannels('test', {
  echo: {
    summary: 'echo',
    input: z.strictObject({ text: z.string().min(1, 'must not be empty'), count: z.number().int().default(1) }),
    output: z.object({ text: z.string() }),
  },
  fail: { summary: 'fails', input: z.undefined(), output: z.null() },
  leak: { summary: 'returns extra fields', input: z.undefined(), output: z.object({ name: z.string() }) },
});

const trusted: SenderInfo = { url: 'app://wallet/index.html', isTopFrame: true, isAppWindow: true };

function setup(handlers: Partial<HandlerMap<typeof testChannels>> = {}) {
  const lines: { level: string; message: string; fields: unknown }[] = [];
  const log: Logger = {
    info: (message, fields) => lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
    error: (message, fields) => lines.push({ level: 'error', message, fields }),
  };
  const registry = createIpcRegistry({
    channels: testChannels,
    handlers: {
      'test:echo': ({ text, count }) => ({ text: text.repeat(count) }),
      'test:fail': () => {
        throw new AddressError('ADDRESS_INVALID', 'The address "T1" has a bad checksum.');
      },
      'test:leak': () => ({ name: 'main', privateKey: 'deadbeef' }) as { name: string },
      ...handlers,
    },
    isTrustedSender: (sender) => sender.url?.startsWith('app://wallet/') === true && sender.isTopFrame,
    log,
    incidentId: () => 'inc-1',
  });
  return { registry, lines };
}

describe('IPC registry', () => {
  it('parses the arguments, applies defaults and answers {ok:true, value}', async () => {
    const { registry } = setup();
    await expect(registry.call('test:echo', { text: 'ab', count: 2 }, trusted)).resolves.toEqual({
      ok: true,
      value: { text: 'abab' },
    });
    await expect(registry.call('test:echo', { text: 'ab' }, trusted)).resolves.toEqual({
      ok: true,
      value: { text: 'ab' },
    });
  });

  it('turns schema failures into a ValidationError with a readable sentence', async () => {
    const { registry } = setup();
    const reply = await registry.call('test:echo', { text: '', extra: 1 }, trusted);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    const error = deserializeError(reply.error);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toMatch(/^The request to test:echo was refused: text: must not be empty; .*extra/);
    expect(error.details?.issues).toEqual(expect.arrayContaining([{ path: 'text', message: 'must not be empty' }]));
  });

  it('refuses a call from an untrusted sender before parsing or running anything', async () => {
    const handler = vi.fn(() => ({ text: 'x' }));
    const { registry, lines } = setup({ 'test:echo': handler });
    const reply = await registry.call('test:echo', { text: 'hunter2' }, { ...trusted, isTopFrame: false });
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    const error = deserializeError(reply.error);
    expect(error).toBeInstanceOf(IpcError);
    expect(error.code).toBe('IPC_UNTRUSTED_SENDER');
    expect(handler).not.toHaveBeenCalled();
    expect(JSON.stringify(lines)).not.toContain('hunter2');
  });

  it('answers an unknown channel with IPC_UNKNOWN_CHANNEL', async () => {
    const { registry } = setup();
    const reply = await registry.call('test:nope', undefined, trusted);
    expect(reply).toMatchObject({ ok: false, error: { name: 'IpcError', code: 'IPC_UNKNOWN_CHANNEL' } });
  });

  it('passes WalletErrors through with their class, code and message', async () => {
    const { registry } = setup();
    const reply = await registry.call('test:fail', undefined, trusted);
    expect(reply).toEqual({
      ok: false,
      error: { name: 'AddressError', code: 'ADDRESS_INVALID', message: 'The address "T1" has a bad checksum.' },
    });
  });

  it('reports unexpected exceptions as INTERNAL and logs them without arguments or messages', async () => {
    const { registry, lines } = setup({
      'test:echo': ({ text }) => {
        throw new SyntaxError(`Unexpected token in ${text}`);
      },
    });
    const reply = await registry.call('test:echo', { text: 'correct horse battery staple' }, trusted);
    expect(reply).toMatchObject({
      ok: false,
      error: { name: 'IpcError', code: 'INTERNAL', details: { incident: 'inc-1' } },
    });
    if (reply.ok) return;
    expect(reply.error.message).not.toContain('correct horse');
    expect(reply.error.message).toContain('incident inc-1');
    const logged = JSON.stringify(lines);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', fields: { incident: 'inc-1', error: 'SyntaxError' } });
    expect(logged).not.toContain('correct horse');
  });

  it('drops result fields the contract does not list', async () => {
    const { registry } = setup();
    await expect(registry.call('test:leak', undefined, trusted)).resolves.toEqual({
      ok: true,
      value: { name: 'main' },
    });
  });

  it('reports a result that breaks the contract as INTERNAL', async () => {
    const { registry, lines } = setup({ 'test:echo': () => ({ text: 42 }) as unknown as { text: string } });
    const reply = await registry.call('test:echo', { text: 'x' }, trusted);
    expect(reply).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(lines[0]).toMatchObject({ level: 'error', fields: { error: 'ZodError' } });
  });

  it('refuses a handler map that does not match the contract', () => {
    expect(() =>
      createIpcRegistry({
        channels: testChannels,
        handlers: { 'test:echo': () => ({ text: '' }), 'test:other': () => null } as unknown as HandlerMap<
          typeof testChannels
        >,
        isTrustedSender: () => true,
        log: { info() {}, warn() {}, error() {} },
      }),
    ).toThrow(/missing: test:fail, test:leak; unknown: test:other/);
  });
});
