import { describe, expect, it } from 'vitest';
import { PreparedTransactions, type Prepared } from '@main/wallet/transactions/prepared';
import { expectWalletError } from '../helpers';

const txid = (n: number) => n.toString(16).padStart(64, '0');
const entry = (n: number, state: Prepared['state'] = 'created', networkKey = 'embedded') =>
  ({ txid: txid(n), state, networkKey }) as Prepared;

describe('prepared transactions of this session', () => {
  it('finds one by txid in either case, only on the network it was built on', async () => {
    const prepared = new PreparedTransactions();
    prepared.remember(entry(0xab));
    expect(prepared.require(txid(0xab).toUpperCase(), 'embedded').txid).toBe(txid(0xab));
    await expectWalletError(async () => prepared.require(txid(0xab), 'nile'), 'TransactionError', 'TX_UNKNOWN');
    await expectWalletError(async () => prepared.require(txid(0xcd), 'embedded'), 'TransactionError', 'TX_UNKNOWN');
  });

  it('keeps at most 100, dropping unsigned ones first', () => {
    const prepared = new PreparedTransactions();
    prepared.remember(entry(1, 'signed'));
    for (let n = 2; n <= 101; n++) prepared.remember(entry(n));
    expect(prepared.has(txid(1))).toBe(true);
    expect(prepared.has(txid(2))).toBe(false);
    expect(prepared.has(txid(101))).toBe(true);
  });

  it('follows the node to pool, block and the end, but not back to an earlier state', () => {
    const prepared = new PreparedTransactions();
    const p = entry(7, 'signed');
    prepared.remember(p);
    prepared.read(txid(7), 'pool');
    expect(p.state).toBe('pool');
    prepared.read(txid(7), 'confirmed');
    expect(p.state).toBe('confirmed');
    prepared.read(txid(7), 'signed');
    expect(p.state).toBe('confirmed');
  });
});
