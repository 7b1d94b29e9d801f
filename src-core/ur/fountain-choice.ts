import { concatBytes } from '../bytes/bytes';
import { uint32ToBytes } from './crc32';
import { Xoshiro256 } from './xoshiro';

/**
 * Which fragments a fountain part carries (BCR-2020-005, "Multipart URs"). Parts 1…seqLen are the
 * fragments themselves, one each. Every later part XORs a random subset: its size (the degree) is
 * drawn with probability ∝ 1/d for d = 1…seqLen, then that many distinct fragments are taken from
 * a shuffle. Both draws use xoshiro256** seeded with seqNum ‖ checksum (two big-endian u32), so a
 * reader recomputes the subset from the part's header alone.
 */

/**
 * Walker's alias method as the specification's reference builds it (Vose's construction, index
 * lists filled from the highest index down), so that the same random numbers pick the same
 * outcome as in every other implementation.
 */
export class AliasSampler {
  private readonly probs: number[];
  private readonly aliases: number[];

  constructor(weights: readonly number[]) {
    const n = weights.length;
    const sum = weights.reduce((total, weight) => total + weight, 0);
    const scaled = weights.map((weight) => (weight * n) / sum);
    this.probs = new Array<number>(n).fill(0);
    this.aliases = new Array<number>(n).fill(0);
    const small: number[] = [];
    const large: number[] = [];
    for (let i = n - 1; i >= 0; i--) (scaled[i]! < 1 ? small : large).push(i);
    while (small.length > 0 && large.length > 0) {
      const less = small.pop()!;
      const more = large.pop()!;
      this.probs[less] = scaled[less]!;
      this.aliases[less] = more;
      scaled[more] = scaled[more]! + scaled[less]! - 1;
      (scaled[more]! < 1 ? small : large).push(more);
    }
    for (const i of [...large, ...small]) this.probs[i] = 1;
  }

  next(rng: Xoshiro256): number {
    const column = Math.floor(rng.nextDouble() * this.probs.length);
    return rng.nextDouble() < this.probs[column]! ? column : this.aliases[column]!;
  }
}

const degreeSamplers = new Map<number, AliasSampler>();

/** The number of fragments a mixed part XORs, 1…seqLen. */
export function chooseDegree(seqLen: number, rng: Xoshiro256): number {
  let sampler = degreeSamplers.get(seqLen);
  if (!sampler) {
    sampler = new AliasSampler(Array.from({ length: seqLen }, (_, i) => 1 / (i + 1)));
    // Readers see one seqLen per message; the cache stays small.
    if (degreeSamplers.size > 16) degreeSamplers.clear();
    degreeSamplers.set(seqLen, sampler);
  }
  return sampler.next(rng) + 1;
}

/** `items` in a random order: repeatedly take the element at a random index of what remains. */
export function shuffled<T>(items: readonly T[], rng: Xoshiro256): T[] {
  const remaining = [...items];
  const out: T[] = [];
  while (remaining.length > 0) out.push(remaining.splice(rng.nextInt(0, remaining.length - 1), 1)[0]!);
  return out;
}

/** The 0-based indexes of the fragments part `seqNum` (1-based) carries. */
export function chooseFragments(seqNum: number, seqLen: number, checksum: number): number[] {
  if (seqNum <= seqLen) return [seqNum - 1];
  const rng = new Xoshiro256(concatBytes(uint32ToBytes(seqNum), uint32ToBytes(checksum)));
  const degree = chooseDegree(seqLen, rng);
  const order = shuffled(
    Array.from({ length: seqLen }, (_, i) => i),
    rng,
  );
  return order.slice(0, degree);
}
