import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TronNodeClient } from '@core/client/client';
import { BroadcastError, NetworkError } from '@core/errors';
import type { TransactionJson } from '@core/tx/types';
import type { TxState } from '@core/ipc/channels/tx';
import { History } from '@main/wallet/stores/history';
import { TransactionTracker, type FollowedTransaction } from '@main/wallet/transactions/transaction-tracker';
import { expectWalletError, quietLog, recordEvents, removeDir, tempDir, type RecordedEvents } from '../helpers';

const TXID = 'ab'.repeat(32);
const OWNER = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const TRANSACTION = { txID: TXID, raw_data: { contract: [] }, raw_data_hex: '' } as unknown as TransactionJson;
const FACTS: FollowedTransaction = {
  txid: TXID,
  contractType: 'TransferContract',
  owner: OWNER,
  permissionId: 2,
  expiresAt: 1_700_000_060_000,
};

/**
 * The tracker on a stand-in node: `broadcastTransaction` does what the test says, and the node
 * holds the transaction in its pool once it was accepted (no info, no block yet).
 */
describe('transaction tracker', () => {
  let dir: string;
  let history: History;
  let events: RecordedEvents;
  let broadcast: (tx: TransactionJson) => Promise<unknown>;
  let tracker: TransactionTracker;
  let accepted: boolean;

  beforeEach(async () => {
    dir = await tempDir('tracker-');
    history = await History.open(join(dir, 'history.json'));
    events = recordEvents();
    accepted = false;
    broadcast = async () => {
      accepted = true;
      return { txid: TXID };
    };
    const client = {
      broadcastTransaction: (tx: TransactionJson) => broadcast(tx),
      getTransactionInfoById: async () => null,
      getTransactionById: async () => (accepted ? TRANSACTION : null),
    } as unknown as TronNodeClient;
    tracker = new TransactionTracker({
      chain: {
        client: () => client,
        requireClient: () => client,
        stores: () => ({ history }) as never,
        head: () => null,
        onBlock: () => () => undefined,
        onNetworkChange: () => () => undefined,
      },
      emit: events.emit,
      log: quietLog,
      now: () => 1_700_000_001_000,
    });
  });
  afterEach(async () => {
    tracker.dispose();
    await history.store.close();
    await removeDir(dir);
  });

  it('records a refusal once as failed with the node’s words, announces it as rejected, and throws it', async () => {
    broadcast = async () => {
      throw new BroadcastError('BROADCAST_FAILED', 'Validate signature error: low weight', { txid: TXID });
    };
    let calledBack = false;
    await expectWalletError(
      tracker.broadcast(TRANSACTION, FACTS, () => {
        calledBack = true;
      }),
      'BroadcastError',
      'BROADCAST_FAILED',
    );
    expect(calledBack).toBe(false);
    expect(history.get(TXID)).toMatchObject({
      status: 'failed',
      type: 'TransferContract',
      owner: OWNER,
      permissionId: 2,
      expiresAt: FACTS.expiresAt,
      message: 'Validate signature error: low weight',
      broadcastAt: null,
    });
    expect(events.of('tx:status')).toEqual([
      { txid: TXID, state: 'rejected', message: 'Validate signature error: low weight' },
    ]);
  });

  it('records nothing when the node cannot be reached, and passes the error on', async () => {
    broadcast = async () => {
      throw new NetworkError('NETWORK_UNREACHABLE', 'The node did not answer.');
    };
    await expectWalletError(tracker.broadcast(TRANSACTION, FACTS), 'NetworkError', 'NETWORK_UNREACHABLE');
    expect(history.get(TXID)).toBeUndefined();
    expect(events.of('tx:status')).toEqual([]);
  });

  it('calls back once the node took it, then records it pending and follows it in the pool', async () => {
    const order: string[] = [];
    const view = await tracker.broadcast(TRANSACTION, FACTS, (at) => {
      order.push(`accepted at ${at}, history ${history.get(TXID)?.status ?? 'none'}`);
    });
    expect(order).toEqual(['accepted at 1700000001000, history none']);
    expect(view).toMatchObject({ txid: TXID, state: 'pool', owner: OWNER, broadcastAt: 1_700_000_001_000 });
    expect(history.get(TXID)).toMatchObject({
      status: 'pending',
      owner: OWNER,
      permissionId: 2,
      broadcastAt: 1_700_000_001_000,
      message: null,
    });
    expect(events.of('tx:status')).toEqual([{ txid: TXID, state: 'pool' }]);
  });

  it('tells the transaction service what the node showed for each read', async () => {
    const reads: [string, TxState][] = [];
    tracker.attach({ has: (txid) => txid === TXID, read: (txid, state) => void reads.push([txid, state]) });
    await tracker.broadcast(TRANSACTION, FACTS);
    await tracker.track(TXID);
    expect(reads).toEqual([
      [TXID, 'pool'],
      [TXID, 'pool'],
    ]);
  });

  it('looks up a txid nobody here knows once, without adding it to the history', async () => {
    const view = await tracker.track('cd'.repeat(32));
    expect(view.message).toBe('This network does not know the transaction (yet).');
    expect(history.get('cd'.repeat(32))).toBeUndefined();
  });
});
