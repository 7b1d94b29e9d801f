import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import type { BlockRecord, NodeReads } from '@main/node/jsonrpc/node-reads';
import { transactionResult } from '@main/node/jsonrpc/transaction-result';
import type { AssetRecord } from '@main/node/trc10/assets';
import { stubReads } from './stub-reads';

/**
 * The `value` of an UnfreezeAssetContract transaction, as java-tron's JsonRpcApiUtil
 * getTransactionAmount words it: getUnfreezeAssetAmount sums the frozen_supply of the token the
 * owner issued (Wallet.getAssetIssueByAccount), and answers 0 unless there is exactly one.
 */
const ISSUER = hexToBytes('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');

function token(id: string, frozen: readonly bigint[]): AssetRecord {
  return {
    id,
    ownerHex: bytesToHex(ISSUER),
    owner: ISSUER,
    name: new TextEncoder().encode(`T${id}`),
    abbr: new Uint8Array(),
    totalSupply: 1_000_000n,
    frozenSupply: frozen.map((amount) => ({ amount, days: 1n })),
    trxNum: 1,
    precision: 0,
    num: 1,
    startTime: 1,
    endTime: 2,
    order: 0n,
    voteScore: 0,
    description: new Uint8Array(),
    url: new Uint8Array(),
    freeAssetNetLimit: 0n,
    publicFreeAssetNetLimit: 0n,
    publicFreeAssetNetUsage: 0n,
    publicLatestFreeNetTime: 0,
  };
}

function unfreezeAssetBlock(owner: Uint8Array): BlockRecord {
  return {
    number: 5,
    id: new Uint8Array(32),
    parentHash: new Uint8Array(32),
    timestamp: 15_000,
    witnessAddress: new Uint8Array(21),
    txTrieRoot: new Uint8Array(32),
    accountStateRoot: new Uint8Array(),
    version: 32,
    size: 100,
    transactions: [
      {
        id: new Uint8Array(32).fill(9),
        feeLimit: 0n,
        signatures: [],
        contract: { type: 'UnfreezeAssetContract', owner, parameter: { owner_address: owner } },
      },
    ],
  };
}

async function valueOf(issued: readonly AssetRecord[], owner = ISSUER): Promise<string> {
  const reads: NodeReads = {
    ...stubReads({ head: 5, blocks: new Map() }),
    assetsIssuedBy: (address) => (bytesToHex(address) === bytesToHex(ISSUER) ? issued : []),
  };
  const place = { block: unfreezeAssetBlock(owner), index: 0, energyUsageTotal: 0n, energyFee: 0n };
  return (await transactionResult(reads, place)).value;
}

describe('JSON-RPC transaction value of an UnfreezeAssetContract', () => {
  it("is the sum of the frozen supply the owner's token was issued with", async () => {
    expect(await valueOf([token('1000001', [100n, 250n])])).toBe('0x15e');
    expect(await valueOf([token('1000001', [2n ** 60n, 2n ** 60n])])).toBe('0x2000000000000000');
  });

  it('is 0 when the owner issued no token, a token without frozen supply, or more than one token', async () => {
    expect(await valueOf([])).toBe('0x0');
    expect(await valueOf([token('1000001', [])])).toBe('0x0');
    expect(await valueOf([token('1000001', [7n]), token('1000002', [8n])])).toBe('0x0');
    expect(await valueOf([token('1000001', [7n])], new Uint8Array())).toBe('0x0');
  });
});
