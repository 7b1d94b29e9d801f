import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { blockIdOf, decodeHeader, merkleRoot, sealBlock } from '@main/node/model/block';
import { protocol } from '@core/proto/runtime';
import { addressFromPrivateKey, randomPrivateKey, recoverAddress } from '@core/keys/keys';
import { bytesToHex, hexToBytes } from '@core/bytes/hex';
import { concatBytes } from '@core/bytes/bytes';

/** Block header, blockID, txTrieRoot and witness signature (BlockCapsule.getBlockId, BlockCapsule.sign). */
describe('blocks', () => {
  // Minimal valid Transaction encodings: one signature field of n.
  const leaf = (n: number) => protocol.Transaction.encode({ signature: [Uint8Array.of(n, n, n)] }).finish();

  it('txTrieRoot: zeros when empty, pairwise SHA-256, an odd last node promoted unchanged', () => {
    expect(merkleRoot([])).toEqual(new Uint8Array(32));
    const [a, b, c] = [sha256(leaf(1)), sha256(leaf(2)), sha256(leaf(3))];
    expect(merkleRoot([leaf(1)])).toEqual(a);
    expect(merkleRoot([leaf(1), leaf(2), leaf(3)])).toEqual(sha256(concatBytes(sha256(concatBytes(a, b)), c)));
  });

  it('blockID = sha256(raw header) with the number in the first 8 bytes; the witness signs with v 0/1', () => {
    const key = randomPrivateKey();
    const witness = hexToBytes(addressFromPrivateKey(key));
    const block = sealBlock(
      {
        number: 66987627,
        timestamp: 1_777_447_470_000,
        parentHash: new Uint8Array(32).fill(9),
        witnessAddress: witness,
        transactions: [leaf(1), leaf(2)],
      },
      key,
    );
    expect(block.idHex.slice(0, 16)).toBe('0000000003fe266b');
    const decoded = protocol.Block.decode(block.bytes) as unknown as {
      block_header: { raw_data: Record<string, unknown>; witness_signature: Uint8Array };
      transactions: unknown[];
    };
    const rawBytes = protocol.BlockHeader.raw.encode(decoded.block_header.raw_data as never).finish();
    expect(block.idHex.slice(16)).toBe(bytesToHex(sha256(rawBytes)).slice(16));
    expect(blockIdOf(66987627, rawBytes)).toEqual(block.id);
    const signature = decoded.block_header.witness_signature;
    expect(signature[64]! <= 1).toBe(true);
    expect(recoverAddress(sha256(rawBytes), signature)).toBe(bytesToHex(witness));
    expect(decoded.transactions).toHaveLength(2);
    expect(decodeHeader(block.bytes)).toMatchObject({ number: 66987627, timestamp: 1_777_447_470_000 });
  });

  it('the genesis block has no number field and no signature', () => {
    const genesis = sealBlock({
      number: 0,
      timestamp: 3000,
      parentHash: new Uint8Array(32),
      witnessAddress: new Uint8Array(),
      transactions: [],
    });
    const header = protocol.Block.decode(genesis.bytes).block_header!;
    expect(protocol.BlockHeader.raw.encode(header.raw_data!).finish()).not.toContain(0x38); // field 7 (number) tag
    expect(header.witness_signature?.length ?? 0).toBe(0);
    expect(genesis.idHex.slice(0, 16)).toBe('0'.repeat(16));
  });
});
