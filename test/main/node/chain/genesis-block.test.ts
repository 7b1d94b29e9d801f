import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GENESIS_OWNER_TEXT, GENESIS_WITNESS_TEXT, sealGenesisBlock } from '@main/node/chain/genesis-block';
import { PRIVATE_NET_GENESIS, privateNetAccounts } from '@main/node/private-net';
import { protocol } from '@core/proto/runtime';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { addressToBytes } from '@core/address/address';

/**
 * The genesis blockID `tronbox/tre` reports for its block 0 (getblockbynum 0, and the chain id
 * 0xc845df2f = 3360022319 that tools derive from its last 4 bytes), as public projects that run
 * the image record it.
 */
const TRE_GENESIS_ID = '0000000000000000c93baa76a4a508f798a96f59156d9eb17ecede8ec845df2f';

// A protobuf writer of its own, so the expected id does not come from the encoder under test.
function varint(value: bigint): number[] {
  let v = BigInt.asUintN(64, value);
  const out: number[] = [];
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}
const bytesField = (field: number, bytes: Uint8Array): number[] => [
  ...varint(BigInt((field << 3) | 2)),
  ...varint(BigInt(bytes.length)),
  ...bytes,
];
const intField = (field: number, value: bigint): number[] =>
  value === 0n ? [] : [...varint(BigInt(field << 3)), ...varint(value)];
const sha = (bytes: number[] | Uint8Array) =>
  new Uint8Array(createHash('sha256').update(Uint8Array.from(bytes)).digest());
const text = (s: string) => new TextEncoder().encode(s);

/** java-tron's block 0, step by step: BlockUtil.newGenesisBlockCapsule, TransactionUtil.newGenesisTransaction. */
function javaTronGenesisId(
  assets: { address: Uint8Array; balance: bigint }[],
  parentHash: Uint8Array,
  timestamp: bigint,
): string {
  const transactions = assets.map((a) => {
    const transfer = [
      ...bytesField(1, text(GENESIS_OWNER_TEXT)),
      ...bytesField(2, a.address),
      ...intField(3, a.balance),
    ];
    const any = [
      ...bytesField(1, text('type.googleapis.com/protocol.TransferContract')),
      ...bytesField(2, Uint8Array.from(transfer)),
    ];
    const contract = [...intField(1, 1n), ...bytesField(2, Uint8Array.from(any))];
    const raw = bytesField(11, Uint8Array.from(contract));
    return Uint8Array.from(bytesField(1, Uint8Array.from(raw)));
  });
  let level: Uint8Array[] = transactions.map(sha);
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(i + 1 < level.length ? sha([...level[i]!, ...level[i + 1]!]) : level[i]!);
    level = next;
  }
  // BlockHeader.raw in field order; number 0 is the default and is left out, and java-tron sets no version.
  const header = [
    ...intField(1, timestamp),
    ...bytesField(2, level[0]!),
    ...bytesField(3, parentHash),
    ...bytesField(9, text(GENESIS_WITNESS_TEXT)),
  ];
  const id = sha(header);
  id.fill(0, 0, 8);
  return bytesToHex(id);
}

describe('block 0 as java-tron builds it', () => {
  const treAssets = privateNetAccounts();
  const treParent = hexToBytes(PRIVATE_NET_GENESIS.parentHash);

  it('gives the tre profile the genesis blockID TRE reports, and so its chain id 0xc845df2f', () => {
    const block = sealGenesisBlock({ timestamp: 0, parentHash: treParent, assets: treAssets });
    expect(block.idHex).toBe(javaTronGenesisId(treAssets, treParent, 0n));
    expect(block.idHex).toBe(TRE_GENESIS_ID);
    expect(block.idHex.slice(-8)).toBe('c845df2f');
  });

  it('holds one unsigned TransferContract per genesis account, from the zero text, and no header version', () => {
    const assets = [
      { address: addressToBytes('TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC'), balance: 5n },
      { address: addressToBytes('TXmVpin5vq5gdZsciyyjdZgKRUju4st1wM'), balance: 0n },
      { address: addressToBytes('TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy'), balance: -(2n ** 63n) },
    ];
    const block = sealGenesisBlock({ timestamp: 6_000, parentHash: new Uint8Array(32), assets });
    const decoded = protocol.Block.decode(block.bytes);
    const raw = decoded.block_header!.raw_data!;
    expect(raw.version).toBe(0);
    expect(bytesToHex(raw.witness_address!)).toBe(bytesToHex(text(GENESIS_WITNESS_TEXT)));
    expect(decoded.transactions).toHaveLength(3);
    const transfers = decoded.transactions.map((t) => {
      expect(t.signature).toHaveLength(0);
      const contract = t.raw_data!.contract![0]!;
      expect(contract.type).toBe(protocol.Transaction.Contract.ContractType.TransferContract);
      return protocol.TransferContract.decode(contract.parameter!.value!);
    });
    expect(transfers.map((t) => new TextDecoder().decode(t.owner_address))).toEqual(
      Array(3).fill('0x000000000000000000000'),
    );
    expect(transfers.map((t) => bytesToHex(t.to_address))).toEqual(assets.map((a) => bytesToHex(a.address)));
    expect(transfers.map((t) => BigInt(t.amount.toString()))).toEqual([5n, 0n, -(2n ** 63n)]);
    expect(block.idHex).toBe(javaTronGenesisId(assets, new Uint8Array(32), 6_000n));
    expect(block.idHex.slice(16)).toBe(bytesToHex(sha(protocol.BlockHeader.raw.encode(raw).finish())).slice(16));
  });
});
