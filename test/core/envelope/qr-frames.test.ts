import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EnvelopeError } from '../../../src-core/errors';
import {
  QrAssembler,
  QR_FRAME_PREFIX,
  joinQrFrames,
  parseQrFrame,
  qrChecksum,
  qrTextFromBytes,
  splitForQr,
} from '../../../src-core/envelope/qr-frames';
import { serializeEnvelope } from '../../../src-core/envelope';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { proposal } from './helpers';

function envelopeError(run: () => unknown): EnvelopeError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EnvelopeError);
    return error as EnvelopeError;
  }
  throw new Error('expected an EnvelopeError');
}

function shuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('QR framing', () => {
  const text = serializeEnvelope(proposal());

  it('splits an envelope into frames of at most the payload size, each naming its place and the whole', () => {
    const frames = splitForQr(text, { maxPayloadBytes: 200 });
    expect(frames.length).toBe(Math.ceil(utf8ToBytes(text).length / 200));
    frames.forEach((frame, i) => {
      const parsed = parseQrFrame(frame);
      expect(parsed).toMatchObject({ index: i + 1, total: frames.length, checksum: qrChecksum(text) });
      expect(utf8ToBytes(parsed.payload).length).toBeLessThanOrEqual(200);
      expect(frame.startsWith(`${QR_FRAME_PREFIX}/${i + 1}/${frames.length}/`)).toBe(true);
    });
  });

  it('reassembles the frames in any order, ignoring frames read twice', () => {
    const frames = splitForQr(text, { maxPayloadBytes: 150 });
    for (const seed of [1, 7, 42]) {
      const assembler = new QrAssembler();
      const order = shuffle(frames, seed);
      order.forEach((frame, i) => {
        const progress = assembler.add(frame);
        expect(progress.have).toBe(i + 1);
        expect(progress.complete).toBe(i === order.length - 1);
      });
      expect(assembler.add(order[0]!).status).toBe('duplicate');
      expect(assembler.result()).toBe(text);
    }
  });

  it('says which codes are missing until all are read', () => {
    const frames = splitForQr(text, { maxPayloadBytes: 300 });
    const assembler = new QrAssembler();
    assembler.add(frames[1]!);
    expect(assembler.progress()).toMatchObject({ have: 1, total: frames.length, complete: false });
    expect(assembler.progress().missing).toContain(1);
    expect(assembler.result()).toBeNull();
    const error = envelopeError(() => joinQrFrames(frames.slice(1)));
    expect(error.code).toBe('ENVELOPE_QR_INCOMPLETE');
  });

  it('never cuts a character in two, so every frame is valid UTF-8', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }),
        fc.integer({ min: 16, max: 64 }),
        (sample, size) => {
          const frames = splitForQr(sample, { maxPayloadBytes: size });
          for (const frame of frames) expect(qrTextFromBytes(utf8ToBytes(frame))).toBe(frame);
          expect(joinQrFrames([...frames].reverse())).toBe(sample);
        },
      ),
    );
  });

  it('refuses a frame of another envelope without losing the frames read so far', () => {
    const frames = splitForQr(text, { maxPayloadBytes: 300 });
    const other = splitForQr(serializeEnvelope(proposal({ note: 'another proposal' })), { maxPayloadBytes: 300 });
    const assembler = new QrAssembler();
    assembler.add(frames[0]!);
    expect(envelopeError(() => assembler.add(other[1]!)).code).toBe('ENVELOPE_QR_MIXED_SETS');
    for (const frame of frames.slice(1)) assembler.add(frame);
    expect(assembler.result()).toBe(text);
  });

  it('refuses a frame read twice with different contents', () => {
    const frames = splitForQr(text, { maxPayloadBytes: 300 });
    const assembler = new QrAssembler();
    assembler.add(frames[0]!);
    const altered = frames[0]!.slice(0, -1) + (frames[0]!.endsWith('a') ? 'b' : 'a');
    expect(envelopeError(() => assembler.add(altered)).code).toBe('ENVELOPE_QR_CONFLICT');
  });

  it('refuses a set whose contents do not match its checksum', () => {
    const frames = splitForQr(text, { maxPayloadBytes: 300 });
    const tampered = frames.map((f, i) => (i === 0 ? f.replace('"format"', '"formaT"') : f));
    expect(envelopeError(() => joinQrFrames(tampered)).code).toBe('ENVELOPE_QR_CHECKSUM');
  });

  it('refuses codes that are not frames, with distinct reasons', () => {
    expect(envelopeError(() => parseQrFrame('https://example.com')).code).toBe('ENVELOPE_QR_NOT_A_FRAME');
    expect(envelopeError(() => parseQrFrame('TRONCOSIGN1/x/2/0011223344556677/a')).code).toBe('ENVELOPE_QR_BAD_FRAME');
    expect(envelopeError(() => parseQrFrame('TRONCOSIGN1/3/2/0011223344556677/a')).code).toBe('ENVELOPE_QR_BAD_FRAME');
    expect(envelopeError(() => parseQrFrame('TRONCOSIGN1/1/501/0011223344556677/a')).code).toBe(
      'ENVELOPE_QR_TOO_LARGE',
    );
    expect(envelopeError(() => qrTextFromBytes(new Uint8Array([0xff, 0xfe]))).code).toBe('ENVELOPE_QR_NOT_A_FRAME');
  });

  it('accepts a whole envelope in a single unframed code', () => {
    const assembler = new QrAssembler();
    expect(assembler.add(text)).toMatchObject({ status: 'whole', complete: true });
    expect(assembler.result()).toBe(text);
    expect(envelopeError(() => assembler.add(splitForQr(text)[0]!)).code).toBe('ENVELOPE_QR_MIXED_SETS');
  });

  it('refuses sizes and envelopes it cannot frame', () => {
    expect(envelopeError(() => splitForQr(text, { maxPayloadBytes: 8 })).code).toBe('ENVELOPE_QR_BAD_SIZE');
    expect(envelopeError(() => splitForQr('')).code).toBe('ENVELOPE_QR_EMPTY');
    expect(envelopeError(() => splitForQr('x'.repeat(501 * 16), { maxPayloadBytes: 16 })).code).toBe(
      'ENVELOPE_QR_TOO_LARGE',
    );
  });
});
