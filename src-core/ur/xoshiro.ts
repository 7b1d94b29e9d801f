import { sha256 } from '@noble/hashes/sha2.js';

/**
 * xoshiro256** (Blackman and Vigna), the generator that the UR fountain code (BCR-2020-005) uses to
 * pick which fragments a part mixes. Its state is the SHA-256 of a seed, read as four big-endian
 * 64-bit words, so writer and reader derive the same choices from a part's sequence number and the
 * message checksum.
 */
const MASK = (1n << 64n) - 1n;
const TWO_TO_64 = 2 ** 64;

function rotl(x: bigint, k: bigint): bigint {
  return ((x << k) | (x >> (64n - k))) & MASK;
}

export class Xoshiro256 {
  private s0: bigint;
  private s1: bigint;
  private s2: bigint;
  private s3: bigint;

  constructor(seed: Uint8Array) {
    const digest = sha256(seed);
    const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
    this.s0 = view.getBigUint64(0);
    this.s1 = view.getBigUint64(8);
    this.s2 = view.getBigUint64(16);
    this.s3 = view.getBigUint64(24);
  }

  /** The next 64-bit output. */
  next(): bigint {
    const result = (rotl((this.s1 * 5n) & MASK, 7n) * 9n) & MASK;
    const t = (this.s1 << 17n) & MASK;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 45n);
    return result;
  }

  /** A double in [0, 1): the output divided by 2^64, as the reference implementation does. */
  nextDouble(): number {
    return Number(this.next()) / TWO_TO_64;
  }

  /** An integer in [low, high]. */
  nextInt(low: number, high: number): number {
    return Math.floor(this.nextDouble() * (high - low + 1)) + low;
  }

  nextByte(): number {
    return this.nextInt(0, 255);
  }
}
