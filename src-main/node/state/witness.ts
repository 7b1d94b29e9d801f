import { protocol, bigintToLong, longToBigint } from '../../../src-core/proto/runtime';
import { bytesToHex } from '../../../src-core/bytes/hex';

/** A super representative (protobuf `Witness`, Tron.proto). */
export interface WitnessRecord {
  address: Uint8Array;
  addressHex: string;
  voteCount: bigint;
  url: string;
  totalProduced: number;
  totalMissed: number;
  latestBlockNum: number;
  latestSlotNum: number;
  isJobs: boolean;
}

export function witnessToMessage(w: WitnessRecord): Record<string, unknown> {
  const m: Record<string, unknown> = { address: w.address };
  if (w.voteCount) m.voteCount = bigintToLong(w.voteCount);
  if (w.url) m.url = w.url;
  if (w.totalProduced) m.totalProduced = bigintToLong(BigInt(w.totalProduced));
  if (w.totalMissed) m.totalMissed = bigintToLong(BigInt(w.totalMissed));
  if (w.latestBlockNum) m.latestBlockNum = bigintToLong(BigInt(w.latestBlockNum));
  if (w.latestSlotNum) m.latestSlotNum = bigintToLong(BigInt(w.latestSlotNum));
  if (w.isJobs) m.isJobs = true;
  return m;
}

export function encodeWitness(w: WitnessRecord): Uint8Array {
  return protocol.Witness.encode(witnessToMessage(w) as protocol.IWitness).finish();
}

export function decodeWitness(bytes: Uint8Array): WitnessRecord {
  const m = protocol.Witness.decode(bytes) as unknown as Record<string, unknown>;
  const address = (m.address as Uint8Array | undefined) ?? new Uint8Array();
  const num = (v: unknown): number => Number(longToBigint(v as never));
  return {
    address,
    addressHex: bytesToHex(address),
    voteCount: longToBigint(m.voteCount as never),
    url: (m.url as string | undefined) ?? '',
    totalProduced: num(m.totalProduced),
    totalMissed: num(m.totalMissed),
    latestBlockNum: num(m.latestBlockNum),
    latestSlotNum: num(m.latestSlotNum),
    isJobs: m.isJobs === true,
  };
}
