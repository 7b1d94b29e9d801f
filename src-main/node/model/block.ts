import { protocol, bigintToLong, longToBigint } from '../../../src-core/proto/runtime';
import { signDigest } from '../../../src-core/keys/keys';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { sha256 } from './sha256';

/**
 * Block header, id and witness signature as java-tron builds them (BlockCapsule.getBlockId,
 * BlockCapsule.sign): blockID = sha256(BlockHeader.raw) with the first 8 bytes replaced by the number; the
 * txTrieRoot is a binary SHA-256 tree over whole serialized transactions (an odd node is promoted);
 * the witness signs sha256(raw) with v ∈ {0,1}.
 */
export const BLOCK_VERSION = 32;

export interface BlockParts {
  readonly number: number;
  readonly timestamp: number;
  readonly parentHash: Uint8Array;
  readonly witnessAddress: Uint8Array;
  /** Serialized transactions, each with its `ret`. */
  readonly transactions: readonly Uint8Array[];
  /**
   * BlockHeader.raw.version: the producer's BLOCK_VERSION unless given; 0 leaves the field out, as
   * java-tron's block 0 has it (BlockUtil.newGenesisBlockCapsule sets no version).
   */
  readonly version?: number;
}

export interface SealedBlock {
  readonly number: number;
  readonly timestamp: number;
  readonly id: Uint8Array;
  readonly idHex: string;
  readonly bytes: Uint8Array;
  readonly parentHash: Uint8Array;
}

export function merkleRoot(leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return new Uint8Array(32);
  let level: Uint8Array[] = leaves.map((t) => sha256(t));
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      if (i + 1 === level.length) next.push(level[i]!);
      else {
        const pair = new Uint8Array(64);
        pair.set(level[i]!, 0);
        pair.set(level[i + 1]!, 32);
        next.push(sha256(pair));
      }
    }
    level = next;
  }
  return level[0]!;
}

export function blockIdOf(number: number, rawHeaderBytes: Uint8Array): Uint8Array {
  const id = sha256(rawHeaderBytes);
  new DataView(id.buffer, id.byteOffset, 8).setBigUint64(0, BigInt(number));
  return id;
}

function headerRaw(parts: BlockParts): Record<string, unknown> {
  // Only non-default fields: protobufjs would write a zero number on the genesis block.
  const raw: Record<string, unknown> = {
    timestamp: bigintToLong(BigInt(parts.timestamp)),
    txTrieRoot: merkleRoot(parts.transactions),
    parentHash: parts.parentHash,
  };
  if (parts.number) raw.number = bigintToLong(BigInt(parts.number));
  if (parts.witnessAddress.length) raw.witness_address = parts.witnessAddress;
  const version = parts.version ?? BLOCK_VERSION;
  if (version) raw.version = version;
  return raw;
}

/** Builds and signs a block; `witnessKey` undefined = the genesis block (no signature). */
export function sealBlock(parts: BlockParts, witnessKey?: Uint8Array): SealedBlock {
  const raw = headerRaw(parts);
  const rawBytes = protocol.BlockHeader.raw.encode(raw as protocol.BlockHeader.Iraw).finish();
  const header: Record<string, unknown> = { raw_data: raw };
  if (witnessKey) header.witness_signature = signDigest(sha256(rawBytes), witnessKey, 0);
  // Transactions are already serialized: splice them in as field 1 without decoding them again.
  const headerBytes = protocol.BlockHeader.encode(header as protocol.IBlockHeader).finish();
  const bytes = concatBlock(parts.transactions, headerBytes);
  const id = blockIdOf(parts.number, rawBytes);
  return {
    number: parts.number,
    timestamp: parts.timestamp,
    id,
    idHex: bytesToHex(id),
    bytes,
    parentHash: parts.parentHash,
  };
}

function varintLength(n: number): number {
  let len = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    len++;
  }
  return len;
}

function writeVarint(out: Uint8Array, offset: number, n: number): number {
  while (n >= 0x80) {
    out[offset++] = (n & 0x7f) | 0x80;
    n = Math.floor(n / 128);
  }
  out[offset++] = n;
  return offset;
}

/** Block = repeated transactions (field 1) then block_header (field 2), in field order. */
function concatBlock(transactions: readonly Uint8Array[], header: Uint8Array): Uint8Array {
  let length = 1 + varintLength(header.length) + header.length;
  for (const t of transactions) length += 1 + varintLength(t.length) + t.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const t of transactions) {
    out[offset++] = 0x0a;
    offset = writeVarint(out, offset, t.length);
    out.set(t, offset);
    offset += t.length;
  }
  out[offset++] = 0x12;
  offset = writeVarint(out, offset, header.length);
  out.set(header, offset);
  return out;
}

export interface DecodedHeader {
  readonly number: number;
  readonly timestamp: number;
  readonly parentHash: Uint8Array;
  readonly witnessAddress: Uint8Array;
  readonly id: Uint8Array;
}

/** Reads a stored block's header and recomputes its id. */
export function decodeHeader(blockBytes: Uint8Array): DecodedHeader {
  const block = protocol.Block.decode(blockBytes) as unknown as {
    block_header?: { raw_data?: Record<string, unknown> };
  };
  const raw = block.block_header?.raw_data ?? {};
  const rawBytes = protocol.BlockHeader.raw.encode(raw as protocol.BlockHeader.Iraw).finish();
  const number = Number(longToBigint(raw.number as never));
  return {
    number,
    timestamp: Number(longToBigint(raw.timestamp as never)),
    parentHash: (raw.parentHash as Uint8Array | undefined) ?? new Uint8Array(32),
    witnessAddress: (raw.witness_address as Uint8Array | undefined) ?? new Uint8Array(),
    id: blockIdOf(number, rawBytes),
  };
}
