import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NodeBlock } from '@core/ipc/channels/node';
import { signingProgress } from '@core/envelope';
import { EnvelopeFollower } from '@main/wallet/cosign/envelope-follower';
import { Envelopes, ENVELOPES_FILE } from '@main/wallet/stores/envelopes';
import { History } from '@main/wallet/stores/history';
import { multisig, proposal, trigger, unsignedOf } from '../../../core/envelope/helpers';
import { quietLog, recordEvents, removeDir, tempDir, type RecordedEvents } from '../helpers';

/**
 * The follower over a stub node: which envelopes it looks up on a block, and what it records
 * when the node holds the transaction, holds it as failed, or never got it before the expiration.
 */
describe('envelope follower over a stub node', () => {
  let dir: string;
  let envelopes: Envelopes;
  let history: History;
  let events: RecordedEvents;
  let follower: EnvelopeFollower;
  /** Transaction infos the stub node knows, by txid. */
  let infos: Map<string, Record<string, unknown>>;
  let lookups: string[];
  const transfer = proposal();
  const call = proposal({ transaction: unsignedOf(trigger) });
  const block = (timestamp: number): NodeBlock =>
    ({ number: 10, id: '00'.repeat(32), timestamp, transactionCount: 0, solidBlock: 9 }) as NodeBlock;
  const info = (fields: Record<string, unknown>) => ({
    blockNumber: 7,
    blockTimeStamp: 1_700_000_123_000,
    fee: 1_100_000n,
    result: 'SUCESS',
    resMessage: '',
    receipt: { result: 'SUCCESS' },
    ...fields,
  });

  beforeEach(async () => {
    dir = await tempDir('envelope-follower-');
    envelopes = await Envelopes.open(join(dir, ENVELOPES_FILE));
    history = await History.open(join(dir, 'history.json'));
    events = recordEvents();
    infos = new Map();
    lookups = [];
    const client = {
      getTransactionInfoById: async (txid: string) => (lookups.push(txid), infos.get(txid) ?? null),
      getTransactionById: async () => ({ ...multisig.tronweb_transaction_json }),
    };
    follower = new EnvelopeFollower({
      chain: {
        client: () => client as never,
        stores: () => ({ envelopes }) as never,
        head: () => block(transfer.expiresAt - 60_000),
        onBlock: () => () => undefined,
        onNetworkChange: () => () => undefined,
      },
      tracker: {
        historyEntry: (txid) => history.get(txid),
        record: async (fields) => void (await history.record(fields)),
      },
      emit: events.emit,
      log: quietLog,
      lookupsPerPass: 1,
    });
  });
  afterEach(async () => {
    follower.dispose();
    await removeDir(dir);
  });

  it('looks up no more envelopes per block than its cap, each in its turn, and skips the ones this desk broadcast', async () => {
    await envelopes.add(transfer, { origin: 'proposed' });
    const { entry } = await envelopes.add(call, { origin: 'imported' });
    await follower.follow(block(transfer.expiresAt - 60_000));
    await follower.follow(block(transfer.expiresAt - 57_000));
    expect(lookups).toHaveLength(2);
    expect(new Set(lookups)).toEqual(new Set([transfer.transaction.txID, call.transaction.txID]));
    await envelopes.update(entry.id, () => ({ broadcastAt: 5 }));
    await follower.follow(block(transfer.expiresAt - 54_000));
    await follower.follow(block(transfer.expiresAt - 51_000));
    expect(lookups.slice(2)).toEqual([transfer.transaction.txID, transfer.transaction.txID]);
  });

  it('takes the on-chain signatures and block of a transaction another desk broadcast, and records it confirmed once solid', async () => {
    const { entry } = await envelopes.add(transfer, { origin: 'proposed' });
    await history.record({ txid: transfer.transaction.txID, type: 'TransferContract', status: 'signed' });
    expect(signingProgress(transfer).currentWeight).toBe(0n);
    infos.set(transfer.transaction.txID, info({}));
    await follower.follow(block(transfer.expiresAt - 60_000));
    const stored = envelopes.get(entry.id)!;
    expect(stored.onChain).toEqual({
      blockNumber: 7,
      blockTime: 1_700_000_123_000,
      broadcastBy: 'elsewhere',
      signatureCount: 2,
    });
    expect(signingProgress(envelopes.envelopeOf(stored))).toMatchObject({ currentWeight: 2n, thresholdMet: true });
    expect(history.get(transfer.transaction.txID)).toMatchObject({
      status: 'confirmed',
      blockNumber: 7,
      confirmedAt: 1_700_000_123_000,
      feeSun: 1_100_000n,
      broadcastAt: null,
    });
    expect(events.of('cosign:changed')).toEqual([
      { id: entry.id, txid: transfer.transaction.txID, stage: 'confirmed' },
    ]);
  });

  it('records a transaction the chain holds as failed with the node’s reason', async () => {
    await envelopes.add(call, { origin: 'proposed' });
    await history.record({ txid: call.transaction.txID, type: 'TriggerSmartContract', status: 'signed' });
    infos.set(
      call.transaction.txID,
      info({ result: 'FAILED', resMessage: 'REVERT opcode executed', receipt: { result: 'REVERT' } }),
    );
    await follower.follow(block(call.expiresAt - 60_000));
    expect(history.get(call.transaction.txID)).toMatchObject({
      status: 'failed',
      blockNumber: 7,
      message: 'REVERT opcode executed',
    });
  });

  it('marks expired an envelope no block holds once the head is past its expiration, and looks it up no more', async () => {
    const { entry } = await envelopes.add(transfer, { origin: 'proposed' });
    await history.record({ txid: transfer.transaction.txID, type: 'TransferContract', status: 'signed' });
    await follower.follow(block(transfer.expiresAt - 3_000));
    expect(history.get(transfer.transaction.txID)?.status).toBe('signed');
    await follower.follow(block(transfer.expiresAt + 3_000));
    await vi.waitFor(() => expect(history.get(transfer.transaction.txID)?.status).toBe('expired'));
    expect(events.of('cosign:changed')).toEqual([{ id: entry.id, txid: transfer.transaction.txID, stage: 'expired' }]);
    await follower.follow(block(transfer.expiresAt + 6_000));
    expect(lookups).toHaveLength(2);
  });
});
