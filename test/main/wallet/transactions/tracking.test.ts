import { describe, expect, it } from 'vitest';
import { toBase58Address } from '@core/address/address';
import type { TronNodeClient } from '@core/client/client';
import type { Block, TransactionInfo } from '@core/client/types';
import type { TxState } from '@core/ipc/channels/tx';
import type { TransactionJson } from '@core/tx/types';
import {
  historyStatusOf,
  judgeSuccess,
  LIFECYCLE,
  readTrack,
  type TrackedMeta,
} from '@main/wallet/transactions/tracking';

const TXID = 'ab'.repeat(32);
const OWNER_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const OWNER = toBase58Address(OWNER_HEX);
const BLOCK_ID = 'cd'.repeat(32);
const NOW = 1_700_000_100_000;
const EXPIRATION = 1_700_000_060_000;

/** A transaction info as the client parses it: receipt.result is "DEFAULT" when java-tron prints none. */
function info(
  fields: { blockNumber?: number; receiptResult?: string; result?: 'SUCESS' | 'FAILED'; resMessage?: string } = {},
): TransactionInfo {
  return {
    id: TXID as TransactionInfo['id'],
    fee: 345_000n,
    blockNumber: fields.blockNumber ?? 12,
    blockTimeStamp: 1_700_000_036_000,
    contractResult: [''],
    contract_address: undefined,
    receipt: {
      energy_usage: 0,
      energy_fee: 0n,
      origin_energy_usage: 0,
      energy_usage_total: 1_500,
      net_usage: 345,
      net_fee: 345_000n,
      energy_penalty_total: 0,
      result: fields.receiptResult ?? 'DEFAULT',
    },
    log: [],
    result: fields.result ?? 'SUCESS',
    resMessage: fields.resMessage ?? '',
    internal_transactions: [],
    withdraw_amount: 0n,
    unfreeze_amount: 0n,
    withdraw_expire_amount: 0n,
    raw: {},
  };
}

function transaction(contractRet: string | undefined): TransactionJson {
  return {
    txID: TXID,
    raw_data: {
      contract: [
        {
          type: 'TransferContract',
          parameter: {
            value: { owner_address: OWNER_HEX, to_address: OWNER_HEX, amount: 1 },
            type_url: 'type.googleapis.com/protocol.TransferContract',
          },
        },
      ],
      ref_block_bytes: '0001',
      ref_block_hash: '0000000000000000',
      expiration: EXPIRATION,
    },
    raw_data_hex: '',
    ...(contractRet !== undefined ? { ret: [{ contractRet }] } : {}),
  } as TransactionJson;
}

/** What the node knows about the transaction: in the pool (tx), in a block (info), solidified (solid). */
interface ChainFacts {
  tx?: TransactionJson;
  info?: TransactionInfo;
  solid?: TransactionInfo;
}

function fakeClient(facts: ChainFacts): { client: TronNodeClient; reads: string[] } {
  const reads: string[] = [];
  const client = {
    async getTransactionInfoById(_txid: string, options: { solidity?: boolean } = {}) {
      reads.push(options.solidity ? 'solid-info' : 'info');
      return (options.solidity ? facts.solid : (facts.info ?? facts.solid)) ?? null;
    },
    async getTransactionById() {
      reads.push('tx');
      return facts.tx ?? null;
    },
    async getBlockByNum(num: number): Promise<Block> {
      reads.push(`block ${num}`);
      return {
        blockID: BLOCK_ID,
        block_header: { raw_data: { number: num } as Block['block_header']['raw_data'], witness_signature: '' },
        transactions: [],
      };
    },
  } as unknown as TronNodeClient;
  return { client, reads };
}

function meta(state: TxState, broadcastAt: number | null): TrackedMeta {
  return {
    txid: TXID,
    kind: 'trx-transfer',
    contractType: 'TransferContract',
    owner: null,
    expiration: EXPIRATION,
    estimatedBurnSun: 345_000n,
    state,
    message: null,
    createdAt: NOW - 50_000,
    broadcastAt,
    confirmedAt: null,
  };
}

async function track(start: TrackedMeta, facts: ChainFacts, headTime = EXPIRATION - 30_000) {
  const { client, reads } = fakeClient(facts);
  const view = await readTrack(start, { client, abiOf: async () => null, headTime, solidBlock: 10 }, NOW);
  return { view, reads, reached: view.steps.filter((s) => s.reached).map((s) => s.state) };
}

describe('judging success (receipt.result, then contractRet, case-insensitively)', () => {
  it.each([
    ['SUCCESS', true, 'SUCCESS'],
    ['success', true, 'SUCCESS'],
    ['Success', true, 'SUCCESS'],
    ['REVERT', false, 'REVERT'],
    ['revert', false, 'REVERT'],
    ['OUT_OF_ENERGY', false, 'OUT_OF_ENERGY'],
    ['out_of_energy', false, 'OUT_OF_ENERGY'],
    ['Out_Of_Energy', false, 'OUT_OF_ENERGY'],
  ])('reads receipt.result %s as success=%s (%s), whatever contractRet says', (receiptResult, success, result) => {
    expect(judgeSuccess(info({ receiptResult }), 'SUCCESS')).toEqual({ success, result });
    expect(judgeSuccess(info({ receiptResult }), undefined)).toEqual({ success, result });
  });

  it.each([
    ['SUCCESS', true],
    ['success', true],
    ['Success', true],
    ['REVERT', false],
    ['revert', false],
    ['OUT_OF_ENERGY', false],
    ['out_of_energy', false],
  ])(
    'falls back to contractRet %s when the receipt has no result (DEFAULT, any case, or empty)',
    (contractRet, success) => {
      for (const receiptResult of ['DEFAULT', 'default', '']) {
        expect(judgeSuccess(info({ receiptResult }), contractRet)).toEqual({
          success,
          result: contractRet.toUpperCase(),
        });
      }
    },
  );

  it('judges a plain TRX transfer (no receipt result, no contractRet) by the info result', () => {
    expect(judgeSuccess(info(), undefined)).toEqual({ success: true, result: 'SUCCESS' });
    expect(judgeSuccess(info({ result: 'FAILED' }), undefined)).toEqual({ success: false, result: 'FAILED' });
  });
});

describe('tracking through the lifecycle', () => {
  it('names the five steps of the spec in order and maps each state onto the history', () => {
    expect(LIFECYCLE.map((s) => [s.state, s.label])).toEqual([
      ['created', 'Created'],
      ['signed', 'Signed'],
      ['pool', 'In the pool'],
      ['packed', 'Packed in a block'],
      ['confirmed', 'Confirmed (solidified)'],
    ]);
    const states: TxState[] = [
      'created',
      'signed',
      'cosigning',
      'pool',
      'packed',
      'confirmed',
      'failed',
      'expired',
      'rejected',
    ];
    expect(states.map(historyStatusOf)).toEqual([
      'draft',
      'signed',
      'signed',
      'pending',
      'pending',
      'confirmed',
      'failed',
      'expired',
      'failed',
    ]);
  });

  it('keeps a created transaction created without asking the node, with only the first step reached', async () => {
    const { view, reads, reached } = await track(meta('created', null), {});
    expect(reads).toEqual([]);
    expect(view).toMatchObject({ state: 'created', success: null, result: null, blockNumber: null, feeSun: null });
    expect(reached).toEqual(['created']);
  });

  it('keeps a signed transaction the node has not seen as signed', async () => {
    const { view, reached } = await track(meta('signed', null), {});
    expect(view).toMatchObject({ state: 'signed', success: null, message: null });
    expect(reached).toEqual(['created', 'signed']);
  });

  it('shows a broadcast transaction as in the pool, whether the node lists it yet or not', async () => {
    const listed = await track(meta('signed', NOW - 1_000), { tx: transaction(undefined) });
    expect(listed.view).toMatchObject({ state: 'pool', success: null, blockNumber: null, owner: OWNER });
    expect(listed.reached).toEqual(['created', 'signed', 'pool']);
    const notYet = await track(meta('pool', NOW - 1_000), {});
    expect(notYet.view.state).toBe('pool');
  });

  it('shows a transaction in a block but not yet solidified as packed, already judged, with its block', async () => {
    const { view, reached } = await track(meta('pool', NOW - 1_000), { tx: transaction('SUCCESS'), info: info() });
    expect(view).toMatchObject({
      state: 'packed',
      success: true,
      result: 'SUCCESS',
      blockNumber: 12,
      blockId: BLOCK_ID,
      confirmedAt: null,
      feeSun: 345_000n,
      netUsage: 345n,
    });
    expect(reached).toEqual(['created', 'signed', 'pool', 'packed']);
  });

  it('confirms a solidified transaction whose contractRet says success in lower case, and notes when', async () => {
    const start = meta('packed', NOW - 1_000);
    const { view, reached } = await track(start, { tx: transaction('success'), solid: info() });
    expect(view).toMatchObject({
      state: 'confirmed',
      success: true,
      result: 'SUCCESS',
      confirmedAt: NOW,
      blockId: BLOCK_ID,
      message: null,
    });
    expect(start.state).toBe('confirmed');
    expect(reached).toEqual(['created', 'signed', 'pool', 'packed', 'confirmed']);
  });

  it('fails a solidified transaction whose receipt says revert (lower case), with the node message', async () => {
    const { view, reached } = await track(meta('packed', NOW - 1_000), {
      tx: transaction('REVERT'),
      solid: info({ receiptResult: 'revert', result: 'FAILED', resMessage: 'REVERT opcode executed' }),
    });
    expect(view).toMatchObject({
      state: 'failed',
      success: false,
      result: 'REVERT',
      message: 'REVERT opcode executed',
    });
    // It is in a solidified block: every step was passed; the state says how it ended.
    expect(reached).toEqual(['created', 'signed', 'pool', 'packed', 'confirmed']);
  });

  it('fails an out-of-energy call and says so when the node gives no message', async () => {
    const { view } = await track(meta('packed', NOW - 1_000), {
      tx: transaction('OUT_OF_ENERGY'),
      solid: info({ receiptResult: 'Out_Of_Energy', result: 'FAILED' }),
    });
    expect(view).toMatchObject({
      state: 'failed',
      success: false,
      result: 'OUT_OF_ENERGY',
      message: 'Execution result: OUT_OF_ENERGY.',
    });
  });

  it('expires a broadcast transaction no block took before its expiration', async () => {
    const { view, reached } = await track(meta('pool', NOW - 100_000), {}, EXPIRATION + 3_000);
    expect(view).toMatchObject({
      state: 'expired',
      success: null,
      message: 'It expired before a block producer packed it; build and sign it again.',
    });
    expect(reached).not.toContain('pool');
  });

  it('expires a transaction that was never broadcast once the head passes its expiration, signed or not', async () => {
    for (const state of ['created', 'signed'] as const) {
      const { view, reached } = await track(
        { ...meta(state, null), signed: state === 'signed' },
        {},
        EXPIRATION + 3_000,
      );
      const message =
        state === 'signed'
          ? 'It expired before it was broadcast; build it again.'
          : 'It expired before it was signed; build it again.';
      expect({ state, view: view.state, message: view.message }).toEqual({ state, view: 'expired', message });
      // The "Signed" step shows as reached only for the one that was signed.
      expect({ state, reached }).toEqual({ state, reached: state === 'signed' ? ['created', 'signed'] : ['created'] });
    }
  });
});
