import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { ExtCodecError } from '../errors';

/**
 * Records kept beside accounts (contract metadata, ABI, code, storage rows, contract states).
 * In memory they live under a namespaced key – one letter naming the kind, then the hex of the
 * record's key bytes – and in LevelDB under that kind's prefix byte followed by the key bytes.
 * The codecs are supplied by the feature that owns the records (`vm-host/contract-records.ts`).
 */
export interface ExtCodec {
  /** LevelDB key prefix of this kind of record. */
  readonly prefix: number;
  encode(value: unknown): Uint8Array;
  decode(bytes: Uint8Array): unknown;
}

/** Namespace letter → codec. */
export type ExtCodecs = ReadonlyMap<string, ExtCodec>;

export function codecOf(codecs: ExtCodecs, key: string): ExtCodec {
  const codec = codecs.get(key[0] ?? '');
  if (!codec) throw new ExtCodecError(`No storage codec for record ${key.slice(0, 12)}…`);
  return codec;
}

/** LevelDB key of an in-memory record key. */
export function extStoreKey(codec: ExtCodec, key: string): Uint8Array {
  const body = hexToBytes(key.slice(1));
  const out = new Uint8Array(1 + body.length);
  out[0] = codec.prefix;
  out.set(body, 1);
  return out;
}

/** In-memory record key of a LevelDB key read back under `namespace`. */
export function extKeyOf(namespace: string, storeKey: Uint8Array): string {
  return namespace + bytesToHex(storeKey.subarray(1));
}
