import { EncodingError } from '../errors';
import { CborReader, encodeCborArray, encodeCborBytes, encodeCborUint } from './cbor';

/**
 * One part of a fountain-coded message (BCR-2020-005): the CBOR array
 * `[seqNum, seqLen, messageLen, checksum, fragment]`, where `checksum` is the CRC-32 of the whole
 * message and `fragment` is one fragment or the XOR of several (see `fountain-choice.ts`).
 */
export interface FountainPart {
  readonly seqNum: number;
  readonly seqLen: number;
  readonly messageLen: number;
  readonly checksum: number;
  readonly fragment: Uint8Array;
}

export function encodeFountainPart(part: FountainPart): Uint8Array {
  return encodeCborArray([
    encodeCborUint(part.seqNum),
    encodeCborUint(part.seqLen),
    encodeCborUint(part.messageLen),
    encodeCborUint(part.checksum),
    encodeCborBytes(part.fragment),
  ]);
}

function badPart(why: string): never {
  throw new EncodingError('UR_BAD_PART', `This code is not a valid part of a multi-part Uniform Resource: ${why}.`);
}

export function decodeFountainPart(bytes: Uint8Array): FountainPart {
  const reader = new CborReader(bytes);
  if (reader.arrayLength('the part header') !== 5) badPart('its header does not have five fields');
  const part = {
    seqNum: reader.uint('the sequence number'),
    seqLen: reader.uint('the sequence length'),
    messageLen: reader.uint('the message length'),
    checksum: reader.uint('the checksum'),
    fragment: reader.bytesItem('the fragment'),
  };
  reader.end();
  if (part.seqNum < 1 || part.seqLen < 1) badPart('its sequence numbers start at 1');
  if (part.seqNum > 0xffffffff || part.checksum > 0xffffffff) badPart('a field is wider than 32 bits');
  if (part.fragment.length === 0) badPart('its fragment is empty');
  if (Math.ceil(part.messageLen / part.fragment.length) !== part.seqLen)
    badPart('its length, fragment size and number of fragments disagree');
  return part;
}
