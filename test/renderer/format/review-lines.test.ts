import { describe, expect, it } from 'vitest';
import type { PreparedTxView } from '../../../src-core/ipc/channels/tx';
import { reviewLines } from '../../../src-renderer/format/review-lines';

const prepared = (
  memo: string | null,
): Pick<
  PreparedTxView,
  'summary' | 'signing' | 'expiration' | 'headTime' | 'memo' | 'feeLimitSun' | 'contractAddress' | 'txid'
> => ({
  summary: [{ label: 'Send', value: '3 TRX' }],
  signing: {
    threshold: 1n,
    currentWeight: 0n,
    signer: null,
    needsCosigning: false,
    explanation: 'Treasury signs alone.',
    signedBy: [],
  },
  expiration: Date.UTC(2026, 11, 2, 20, 34, 39),
  headTime: Date.UTC(2026, 11, 2, 20, 4, 39),
  memo,
  feeLimitSun: null,
  contractAddress: null,
  txid: 'ab'.repeat(32),
});

describe('reviewLines', () => {
  it('shows the memo the transaction carries, as it will be written on chain', () => {
    const lines = reviewLines(prepared('Invoice 2026-114') as PreparedTxView, 'UTC');
    expect(lines.find((l) => l.label === 'Memo')?.value).toBe('Invoice 2026-114');
  });

  it('leaves the memo line out when the transaction has none', () => {
    const lines = reviewLines(prepared(null) as PreparedTxView, 'UTC');
    expect(lines.map((l) => l.label)).toEqual(['Send', 'Who signs', 'Expires', 'Transaction id']);
  });
});
