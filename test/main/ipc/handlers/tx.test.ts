import { describe, expect, it } from 'vitest';
import { deserializeError, TransactionError } from '@core/errors';
import { channels } from '@core/ipc/contract';
import type { TxRequest } from '@core/ipc/channels/tx';
import { createHandlers, type Services } from '@main/ipc/handlers';
import { createIpcRegistry } from '@main/ipc/registry';
import { serviceDoubles } from '../../../fixtures/service-doubles';
import { vectors } from '../../../fixtures/vectors';
import { quietLog } from '../../wallet/helpers';

const trusted = { url: 'app://wallet/index.html', isTopFrame: true, isAppWindow: true };
const [first, second] = Object.values<{ hex: string; base58: string }>(vectors.keys);

describe('tx handlers', () => {
  function registry(tx: Partial<Services['tx']>) {
    const doubles = serviceDoubles();
    return createIpcRegistry({
      channels,
      handlers: createHandlers({
        app: { info: () => ({}) as never, openExternal: async () => {}, writeClipboard: () => {} },
        ...doubles,
        tx: { ...doubles.tx, ...tx },
      }),
      isTrustedSender: () => true,
      log: quietLog,
    });
  }

  it('hands the service a parsed request with bigint amounts', async () => {
    const seen: TxRequest[] = [];
    const reg = registry({
      estimate: async (request) => {
        seen.push(request);
        return { kind: request.kind, energy: null, feeLimits: [], problem: null, revertReason: null };
      },
    });
    const reply = await reg.call(
      'tx:estimate',
      { kind: 'freeze', owner: first!.base58, amountSun: '1000000', resource: 'ENERGY' },
      trusted,
    );
    expect(reply.ok).toBe(true);
    expect(seen).toEqual([{ kind: 'freeze', owner: first!.base58, amountSun: 1_000_000n, resource: 'ENERGY' }]);
  });

  it('refuses a malformed request before the service sees it', async () => {
    let called = false;
    const reg = registry({
      build: async () => {
        called = true;
        throw new Error('unreachable');
      },
    });
    const reply = await reg.call(
      'tx:build',
      { kind: 'trx-transfer', owner: first!.base58, to: second!.base58, amountSun: '0.5' },
      trusted,
    );
    expect(reply.ok).toBe(false);
    expect(called).toBe(false);
    if (!reply.ok) expect(deserializeError(reply.error)).toMatchObject({ name: 'ValidationError' });
  });

  it('returns service errors with their class and code', async () => {
    const reg = registry({
      sign: () => {
        throw new TransactionError('TX_UNKNOWN', 'Build it again.');
      },
    });
    const reply = await reg.call('tx:sign', { txid: 'ab'.repeat(32) }, trusted);
    expect(reply.ok).toBe(false);
    if (!reply.ok)
      expect(deserializeError(reply.error)).toMatchObject({ name: 'TransactionError', code: 'TX_UNKNOWN' });
  });
});
