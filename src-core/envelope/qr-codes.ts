import { bytesToUtf8, utf8ToBytes } from '../bytes/utf8';
import { EncodingError, EnvelopeError } from '../errors';
import { bytesUr, dataOfBytesUr, parseUr, UrDecoder, UrEncoder } from '../ur/ur';
import { QR_MAX_FRAMES, QrAssembler } from './qr-frames';

/**
 * An envelope's QR codes (docs/envelope.md "QR codes"): a Uniform Resource (BCR-2020-005) of the
 * registered type `bytes` (BCR-2020-006), whose byte string is the envelope's canonical JSON in
 * UTF-8 — the same text a file holds. It is fountain-coded: a screen loops through parts without
 * end (the fragments first, then mixtures of them), and a reader completes from whichever parts
 * it catches, in any order. Printed, the first `seqLen` parts (each fragment once) suffice.
 *
 * Readers also take the `TRONCOSIGN1` frames older versions wrote (`qr-frames.ts`) and a single
 * code holding a bare envelope.
 */
export const ENVELOPE_UR_TYPE = 'bytes';
/** Fragment bytes per part: about 450 alphanumeric characters, QR version 13 at correction level M. */
export const ENVELOPE_UR_FRAGMENT_BYTES = 200;
/** Larger envelopes get larger fragments so that a print stays within QR_MAX_FRAMES codes. */
const MAX_FRAGMENT_BYTES = 1000;

function fail(code: string, message: string, details?: Record<string, unknown>): never {
  throw new EnvelopeError(code, message, details);
}

/** The encoder for an envelope's animated code: call `nextPart()` once per frame shown. */
export function envelopeUrEncoder(text: string): UrEncoder {
  if (text.length === 0) fail('ENVELOPE_QR_EMPTY', 'There is nothing to put in a QR code.');
  const ur = bytesUr(utf8ToBytes(text));
  const fragment = Math.max(ENVELOPE_UR_FRAGMENT_BYTES, Math.ceil(ur.cbor.length / QR_MAX_FRAMES));
  if (fragment > MAX_FRAGMENT_BYTES)
    fail(
      'ENVELOPE_QR_TOO_LARGE',
      `This envelope is too large for QR codes (${ur.cbor.length} bytes); pass it as a file instead.`,
      { bytes: ur.cbor.length },
    );
  return new UrEncoder(ur, { maxFragmentLen: fragment });
}

/** The parts that carry each fragment once: what a print shows, and enough to read it back. */
export function envelopeUrParts(text: string): string[] {
  const encoder = envelopeUrEncoder(text);
  return Array.from({ length: encoder.seqLen }, () => encoder.nextPart());
}

export type QrFormat = 'ur' | 'frames' | 'whole';

export interface QrReadProgress {
  /** `whole` when a single code held a complete envelope without framing. */
  readonly status: 'added' | 'duplicate' | 'whole';
  readonly format: QrFormat;
  /** Fragments (UR) or frames (`TRONCOSIGN1`) known so far, of `total`. */
  readonly have: number;
  readonly total: number;
  /** 1-based numbers of the fragments or frames still unknown. */
  readonly missing: readonly number[];
  readonly complete: boolean;
}

function formatOf(text: string): QrFormat {
  const start = text.trimStart();
  if (/^ur:/i.test(start)) return 'ur';
  if (start.startsWith('{')) return 'whole';
  return 'frames';
}

/**
 * Collects the codes of one envelope in any order, whichever format they use. A code of another
 * envelope or format is refused without disturbing what was collected.
 */
export class EnvelopeQrReader {
  private format: QrFormat | null = null;
  private ur = new UrDecoder();
  private readonly frames = new QrAssembler();

  add(text: string): QrReadProgress {
    const format = formatOf(text);
    if (this.format !== null && format !== this.format)
      fail(
        'ENVELOPE_QR_MIXED_SETS',
        'This QR code is of another kind than the codes read so far, so it belongs to another envelope. ' +
          'Start over to read a different one.',
      );
    if (format !== 'ur') {
      const progress = this.frames.add(text);
      this.format = format;
      return { ...progress, format };
    }
    const type = parseUr(text).type;
    if (type !== ENVELOPE_UR_TYPE)
      fail('ENVELOPE_QR_NOT_A_FRAME', `This QR code holds a "${type}" resource, not a TRON co-signing envelope.`);
    let receipt: 'added' | 'duplicate';
    try {
      receipt = this.ur.receive(text);
    } catch (error) {
      if (error instanceof EncodingError && error.code === 'UR_OTHER_MESSAGE')
        fail('ENVELOPE_QR_MIXED_SETS', 'This QR code belongs to another envelope than the codes read so far.');
      throw error;
    }
    const { seqLen } = this.ur.progress();
    if (seqLen > QR_MAX_FRAMES) {
      this.ur = new UrDecoder();
      fail(
        'ENVELOPE_QR_TOO_LARGE',
        `This QR code claims a set of ${seqLen} parts; a reader accepts at most ${QR_MAX_FRAMES}.`,
        {
          total: seqLen,
        },
      );
    }
    this.format = 'ur';
    return this.progress(receipt);
  }

  progress(status: QrReadProgress['status'] = 'added'): QrReadProgress {
    if (this.format !== 'ur') return { ...this.frames.progress(status), format: this.format ?? 'frames' };
    const { recovered, seqLen, missing } = this.ur.progress();
    return {
      status,
      format: 'ur',
      have: recovered,
      total: seqLen,
      missing: missing.map((index) => index + 1),
      complete: this.ur.result() !== null,
    };
  }

  /** The envelope text once every part is known; null while some are missing. */
  result(): string | null {
    if (this.format !== 'ur') return this.frames.result();
    const ur = this.ur.result();
    if (!ur) return null;
    try {
      return bytesToUtf8(dataOfBytesUr(ur));
    } catch {
      return fail('ENVELOPE_QR_NOT_A_FRAME', 'These QR codes hold binary data, not a co-signing envelope.');
    }
  }

  reset(): void {
    this.format = null;
    this.ur = new UrDecoder();
    this.frames.reset();
  }
}

/** The envelope text from codes read in any order, in any of the formats (main's check of what the renderer read). */
export function readEnvelopeQr(codes: readonly string[]): string {
  const reader = new EnvelopeQrReader();
  for (const code of codes) reader.add(code);
  return envelopeTextRead(reader);
}

/** The envelope text of the codes `reader` took; refuses with what is missing while it is incomplete. */
export function envelopeTextRead(reader: EnvelopeQrReader): string {
  const text = reader.result();
  if (text !== null) return text;
  const { format, have, total, missing } = reader.progress();
  if (format === 'ur')
    fail(
      'ENVELOPE_QR_INCOMPLETE',
      `The codes read recover ${have} of ${total} parts; read more codes of this envelope.`,
      {
        have,
        total,
      },
    );
  fail('ENVELOPE_QR_INCOMPLETE', `Codes ${missing.join(', ')} of ${total} are still missing.`, {
    missing: missing.join(','),
  });
}
