import { EncodingError } from '../errors';
import { crc32 } from './crc32';
import { chooseFragments } from './fountain-choice';
import type { FountainPart } from './fountain-part';

/**
 * The fountain decoder of BCR-2020-005, as a peeling decoder: a part whose fragments are all known
 * but one yields that one; each fragment learned is XORed out of the mixtures still held, which
 * may yield more; a mixture whose set contains another's is reduced by it. Parts arrive in any
 * order, duplicates change nothing, and the message is done once every fragment is known and the
 * CRC-32 of the result matches the one every part announced.
 */

interface Mixture {
  readonly indexes: Set<number>;
  readonly data: Uint8Array;
}

export type FountainReceipt = 'added' | 'duplicate';

function keyOf(indexes: Set<number>): string {
  return [...indexes].sort((a, b) => a - b).join(',');
}

function xorInto(target: Uint8Array, source: Uint8Array): void {
  for (let i = 0; i < target.length; i++) target[i] = target[i]! ^ source[i]!;
}

function isProperSubset(small: Set<number>, large: Set<number>): boolean {
  if (small.size >= large.size) return false;
  for (const index of small) if (!large.has(index)) return false;
  return true;
}

/** `a` without the fragments of `b` (which must be a subset of `a`). */
function reduce(a: Mixture, b: Mixture): Mixture {
  const data = a.data.slice();
  xorInto(data, b.data);
  const indexes = new Set(a.indexes);
  for (const index of b.indexes) indexes.delete(index);
  return { indexes, data };
}

export class FountainDecoder {
  private header: Omit<FountainPart, 'seqNum' | 'fragment'> & { fragmentLen: number } = {
    seqLen: 0,
    messageLen: 0,
    checksum: 0,
    fragmentLen: 0,
  };
  private readonly known = new Map<number, Uint8Array>();
  private readonly mixtures = new Map<string, Mixture>();
  private message: Uint8Array | null = null;

  /** Fragments known so far (each 0…seqLen − 1 at most once). */
  get recovered(): number {
    return this.known.size;
  }

  /** The number of fragments of the message, 0 before the first part. */
  get seqLen(): number {
    return this.header.seqLen;
  }

  /** The 0-based indexes of fragments not yet known. */
  missing(): number[] {
    return Array.from({ length: this.header.seqLen }, (_, i) => i).filter((i) => !this.known.has(i));
  }

  result(): Uint8Array | null {
    return this.message;
  }

  /**
   * Takes one part. `added` when it taught something, `duplicate` when it did not; a part of
   * another message (other length, checksum or fragment size) is refused and changes nothing.
   */
  receive(part: FountainPart): FountainReceipt {
    const header = this.header;
    if (header.seqLen === 0) {
      this.header = {
        seqLen: part.seqLen,
        messageLen: part.messageLen,
        checksum: part.checksum,
        fragmentLen: part.fragment.length,
      };
    } else if (
      part.seqLen !== header.seqLen ||
      part.messageLen !== header.messageLen ||
      part.checksum !== header.checksum ||
      part.fragment.length !== header.fragmentLen
    ) {
      throw new EncodingError(
        'UR_OTHER_MESSAGE',
        'This code belongs to another message than the codes read so far. Start over to read a different one.',
      );
    }
    if (this.message) return 'duplicate';

    let learned = false;
    const queue: Mixture[] = [
      { indexes: new Set(chooseFragments(part.seqNum, part.seqLen, part.checksum)), data: part.fragment.slice() },
    ];
    while (queue.length > 0) {
      let item = queue.shift()!;
      for (const index of [...item.indexes]) {
        const fragment = this.known.get(index);
        if (fragment) item = reduce(item, { indexes: new Set([index]), data: fragment });
      }
      if (item.indexes.size === 0) continue;
      if (item.indexes.size === 1) {
        learned = true;
        this.learn(item, queue);
        continue;
      }
      const key = keyOf(item.indexes);
      if (this.mixtures.has(key)) continue;
      for (const other of this.mixtures.values())
        if (isProperSubset(other.indexes, item.indexes)) item = reduce(item, other);
      if (item.indexes.size <= 1) {
        queue.push(item);
        continue;
      }
      for (const [otherKey, other] of [...this.mixtures]) {
        if (!isProperSubset(item.indexes, other.indexes)) continue;
        this.mixtures.delete(otherKey);
        queue.push(reduce(other, item));
      }
      this.mixtures.set(keyOf(item.indexes), item);
      learned = true;
    }
    if (this.known.size === this.header.seqLen) this.assemble();
    return learned ? 'added' : 'duplicate';
  }

  private learn(item: Mixture, queue: Mixture[]): void {
    const [index] = item.indexes;
    this.known.set(index!, item.data);
    for (const [key, mixture] of [...this.mixtures]) {
      if (!mixture.indexes.has(index!)) continue;
      this.mixtures.delete(key);
      queue.push(reduce(mixture, item));
    }
  }

  private assemble(): void {
    const { seqLen, messageLen, checksum, fragmentLen } = this.header;
    const whole = new Uint8Array(seqLen * fragmentLen);
    for (let i = 0; i < seqLen; i++) whole.set(this.known.get(i)!, i * fragmentLen);
    const message = whole.subarray(0, messageLen);
    if (crc32(message) !== checksum)
      throw new EncodingError(
        'UR_BAD_MESSAGE_CHECKSUM',
        'All parts were read but they do not add up to the message they announce; some code was read ' +
          'wrongly. Start over.',
      );
    this.message = message;
  }
}
