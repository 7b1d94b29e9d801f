import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TronNodeClient } from '@core/client/client';
import type { Block } from '@core/client/types';
import type { NodeBlock } from '@core/ipc/channels/node';
import { transactionFromRawData } from '@core/tx/codec';
import type { TransactionJson } from '@core/tx/types';
import { toBase58Address } from '@core/address/address';
import { IncomingTransfers } from '@main/wallet/history/incoming-transfers';
import { NetworkStores } from '@main/wallet/stores/network-stores';
import { K, byName } from '../../../fixtures/permissions';
import { quietLog, recordEvents, removeDir, tempDir } from '../helpers';

// Both vectors are payments from K1's account to K3: 2.5 TRX, and 1 base unit × 10^6 of a TRC20.
const trxPayment = transactionFromRawData(byName('transfer_multisig_pid2').raw_data);
const tokenPayment = transactionFromRawData(byName('trigger_trc20_transfer_multisig_pid2').raw_data);
const TOKEN = toBase58Address(String(tokenPayment.raw_data.contract[0]!.parameter.value.contract_address));

const succeeded = (tx: TransactionJson): TransactionJson => ({ ...tx, ret: [{ contractRet: 'SUCCESS' }] });
const reverted = (tx: TransactionJson): TransactionJson => ({ ...tx, ret: [{ contractRet: 'REVERT' }] });

function block(number: number, transactions: TransactionJson[] = []): Block {
  return {
    blockID: number.toString(16).padStart(64, '0'),
    block_header: {
      raw_data: {
        number,
        timestamp: 1_700_000_000_000 + number * 3000,
        txTrieRoot: '00'.repeat(32),
        parentHash: '00'.repeat(32),
        witness_address: undefined,
        version: 0,
      },
      witness_signature: '',
    },
    transactions,
  };
}

describe('incoming transfers', () => {
  let dir: string;
  let stores: NetworkStores;
  let chain: Map<number, Block>;
  let solid: number;
  let requests: [number, number][];
  const accounts = [{ addressHex: K.K3.hex }];

  const client = {
    async getBlockByLimitNext(start: number, end: number) {
      requests.push([start, end]);
      const out: Block[] = [];
      for (let n = start; n < end; n += 1) out.push(chain.get(n) ?? block(n));
      return out;
    },
  } as unknown as TronNodeClient;

  function scanner(events = recordEvents(), blocksPerPass?: number): IncomingTransfers {
    return new IncomingTransfers({
      chain: {
        client: () => client,
        stores: () => stores,
        head: () => ({ number: solid + 19, solidBlock: solid }) as NodeBlock,
        onBlock: () => () => {},
        onNetworkChange: () => () => {},
      },
      accounts: { listAccounts: () => accounts },
      emit: events.emit,
      log: quietLog,
      ...(blocksPerPass !== undefined ? { blocksPerPass } : {}),
    });
  }

  beforeEach(async () => {
    dir = await tempDir();
    stores = await NetworkStores.open(dir, 'embedded');
    await stores.tokens.put({ address: TOKEN, name: 'Test token', symbol: 'TT', decimals: 6, addedAt: 1 });
    chain = new Map();
    requests = [];
    solid = 10;
  });
  afterEach(async () => {
    await stores.close();
    await removeDir(dir);
  });

  it('lists TRX and watched-token payments to an account of this wallet, dated by their block', async () => {
    chain.set(4, block(4, [trxPayment]));
    chain.set(7, block(7, [succeeded(tokenPayment)]));
    const events = recordEvents();
    expect(await scanner(events).scan()).toBe(2);
    const entries = stores.history.list();
    expect(entries.map((e) => [e.txid, e.direction, e.status, e.blockNumber, e.owner])).toEqual([
      [tokenPayment.txID, 'in', 'confirmed', 7, K.K1.base58],
      [trxPayment.txID, 'in', 'confirmed', 4, K.K1.base58],
    ]);
    expect(entries[1]!.confirmedAt).toBe(1_700_000_000_000 + 4 * 3000);
    expect(entries[1]!.feeSun).toBeNull();
    expect(events.of('history:changed')).toEqual([{ added: 2 }]);
  });

  it('leaves out what this wallet paid itself from outside, a token it does not watch, and a reverted call', async () => {
    await stores.tokens.remove(TOKEN);
    chain.set(3, block(3, [succeeded(tokenPayment)]));
    expect(await scanner().scan()).toBe(0);
    await stores.tokens.put({ address: TOKEN, name: 'Test token', symbol: 'TT', decimals: 6, addedAt: 1 });
    await stores.incomingScan.update(() => ({ scannedThrough: null }));
    chain.set(3, block(3, [reverted(tokenPayment)]));
    expect(await scanner().scan()).toBe(0);
    accounts.push({ addressHex: K.K1.hex });
    chain.set(3, block(3, [trxPayment]));
    await stores.incomingScan.update(() => ({ scannedThrough: null }));
    try {
      expect(await scanner().scan()).toBe(0);
    } finally {
      accounts.pop();
    }
    expect(stores.history.list()).toEqual([]);
  });

  it('keeps a transaction built here as it is, rather than listing it again as incoming', async () => {
    await stores.history.record({ txid: trxPayment.txID, type: 'TransferContract', status: 'confirmed' }, 5);
    chain.set(2, block(2, [trxPayment]));
    expect(await scanner().scan()).toBe(0);
    expect(stores.history.list().map((e) => [e.txid, e.direction])).toEqual([[trxPayment.txID, undefined]]);
  });

  it('reads only solidified blocks, a bounded number per pass, and resumes after the last one searched', async () => {
    solid = 30;
    chain.set(25, block(25, [trxPayment]));
    const first = scanner(recordEvents(), 10);
    expect(await first.scan()).toBe(0);
    expect(requests).toEqual([[1, 11]]);
    expect(stores.incomingScan.read().scannedThrough).toBe(10);
    // A desk restarted later: a new scanner resumes from the stored cursor.
    const again = scanner(recordEvents(), 10);
    await again.scan();
    expect(await again.scan()).toBe(1);
    expect(await again.scan()).toBe(0);
    expect(requests).toEqual([
      [1, 11],
      [11, 21],
      [21, 31],
    ]);
    expect(stores.incomingScan.read().scannedThrough).toBe(30);
    solid = 31;
    chain.set(31, block(31, [trxPayment]));
    expect(await again.scan()).toBe(0);
    expect(stores.history.list()).toHaveLength(1);
  });
});
