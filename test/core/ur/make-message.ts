import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { Xoshiro256 } from '../../../src-core/ur/xoshiro';

/** The reference tests' `makeMessage`: `length` bytes of xoshiro256** seeded with the seed's UTF-8. */
export function makeMessage(length: number, seed = 'Wolf'): Uint8Array {
  const rng = new Xoshiro256(utf8ToBytes(seed));
  return Uint8Array.from({ length }, () => rng.nextByte());
}
