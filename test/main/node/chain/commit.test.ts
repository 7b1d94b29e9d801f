import { describe, expect, it } from 'vitest';
import { bytesToHex } from '@core/bytes/hex';
import { sealBlock } from '@main/node/model/block';
import { blockBatch, undoRecordsOf } from '@main/node/chain/commit';
import type { TxOutcome } from '@main/node/chain/processor';
import type { ParsedTransaction } from '@main/node/model/tx';
import { decodeUndo } from '@main/node/chain/undo';
import type { AccountRecord } from '@main/node/state/account';
import { newAccount } from '@main/node/state/account';
import type { DynamicProperties } from '@main/node/state/dynamic';
import { parseProperties } from '@main/node/state/dynamic';
import { RECORD } from '@main/node/state/records';
import type { StateReader } from '@main/node/state/view';
import { StateView } from '@main/node/state/view';
import { key, PREFIX, readU64, u64 } from '@main/node/store/store';
import { resolveConfig } from '@main/node/config';
import { genesisProperties } from '@main/node/chain/genesis';

function account(byte: number, balance: bigint): AccountRecord {
  const a = newAccount(new Uint8Array(21).fill(byte), { createTime: 0, activeOperations: new Uint8Array(32) });
  a.balance = balance;
  return a;
}

const [kept, removed] = [account(1, 10n), account(3, 30n)];
const head: StateReader = {
  getAccount: (hex) => [kept, removed].find((a) => a.addressHex === hex),
  nameOwner: () => undefined,
  getWitness: () => undefined,
  witnessAddresses: () => [],
  getRecord: (namespace, k) => (namespace === RECORD.votes && k === 'old' ? { v: 1 } : undefined),
  recordKeys: () => [],
};

const PROPS: DynamicProperties = {
  ...genesisProperties(resolveConfig(), [], 0, '00'.repeat(32)),
  headNumber: 5,
  solidNumber: 2,
};

describe('block commit', () => {
  it('records what a block changes as the head had it, and nothing the head never had', () => {
    const view = new StateView(head, PROPS);
    view.mutableAccount(kept.addressHex)!.balance = 11n;
    view.putNewAccount(account(2, 20n));
    view.deleteAccount(removed.addressHex);
    view.deleteAccount(account(4, 0n).addressHex);
    view.putRecord(RECORD.votes, 'old', { v: 2 });
    view.putRecord(RECORD.votes, 'new', { v: 3 });
    const undo = undoRecordsOf(head, view);
    expect([...undo.accounts].map(([hex, a]) => [hex, a?.balance ?? null])).toEqual([
      [kept.addressHex, 10n],
      [account(2, 0n).addressHex, null],
      [removed.addressHex, 30n],
    ]);
    expect([...undo.records.values()]).toEqual([{ v: 1 }, null]);
  });

  it('lays out the block, each transaction with its ret and info, the undo records and the properties', () => {
    const block = sealBlock({
      number: 6,
      timestamp: 18_000,
      parentHash: new Uint8Array(32),
      witnessAddress: new Uint8Array(21),
      transactions: [],
    });
    const id = new Uint8Array(32).fill(9);
    const tx = { id, idHex: bytesToHex(id) } as unknown as ParsedTransaction;
    const outcome: TxOutcome = { actuatorFee: 0n, netUsage: 0n, netFee: 0n, multiSignFee: 0n, memoFee: 0n };
    const ops = blockBatch({
      block,
      packed: [{ tx, outcome }],
      encoded: [Uint8Array.of(1, 2, 3)],
      undo: { accounts: new Map([[kept.addressHex, kept]]), records: new Map() },
      solidified: [3, 4],
      props: { ...PROPS, headNumber: 6 },
    });
    const byKey = new Map(ops.map((op) => [bytesToHex(op.key), op]));
    const put = (k: Uint8Array) => {
      const op = byKey.get(bytesToHex(k));
      return op?.type === 'put' ? op.value : undefined;
    };
    expect(put(key(PREFIX.block, u64(6)))).toEqual(block.bytes);
    expect(readU64(put(key(PREFIX.blockId, block.id))!)).toBe(6);
    const stored = put(key(PREFIX.tx, id))!;
    expect([readU64(stored), [...stored.subarray(8)]]).toEqual([6, [1, 2, 3]]);
    expect(put(key(PREFIX.info, id))).toBeDefined();
    expect(decodeUndo(put(key(PREFIX.undo, u64(6)))!).get(kept.addressHex)?.balance).toBe(10n);
    expect(put(key(PREFIX.recordUndo, u64(6)))).toBeUndefined();
    for (const n of [3, 4]) {
      expect(byKey.get(bytesToHex(key(PREFIX.undo, u64(n))))?.type).toBe('del');
      expect(byKey.get(bytesToHex(key(PREFIX.recordUndo, u64(n))))?.type).toBe('del');
    }
    expect(parseProperties(new TextDecoder().decode(put(key(PREFIX.meta)))).headNumber).toBe(6);
  });
});
