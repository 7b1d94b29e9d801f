import { describe, expect, it } from 'vitest';
import type { TronNodeClient } from '../../../../src-core/client/client';
import { transferContract } from '../../../../src-core/tx/builders';
import type { TransactionJson } from '../../../../src-core/tx/types';
import { COSIGN_UPDATE_WINDOW_MS, createDirectUpdateTransactions } from '../../../../src-main/wallet/permissions/update-transactions';
import { K } from '../../../fixtures/permissions';
import { quietLog, recordEvents } from '../helpers';

const HEAD = { number: 1000, blockId: '00000000000003e8' + 'ab'.repeat(24), timestamp: 1_700_000_000_000 };

function setup(handOff?: (tx: TransactionJson) => Promise<{ id: string; txid: string }>) {
  const signed: TransactionJson[] = [];
  const events = recordEvents();
  const updates = createDirectUpdateTransactions({
    client: () => ({ getRefBlock: async () => HEAD, broadcastTransaction: async () => ({ result: true }) }) as unknown as TronNodeClient,
    sign: async (tx) => {
      const out = { ...tx, signature: [...(tx.signature ?? []), '11'.repeat(65)] };
      signed.push(out);
      return out;
    },
    onBlock: () => () => undefined,
    emit: events.emit,
    log: quietLog,
    ...(handOff ? { handOff } : {}),
  });
  return { updates, signed };
}

const spec = transferContract({ owner: K.K1.base58, to: K.K2.base58, amount: 1n });

describe('permission update hand-off to the co-signing inbox', () => {
  it('gives an update the vault cannot complete a co-signing window and stores it in the inbox', async () => {
    const handed: TransactionJson[] = [];
    const { updates } = setup(async (tx) => (handed.push(tx), { id: 'env_00000000000000aa', txid: tx.txID }));
    const result = await updates.submit({ spec, permissionId: 0, signers: [{ accountId: 'acc_0000000000000001', weight: 1n }], threshold: 2n });
    expect(result).toMatchObject({ state: 'needs-cosigners', envelopeId: 'env_00000000000000aa', weight: 1n, threshold: 2n, signatures: 1 });
    expect(result.message).toMatch(/co-signing inbox/);
    expect(handed).toHaveLength(1);
    expect(Number(handed[0]!.raw_data.expiration) - HEAD.timestamp).toBe(COSIGN_UPDATE_WINDOW_MS);
    updates.dispose();
  });

  it('keeps the 60-second window when the vault signs alone, and says so when no inbox is wired', async () => {
    const alone = setup();
    await alone.updates.submit({ spec, permissionId: 0, signers: [{ accountId: 'acc_0000000000000001', weight: 2n }], threshold: 2n });
    expect(Number(alone.signed[0]!.raw_data.expiration) - HEAD.timestamp).toBe(60_000);
    const result = await alone.updates.submit({ spec, permissionId: 0, signers: [{ accountId: 'acc_0000000000000001', weight: 1n }], threshold: 2n });
    expect(result).toMatchObject({ state: 'needs-cosigners', envelopeId: null });
    alone.updates.dispose();
  });
});
