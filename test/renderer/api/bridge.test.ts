import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AppInfo } from '../../../src-core/ipc/channels/app';
import { AddressError, ValidationError, WalletError } from '../../../src-core/errors';
import { IpcError } from '../../../src-core/ipc/errors';
import { createBridge, unwrapResult } from '../../../src-renderer/api/bridge';

function fakeWindowApi(reply: unknown) {
  const calls: unknown[] = [];
  return {
    calls,
    raw: {
      app: {
        info: async (...args: unknown[]) => {
          calls.push(args);
          return reply;
        },
        openExplorer: async (args: unknown) => {
          calls.push([args]);
          return reply;
        },
      },
      on: (event: string, listener: (payload: unknown) => void) => {
        listener({ event });
        return () => calls.push(['off', event]);
      },
    },
  };
}

describe('renderer bridge', () => {
  it('returns the value of an ok reply', async () => {
    const { raw } = fakeWindowApi({ ok: true, value: { url: 'https://tronscan.org/#/block/1' } });
    await expect(createBridge(raw).app.openExplorer({ network: 'mainnet', kind: 'block', number: 1 })).resolves.toEqual(
      {
        url: 'https://tronscan.org/#/block/1',
      },
    );
  });

  it('rethrows errors as their registered classes with code and details', async () => {
    const { raw } = fakeWindowApi({
      ok: false,
      error: {
        name: 'ValidationError',
        code: 'VALIDATION_FAILED',
        message: 'The request was refused.',
        details: { issues: [] },
      },
    });
    const failure = await createBridge(raw)
      .app.info()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The request was refused.',
      details: { issues: [] },
    });
    expect(() =>
      unwrapResult({ ok: false, error: { name: 'AddressError', code: 'ADDRESS_INVALID', message: 'x' } }, 'a:b'),
    ).toThrow(AddressError);
    expect(() =>
      unwrapResult({ ok: false, error: { name: 'IpcError', code: 'INTERNAL', message: 'x' } }, 'a:b'),
    ).toThrow(IpcError);
  });

  it('keeps the name of an error class this window does not know', () => {
    const error = (() => {
      try {
        unwrapResult(
          { ok: false, error: { name: 'VaultError', code: 'VAULT_LOCKED', message: 'Unlock first.' } },
          'vault:sign',
        );
      } catch (caught) {
        return caught as WalletError;
      }
    })();
    expect(error).toBeInstanceOf(WalletError);
    expect(error).toMatchObject({ name: 'VaultError', code: 'VAULT_LOCKED' });
  });

  it('refuses a malformed reply with IPC_BAD_RESPONSE', async () => {
    const { raw } = fakeWindowApi('surprise');
    await expect(createBridge(raw).app.info()).rejects.toMatchObject({ name: 'IpcError', code: 'IPC_BAD_RESPONSE' });
  });

  it('fails with IPC_NO_BRIDGE when the window has no api', async () => {
    await expect(createBridge(undefined).app.info()).rejects.toMatchObject({ name: 'IpcError', code: 'IPC_NO_BRIDGE' });
    expect(() => createBridge({}).on('node:block', () => {})).toThrow(IpcError);
  });

  it('passes subscriptions through and hands back the unsubscribe function', () => {
    const { raw, calls } = fakeWindowApi(null);
    const seen: unknown[] = [];
    const off = createBridge(raw).on('node:status', (payload) => seen.push(payload));
    off();
    expect(seen).toEqual([{ event: 'node:status' }]);
    expect(calls).toEqual([['off', 'node:status']]);
  });

  it('is frozen', () => {
    const bridge = createBridge(undefined);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.isFrozen(bridge.app)).toBe(true);
  });

  it('derives call signatures from the contract schemas', async () => {
    const bridge = createBridge(undefined);
    expectTypeOf(bridge.app.info).returns.resolves.toEqualTypeOf<AppInfo>();
    expectTypeOf(bridge.app.openExplorer).returns.resolves.toEqualTypeOf<{ url: string }>();
    // @ts-expect-error app:info takes no argument
    await expect(bridge.app.info({})).rejects.toBeInstanceOf(IpcError);
    // @ts-expect-error app:openExplorer needs a request
    await expect(bridge.app.openExplorer()).rejects.toBeInstanceOf(IpcError);
  });
});
