import { crc32 } from './crc32';
import { chooseFragments } from './fountain-choice';
import type { FountainPart } from './fountain-part';

/**
 * The fountain encoder of BCR-2020-005: the message is cut into `seqLen` equal fragments (the last
 * padded with zeros) and `nextPart()` yields parts without end — first each fragment once, then
 * mixtures — so a reader that misses some parts completes from whichever later ones it catches.
 */

/**
 * The fragment length the reference picks: the smallest number of fragments whose length
 * `ceil(messageLen / count)` fits `maxLen`, trying counts up to what `minLen` allows.
 */
export function nominalFragmentLength(messageLen: number, minLen: number, maxLen: number): number {
  if (!(messageLen > 0 && minLen > 0 && maxLen >= minLen)) throw new RangeError('Fragment bounds are out of order.');
  const maxCount = Math.ceil(messageLen / minLen);
  let length = 0;
  for (let count = 1; count <= maxCount; count++) {
    length = Math.ceil(messageLen / count);
    if (length <= maxLen) break;
  }
  return length;
}

export function partitionMessage(message: Uint8Array, fragmentLen: number): Uint8Array[] {
  const fragments: Uint8Array[] = [];
  for (let offset = 0; offset < message.length; offset += fragmentLen) {
    const fragment = new Uint8Array(fragmentLen);
    fragment.set(message.subarray(offset, offset + fragmentLen));
    fragments.push(fragment);
  }
  return fragments;
}

export interface FountainEncoderOptions {
  /** Largest fragment in bytes (the reference's default is 100). */
  readonly maxFragmentLen?: number;
  readonly minFragmentLen?: number;
  /** The sequence number before the first part; the first part is `firstSeqNum + 1`. */
  readonly firstSeqNum?: number;
}

export class FountainEncoder {
  readonly messageLen: number;
  readonly checksum: number;
  readonly fragments: readonly Uint8Array[];
  private seqNum: number;

  constructor(message: Uint8Array, options: FountainEncoderOptions = {}) {
    const fragmentLen = nominalFragmentLength(
      message.length,
      options.minFragmentLen ?? 10,
      options.maxFragmentLen ?? 100,
    );
    this.messageLen = message.length;
    this.checksum = crc32(message);
    this.fragments = partitionMessage(message, fragmentLen);
    this.seqNum = (options.firstSeqNum ?? 0) >>> 0;
  }

  get seqLen(): number {
    return this.fragments.length;
  }

  nextPart(): FountainPart {
    this.seqNum = (this.seqNum + 1) >>> 0;
    const fragment = new Uint8Array(this.fragments[0]!.length);
    for (const index of chooseFragments(this.seqNum, this.seqLen, this.checksum)) {
      const source = this.fragments[index]!;
      for (let i = 0; i < fragment.length; i++) fragment[i] = fragment[i]! ^ source[i]!;
    }
    return {
      seqNum: this.seqNum,
      seqLen: this.seqLen,
      messageLen: this.messageLen,
      checksum: this.checksum,
      fragment,
    };
  }
}
