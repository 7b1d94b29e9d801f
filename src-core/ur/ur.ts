import { equalBytes } from '../bytes/bytes';
import { EncodingError } from '../errors';
import { decodeBytewordsMinimal, encodeBytewordsMinimal } from './bytewords';
import { CborReader, encodeCborBytes } from './cbor';
import { FountainDecoder, type FountainReceipt } from './fountain-decoder';
import { FountainEncoder, type FountainEncoderOptions } from './fountain-encoder';
import { decodeFountainPart, encodeFountainPart } from './fountain-part';
import type { ParsedUr } from './parsed-ur';
import { UrPartScreen } from './part-screen';

export type { ParsedUr } from './parsed-ur';

/**
 * Uniform Resources (BCR-2020-005): `ur:<type>/<body>` for a message that fits one part, and
 * `ur:<type>/<seqNum>-<seqLen>/<body>` for each part of a fountain-coded one; bodies are minimal
 * Bytewords of CBOR. URs are case-insensitive (QR writers upper-case them for the alphanumeric
 * mode); this module writes lower case and reads either.
 */
export interface Ur {
  /** Lower-case letters, digits and hyphens, e.g. `bytes` (BCR-2020-006). */
  readonly type: string;
  readonly cbor: Uint8Array;
}

const TYPE = /^[a-z0-9-]+$/;
const SEQUENCE = /^([1-9]\d{0,9})-([1-9]\d{0,9})$/;

function bad(code: string, message: string): never {
  throw new EncodingError(code, message);
}

/** A `bytes` UR: the data as one CBOR byte string. */
export function bytesUr(data: Uint8Array): Ur {
  return { type: 'bytes', cbor: encodeCborBytes(data) };
}

/** The data of a `bytes` UR. */
export function dataOfBytesUr(ur: Ur): Uint8Array {
  if (ur.type !== 'bytes') bad('UR_WRONG_TYPE', `This code holds a "${ur.type}" resource, not "bytes".`);
  const reader = new CborReader(ur.cbor);
  const data = reader.bytesItem('the byte string');
  reader.end();
  return data;
}

export function encodeSinglePartUr(ur: Ur): string {
  return `ur:${ur.type}/${encodeBytewordsMinimal(ur.cbor)}`;
}

/** Yields the parts of a UR without end: the pure fragments first, then fountain mixtures. */
export class UrEncoder {
  private readonly fountain: FountainEncoder;

  constructor(
    private readonly ur: Ur,
    options: FountainEncoderOptions = {},
  ) {
    if (!TYPE.test(ur.type)) throw new RangeError(`"${ur.type}" is not a UR type.`);
    this.fountain = new FountainEncoder(ur.cbor, options);
  }

  /** How many fragments the message has: `nextPart()` repeats after that many with mixtures. */
  get seqLen(): number {
    return this.fountain.seqLen;
  }

  nextPart(): string {
    const part = this.fountain.nextPart();
    if (this.fountain.seqLen === 1) return encodeSinglePartUr(this.ur);
    const body = encodeBytewordsMinimal(encodeFountainPart(part));
    return `ur:${this.ur.type}/${part.seqNum}-${part.seqLen}/${body}`;
  }
}

/** Splits UR text into its type, sequence and body; refuses anything else with a reason. */
export function parseUr(text: string): ParsedUr {
  const lower = text.trim().toLowerCase();
  if (!lower.startsWith('ur:')) bad('UR_NOT_UR', 'This code is not a Uniform Resource (it does not start with "ur:").');
  const components = lower.slice(3).split('/');
  const type = components[0]!;
  if (!TYPE.test(type)) bad('UR_BAD_TYPE', 'This Uniform Resource has no valid type.');
  if (components.length === 2) return { type, sequence: null, body: components[1]! };
  if (components.length !== 3) bad('UR_BAD_PATH', 'This Uniform Resource has too many or too few parts in its path.');
  const match = SEQUENCE.exec(components[1]!);
  if (!match) bad('UR_BAD_SEQUENCE', 'This Uniform Resource part has no valid "number-count" sequence.');
  return { type, sequence: { seqNum: Number(match[1]), seqLen: Number(match[2]) }, body: components[2]! };
}

/** Collects UR parts in any order until the message is whole. */
export class UrDecoder {
  private type: string | null = null;
  private readonly fountain = new FountainDecoder();
  private readonly screen = new UrPartScreen();
  private single: Ur | null = null;

  /** The type of the parts read so far, null before the first. */
  get urType(): string | null {
    return this.type;
  }

  /** Fragments known and fragments in all; a single-part UR counts as 1 of 1. */
  progress(): { readonly recovered: number; readonly seqLen: number; readonly missing: readonly number[] } {
    if (this.single) return { recovered: 1, seqLen: 1, missing: [] };
    return { recovered: this.fountain.recovered, seqLen: this.fountain.seqLen, missing: this.fountain.missing() };
  }

  result(): Ur | null {
    if (this.single) return this.single;
    const message = this.fountain.result();
    return message && this.type ? { type: this.type, cbor: message } : null;
  }

  receive(text: string): FountainReceipt {
    const parsed = parseUr(text);
    if (this.type !== null && parsed.type !== this.type)
      bad(
        'UR_OTHER_MESSAGE',
        `This code holds a "${parsed.type}" resource, unlike the "${this.type}" codes read so far.`,
      );
    if (parsed.sequence === null) {
      if (this.type !== null && !this.single)
        bad('UR_OTHER_MESSAGE', 'This code holds a whole message, but parts of another one were read already.');
      const cbor = decodeBytewordsMinimal(parsed.body);
      if (this.single) {
        if (!equalBytes(this.single.cbor, cbor))
          bad('UR_OTHER_MESSAGE', 'This code holds another message than the one read already.');
        return 'duplicate';
      }
      this.type = parsed.type;
      this.single = { type: parsed.type, cbor };
      return 'added';
    }
    if (this.single) bad('UR_OTHER_MESSAGE', 'A whole message was read already; this code is part of another one.');
    const sequenced = { ...parsed, sequence: parsed.sequence };
    if (this.screen.check(sequenced) === 'duplicate') return 'duplicate';
    const part = decodeFountainPart(decodeBytewordsMinimal(parsed.body));
    if (part.seqNum !== parsed.sequence.seqNum || part.seqLen !== parsed.sequence.seqLen)
      bad('UR_BAD_PART', 'This code was read wrongly: its sequence and its contents disagree.');
    const receipt = this.fountain.receive(part);
    this.screen.note(sequenced);
    this.type = parsed.type;
    return receipt;
  }
}
