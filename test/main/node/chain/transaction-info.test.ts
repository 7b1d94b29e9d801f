import { describe, expect, it } from 'vitest';
import { longToBigint, protocol } from '@core/proto/runtime';
import type { TxOutcome } from '@main/node/chain/processor';
import { encodeInfo } from '@main/node/chain/transaction-info';
import type { ParsedTransaction } from '@main/node/model/tx';

describe('TransactionInfo of a system contract', () => {
  it('carries the block, the total fee and the bandwidth receipt', () => {
    const tx = { id: new Uint8Array(32).fill(5) } as unknown as ParsedTransaction;
    const outcome: TxOutcome = {
      actuatorFee: 1_000_000n,
      netUsage: 0n,
      netFee: 268_000n,
      multiSignFee: 1_000_000n,
      memoFee: 0n,
    };
    const info = protocol.TransactionInfo.decode(encodeInfo(tx, outcome, { number: 12, timestamp: 36_000 }));
    expect([...info.id]).toEqual([...tx.id]);
    expect(longToBigint(info.blockNumber as never)).toBe(12n);
    expect(longToBigint(info.blockTimeStamp as never)).toBe(36_000n);
    expect(longToBigint(info.fee as never)).toBe(2_268_000n);
    expect(longToBigint(info.receipt!.net_fee as never)).toBe(268_000n);
    expect(longToBigint(info.receipt!.net_usage as never)).toBe(0n);
  });

  it('leaves the fee out when nothing was charged, and reports the bytes of free bandwidth used', () => {
    const tx = { id: new Uint8Array(32) } as unknown as ParsedTransaction;
    const outcome: TxOutcome = { actuatorFee: 0n, netUsage: 267n, netFee: 0n, multiSignFee: 0n, memoFee: 0n };
    const info = protocol.TransactionInfo.decode(encodeInfo(tx, outcome, { number: 1, timestamp: 3000 }));
    expect(longToBigint(info.fee as never)).toBe(0n);
    expect(longToBigint(info.receipt!.net_usage as never)).toBe(267n);
  });
});
