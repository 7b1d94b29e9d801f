import { EncodingError } from '../errors';
import type { ParsedUr } from './parsed-ur';

/**
 * What a multi-part UR decoder learns from a part's path alone (`ur:<type>/<seqNum>-<seqLen>/…`),
 * before it decodes the body: whether the part repeats one already taken (skipped without
 * decoding) or contradicts the parts read so far (refused without decoding). Decoding a body and
 * peeling its fragments is the expensive step, so a reader fed many copies or a mixed set pays it
 * once per distinct part at most.
 */
export type PartScreening = 'new' | 'duplicate';

export class UrPartScreen {
  private seqLen: number | null = null;
  private readonly bodies = new Map<number, string>();

  /** Screens a part without remembering it; `note` it once it decoded. */
  check(part: ParsedUr & { readonly sequence: NonNullable<ParsedUr['sequence']> }): PartScreening {
    const { seqNum, seqLen } = part.sequence;
    if (this.seqLen !== null && seqLen !== this.seqLen)
      throw new EncodingError(
        'UR_OTHER_MESSAGE',
        `This code is one of ${seqLen} parts, unlike the codes of ${this.seqLen} parts read so far, so it ` +
          'belongs to another message.',
      );
    const known = this.bodies.get(seqNum);
    if (known === undefined) return 'new';
    if (known === part.body) return 'duplicate';
    throw new EncodingError(
      'UR_OTHER_MESSAGE',
      `This code is part ${seqNum} again but with other contents than the part ${seqNum} read already, so it ` +
        'belongs to another message.',
    );
  }

  /** Remembers a part that decoded and was taken. */
  note(part: ParsedUr & { readonly sequence: NonNullable<ParsedUr['sequence']> }): void {
    this.seqLen = part.sequence.seqLen;
    this.bodies.set(part.sequence.seqNum, part.body);
  }
}
