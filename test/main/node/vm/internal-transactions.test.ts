import { keccak_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import type { HexAddress } from '@core/brand';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { internalTransactionsToSave, internalTxHash, type InternalTransaction } from '@main/node/vm/index';

const TO = `41${'ab'.repeat(20)}` as HexAddress;

function itx(note: string): InternalTransaction {
  return {
    hash: new Uint8Array(32),
    callerAddress: TO,
    transferToAddress: TO,
    callValueInfo: [{ callValue: 0n }],
    note,
    rejected: false,
    extra: '',
    nonce: 1n,
    deep: 0,
  };
}

describe('internal transactions', () => {
  it('hashes parentHash ‖ receiveAddress ‖ data ‖ value(8) ‖ nonce(8) with keccak256', () => {
    const parent = new Uint8Array(32).fill(0x11);
    const data = Uint8Array.of(0xa9, 0x05, 0x9c, 0xbb);
    const expected = keccak_256(
      hexToBytes(`${'11'.repeat(32)}${TO}a9059cbb${'00000000000f4240'}${'0000000000000003'}`),
    );
    expect(bytesToHex(internalTxHash(parent, TO, data, 1_000_000n, 3n))).toBe(bytesToHex(expected));
    // a create has an empty receive address
    const create = keccak_256(hexToBytes(`${'11'.repeat(32)}${'0000000000000000'}${'0000000000000001'}`));
    expect(bytesToHex(internalTxHash(parent, '', new Uint8Array(0), 0n, 1n))).toBe(bytesToHex(create));
  });

  it('keeps no internal transactions without saveInternalTx, all of them with saveFeaturedInternalTx, else call/create/suicide', () => {
    const all = ['call', 'create', 'suicide', 'freezeBalanceV2ForEnergy', 'voteWitness', 'withdrawReward'].map(itx);
    expect(internalTransactionsToSave(all, { saveInternalTx: false, saveFeaturedInternalTx: true })).toEqual([]);
    expect(
      internalTransactionsToSave(all, { saveInternalTx: true, saveFeaturedInternalTx: true }).map((t) => t.note),
    ).toHaveLength(6);
    expect(
      internalTransactionsToSave(all, { saveInternalTx: true, saveFeaturedInternalTx: false }).map((t) => t.note),
    ).toEqual(['call', 'create', 'suicide']);
  });
});
