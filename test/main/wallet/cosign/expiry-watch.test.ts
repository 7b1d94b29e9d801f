import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NodeBlock } from '@core/ipc/channels/node';
import { ExpiryWatch } from '@main/wallet/cosign/expiry-watch';
import { Envelopes, ENVELOPES_FILE } from '@main/wallet/stores/envelopes';
import { History } from '@main/wallet/stores/history';
import { proposal } from '../../../core/envelope/helpers';
import { quietLog, recordEvents, removeDir, tempDir, type RecordedEvents } from '../helpers';

describe('expiry watch of the inbox', () => {
  let dir: string;
  let envelopes: Envelopes;
  let history: History;
  let events: RecordedEvents;
  let block: (b: NodeBlock) => void;
  let watch: ExpiryWatch;
  /** Block of the transaction as the stub node reports it (0: in no block). */
  let inBlock = 0;
  const envelope = proposal();
  const txid = envelope.transaction.txID;
  const at = (timestamp: number) => ({ number: 1, id: '00'.repeat(32), timestamp, transactionCount: 0 });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  beforeEach(async () => {
    dir = await tempDir('expiry-watch-');
    envelopes = await Envelopes.open(join(dir, ENVELOPES_FILE));
    history = await History.open(join(dir, 'history.json'));
    events = recordEvents();
    inBlock = 0;
    watch = new ExpiryWatch({
      chain: {
        stores: () => ({ envelopes }) as never,
        client: () =>
          ({ getTransactionInfoById: async () => (inBlock > 0 ? { blockNumber: inBlock } : null) }) as never,
        onBlock: (listener) => ((block = listener), () => undefined),
        onNetworkChange: () => () => undefined,
      },
      tracker: {
        historyEntry: (id) => history.get(id),
        record: async (fields) => void (await history.record(fields)),
      },
      emit: events.emit,
      log: quietLog,
    });
  });
  afterEach(async () => {
    watch.dispose();
    await removeDir(dir);
  });

  it('marks an unbroadcast envelope expired once: in the history and with cosign:changed', async () => {
    const { entry } = await envelopes.add(envelope, { origin: 'proposed' });
    await history.record({ txid, type: 'TransferContract', status: 'signed' });
    block(at(envelope.expiresAt - 10_000));
    await settle();
    expect(events.of('cosign:changed')).toEqual([]);
    block(at(envelope.expiresAt + 3_000));
    // The history write is a file write: on a busy machine it may take longer than any fixed pause.
    await vi.waitFor(() => expect(events.of('cosign:changed')).toHaveLength(1), { timeout: 10_000 });
    block(at(envelope.expiresAt + 6_000));
    await settle();
    expect(events.of('cosign:changed')).toEqual([{ id: entry.id, txid, stage: 'expired' }]);
    expect(history.get(txid)).toMatchObject({
      status: 'expired',
      message: 'It expired before enough signatures were collected; re-propose it.',
    });
  });

  it('leaves a broadcast envelope alone', async () => {
    const { entry } = await envelopes.add(envelope, { origin: 'proposed' });
    await envelopes.update(entry.id, () => ({ broadcastAt: 5 }));
    block(at(envelope.expiresAt + 3_000));
    await settle();
    expect(events.of('cosign:changed')).toEqual([]);
  });

  it('does not call expired an envelope the node holds in a block: another desk broadcast it in time', async () => {
    await envelopes.add(envelope, { origin: 'proposed' });
    await history.record({ txid, type: 'TransferContract', status: 'signed' });
    inBlock = 42;
    block(at(envelope.expiresAt + 3_000));
    await settle();
    await settle();
    expect(events.of('cosign:changed')).toEqual([]);
    expect(history.get(txid)?.status).toBe('signed');
  });
});
