import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '../bytes/hex';
import { bytesToUtf8, utf8ToBytes } from '../bytes/utf8';
import { EnvelopeError } from '../errors';

/**
 * The `TRONCOSIGN1` framing: an envelope split over several static QR
 * codes, put back together in any order (docs/envelope.md "Older codes"). Envelopes travel as
 * BC-UR (`qr-codes.ts`), whose reader still accepts these frames; `splitForQr` remains as the
 * reference writer of the format. Each code holds one frame:
 *
 * ```
 * TRONCOSIGN1/<index>/<total>/<checksum>/<payload>
 * ```
 *
 * - `index` is 1-based and `total` the number of frames, both plain decimals (no leading zeros);
 * - `checksum` is the first 8 bytes of sha256 of the whole text (UTF-8), as 16 lowercase hex
 *   digits: it names the set (frames of two envelopes never mix) and proves the reassembly;
 * - `payload` is the next slice of the whole text. Slices are cut between characters, never
 *   inside one, so every frame is valid UTF-8 and QR byte mode carries it unchanged.
 *
 * The envelope itself is verified again after reassembly (txID, signatures, summary), so the
 * checksum only has to catch frames that belong to another set or were read wrongly.
 */
export const QR_FRAME_PREFIX = 'TRONCOSIGN1';
/** Payload bytes per frame: with error correction M this stays at QR version 23 or below. */
export const QR_DEFAULT_PAYLOAD_BYTES = 700;
export const QR_MAX_FRAMES = 500;

export interface QrFrame {
  readonly index: number;
  readonly total: number;
  readonly checksum: string;
  readonly payload: string;
}

function fail(code: string, message: string, details?: Record<string, unknown>): never {
  throw new EnvelopeError(code, message, details);
}

export function qrChecksum(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)).subarray(0, 8));
}

/** Cuts `text` into slices of at most `maxBytes` UTF-8 bytes, never inside a character. */
function slices(text: string, maxBytes: number): string[] {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (size + bytes > maxBytes && current !== '') {
      out.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  if (current !== '' || out.length === 0) out.push(current);
  return out;
}

/** The frames for `text`, one per QR code, in order (readers accept them in any order). */
export function splitForQr(text: string, options: { maxPayloadBytes?: number } = {}): string[] {
  const max = options.maxPayloadBytes ?? QR_DEFAULT_PAYLOAD_BYTES;
  if (!Number.isInteger(max) || max < 16)
    fail('ENVELOPE_QR_BAD_SIZE', 'A QR frame must carry at least 16 bytes of the envelope.');
  if (text.length === 0) fail('ENVELOPE_QR_EMPTY', 'There is nothing to put in a QR code.');
  const parts = slices(text, max);
  if (parts.length > QR_MAX_FRAMES) {
    fail(
      'ENVELOPE_QR_TOO_LARGE',
      `This envelope needs ${parts.length} QR codes, more than the ${QR_MAX_FRAMES} a reader accepts; pass ` +
        'it as a file instead.',
      { frames: parts.length },
    );
  }
  const checksum = qrChecksum(text);
  return parts.map((payload, i) => `${QR_FRAME_PREFIX}/${i + 1}/${parts.length}/${checksum}/${payload}`);
}

const FRAME = /^TRONCOSIGN1\/([1-9]\d{0,5})\/([1-9]\d{0,5})\/([0-9a-f]{16})\//;

/** Reads one frame; refuses text that is not one (with a reason a person can act on). */
export function parseQrFrame(text: string): QrFrame {
  const match = FRAME.exec(text);
  if (!match) {
    if (text.startsWith(`${QR_FRAME_PREFIX}/`))
      fail(
        'ENVELOPE_QR_BAD_FRAME',
        'This QR code starts like a co-signing frame but its header is damaged; read it again.',
      );
    fail('ENVELOPE_QR_NOT_A_FRAME', 'This QR code is not part of a TRON co-signing envelope.');
  }
  const index = Number(match[1]);
  const total = Number(match[2]);
  if (total > QR_MAX_FRAMES)
    fail(
      'ENVELOPE_QR_TOO_LARGE',
      `This QR code claims a set of ${total} codes; a reader accepts at most ${QR_MAX_FRAMES}.`,
      { total },
    );
  if (index > total)
    fail('ENVELOPE_QR_BAD_FRAME', `This QR code says it is part ${index} of ${total}, which cannot be.`, {
      index,
      total,
    });
  return { index, total, checksum: match[3]!, payload: text.slice(match[0].length) };
}

/** Frames read from raw QR bytes (jsQR's binaryData): UTF-8, refused when it is not. */
export function qrTextFromBytes(bytes: Uint8Array): string {
  try {
    return bytesToUtf8(bytes);
  } catch {
    return fail('ENVELOPE_QR_NOT_A_FRAME', 'This QR code holds binary data, not a co-signing envelope.');
  }
}

export interface QrProgress {
  /** `whole` when a single code held a complete envelope without framing. */
  readonly status: 'added' | 'duplicate' | 'whole';
  readonly have: number;
  readonly total: number;
  /** 1-based indexes still to read. */
  readonly missing: readonly number[];
  readonly complete: boolean;
}

/**
 * Collects frames in any order. A frame of another set, or one that contradicts a frame already
 * read, is refused without disturbing what was collected.
 */
export class QrAssembler {
  private checksum: string | null = null;
  private total = 0;
  private readonly parts = new Map<number, string>();
  private whole: string | null = null;

  add(text: string): QrProgress {
    // A bare envelope in one code (written by another tool) needs no framing.
    if (text.trimStart().startsWith('{')) {
      if (this.parts.size > 0)
        fail(
          'ENVELOPE_QR_MIXED_SETS',
          'This QR code holds a whole envelope, but codes of a split one were already read. Clear the codes ' +
            'read so far first.',
        );
      this.whole = text;
      return { status: 'whole', have: 1, total: 1, missing: [], complete: true };
    }
    const frame = parseQrFrame(text);
    if (this.whole !== null)
      fail(
        'ENVELOPE_QR_MIXED_SETS',
        'A whole envelope was already read from a QR code. Clear it before reading another set.',
      );
    if (this.checksum !== null && (frame.checksum !== this.checksum || frame.total !== this.total)) {
      fail(
        'ENVELOPE_QR_MIXED_SETS',
        `This QR code belongs to another envelope (set ${frame.checksum}, ${frame.total} codes) than the ` +
          `codes read so far (set ${this.checksum}, ${this.total} codes).`,
        {
          checksum: frame.checksum,
        },
      );
    }
    const known = this.parts.get(frame.index);
    if (known !== undefined && known !== frame.payload) {
      fail(
        'ENVELOPE_QR_CONFLICT',
        `Code ${frame.index} of ${frame.total} was read twice with different contents; one reading is wrong. ` +
          'Read the codes again.',
        { index: frame.index },
      );
    }
    this.checksum = frame.checksum;
    this.total = frame.total;
    const status = known === undefined ? 'added' : 'duplicate';
    this.parts.set(frame.index, frame.payload);
    return this.progress(status);
  }

  progress(status: QrProgress['status'] = 'added'): QrProgress {
    if (this.whole !== null) return { status: 'whole', have: 1, total: 1, missing: [], complete: true };
    const missing: number[] = [];
    for (let i = 1; i <= this.total; i++) if (!this.parts.has(i)) missing.push(i);
    return {
      status,
      have: this.parts.size,
      total: this.total,
      missing,
      complete: this.total > 0 && missing.length === 0,
    };
  }

  /** The whole text once every frame is in and the checksum matches; null while some are missing. */
  result(): string | null {
    if (this.whole !== null) return this.whole;
    if (!this.progress().complete) return null;
    let text = '';
    for (let i = 1; i <= this.total; i++) text += this.parts.get(i)!;
    if (qrChecksum(text) !== this.checksum) {
      fail(
        'ENVELOPE_QR_CHECKSUM',
        'The QR codes were all read but their contents do not add up to the envelope they announce; read them again.',
      );
    }
    return text;
  }

  reset(): void {
    this.checksum = null;
    this.total = 0;
    this.parts.clear();
    this.whole = null;
  }
}

/** Reassembles a complete set of frames given in any order (main's check of what the renderer read). */
export function joinQrFrames(frames: readonly string[]): string {
  const assembler = new QrAssembler();
  for (const frame of frames) assembler.add(frame);
  const text = assembler.result();
  if (text === null) {
    const { missing, total } = assembler.progress();
    fail('ENVELOPE_QR_INCOMPLETE', `Codes ${missing.join(', ')} of ${total} are still missing.`, {
      missing: missing.join(','),
    });
  }
  return text;
}
