import { describe, expect, it } from 'vitest';
import { URDecoder } from '@ngraveio/bc-ur';
import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { EncodingError, EnvelopeError } from '../../../src-core/errors';
import { serializeEnvelope } from '../../../src-core/envelope';
import {
  ENVELOPE_UR_FRAGMENT_BYTES,
  EnvelopeQrReader,
  envelopeUrEncoder,
  envelopeUrParts,
  readEnvelopeQr,
} from '../../../src-core/envelope/qr-codes';
import { splitForQr } from '../../../src-core/envelope/qr-frames';
import { encodeSinglePartUr, UrEncoder } from '../../../src-core/ur/ur';
import { Xoshiro256 } from '../../../src-core/ur/xoshiro';
import { expectWalletError } from '../../fixtures/expect-error';
import { proposal, trigger } from './helpers';

const text = serializeEnvelope(proposal({ transaction: trigger as never, abi: [] }));

/** `count` parts of the animated code, as a screen shows them one after another. */
function animation(count: number): string[] {
  const encoder = envelopeUrEncoder(text);
  return Array.from({ length: count }, () => encoder.nextPart().toUpperCase());
}

function seeded(seed: string): Xoshiro256 {
  return new Xoshiro256(utf8ToBytes(seed));
}

describe('envelope QR codes (BC-UR bytes)', () => {
  it('carries the canonical JSON as a bytes UR in fragments of at most 200 bytes', () => {
    const parts = envelopeUrParts(text);
    expect(parts.length).toBe(Math.ceil((utf8ToBytes(text).length + 3) / ENVELOPE_UR_FRAGMENT_BYTES));
    expect(parts.length).toBeGreaterThan(3);
    parts.forEach((part, i) => expect(part).toMatch(new RegExp(`^ur:bytes/${i + 1}-${parts.length}/[a-z]+$`)));
    expect(Math.max(...parts.map((part) => part.length))).toBeLessThanOrEqual(470);
  });

  it('reads the animation back with a fifth of its frames missed, in any order', () => {
    for (let round = 0; round < 25; round++) {
      const rng = seeded(`drop-${round}`);
      const shown = animation(envelopeUrEncoder(text).seqLen * 3);
      const caught = shown.filter(() => rng.nextDouble() >= 0.2);
      const order = caught.map((part) => ({ part, key: rng.nextDouble() })).sort((a, b) => a.key - b.key);
      const reader = new EnvelopeQrReader();
      for (const { part } of order) if (!reader.progress().complete) reader.add(part);
      expect(reader.progress()).toMatchObject({ format: 'ur', complete: true });
      expect(reader.result(), `round ${round}`).toBe(text);
    }
  });

  it('counts fragments recovered and lists those still unknown', () => {
    const [first, second, third] = envelopeUrParts(text);
    const reader = new EnvelopeQrReader();
    expect(reader.add(third!)).toMatchObject({ status: 'added', format: 'ur', have: 1, complete: false });
    expect(reader.add(first!)).toMatchObject({ have: 2 });
    expect(reader.add(first!)).toMatchObject({ status: 'duplicate', have: 2 });
    const progress = reader.progress();
    expect(progress.missing).toEqual(
      Array.from({ length: progress.total }, (_, i) => i + 1).filter((n) => n !== 1 && n !== 3),
    );
    expect(second).toBeDefined();
    expect(reader.result()).toBeNull();
  });

  it('prints parts that another UR library reads', () => {
    const decoder = new URDecoder();
    for (const part of envelopeUrParts(text).reverse()) decoder.receivePart(part.toUpperCase());
    expect(decoder.isSuccess()).toBe(true);
    expect(new TextDecoder().decode(new Uint8Array(decoder.resultUR().decodeCBOR()))).toBe(text);
  });

  it('still reads the TRONCOSIGN1 frames of older versions and a bare envelope in one code', () => {
    const frames = splitForQr(text, { maxPayloadBytes: 300 });
    expect(frames.length).toBeGreaterThan(2);
    expect(readEnvelopeQr([...frames].reverse())).toBe(text);
    const reader = new EnvelopeQrReader();
    expect(reader.add(frames[1]!)).toMatchObject({
      format: 'frames',
      have: 1,
      total: frames.length,
      missing: frames.map((_, i) => i + 1).filter((n) => n !== 2),
    });
    expect(readEnvelopeQr([text])).toBe(text);
  });

  it('refuses to mix formats, other envelopes or other UR types, keeping what it read', () => {
    const reader = new EnvelopeQrReader();
    reader.add(envelopeUrParts(text)[0]!);
    expectWalletError(() => reader.add(splitForQr(text)[0]!), EnvelopeError, 'ENVELOPE_QR_MIXED_SETS');
    const other = envelopeUrParts(serializeEnvelope(proposal({ note: 'another one' })));
    expectWalletError(() => reader.add(other[1]!), EnvelopeError, 'ENVELOPE_QR_MIXED_SETS');
    expect(reader.progress().have).toBe(1);
    const psbt = new UrEncoder({ type: 'crypto-psbt', cbor: new Uint8Array([0x41, 0x00]) }).nextPart();
    expectWalletError(() => new EnvelopeQrReader().add(psbt), EnvelopeError, 'ENVELOPE_QR_NOT_A_FRAME');
    expectWalletError(() => new EnvelopeQrReader().add('ur:bytes/1-3/zzzz'), EncodingError, 'UR_BAD_BYTEWORDS');
  });

  it('refuses binary data and incomplete sets with reasons', () => {
    const binary = encodeSinglePartUr({ type: 'bytes', cbor: new Uint8Array([0x42, 0xff, 0xfe]) });
    const reader = new EnvelopeQrReader();
    reader.add(binary);
    expectWalletError(() => reader.result(), EnvelopeError, 'ENVELOPE_QR_NOT_A_FRAME');
    const parts = envelopeUrParts(text);
    const error = expectWalletError(() => readEnvelopeQr(parts.slice(1)), EnvelopeError, 'ENVELOPE_QR_INCOMPLETE');
    expect(error.message).toBe(
      `The codes read recover ${parts.length - 1} of ${parts.length} parts; read more codes of this envelope.`,
    );
  });

  it('gives large envelopes larger fragments rather than more than 500 codes, and refuses what no QR set can hold', () => {
    expect(envelopeUrEncoder('x'.repeat(200_000)).seqLen).toBeLessThanOrEqual(500);
    expectWalletError(() => envelopeUrEncoder('x'.repeat(600_000)), EnvelopeError, 'ENVELOPE_QR_TOO_LARGE');
    expectWalletError(() => envelopeUrEncoder(''), EnvelopeError, 'ENVELOPE_QR_EMPTY');
  });
});
