import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bytesToUtf8, utf8ToBytes } from '../../../src-core/bytes/utf8';
import {
  AuditError,
  mergeAuditBundles,
  parseAuditBundle,
  serializeAuditBundle,
  verifyAuditBundle,
} from '../../../src-core/audit';
import { canonicalJson } from '../../../src-core/envelope/canonical';
import { deskBundles } from './story';

const { a, b } = deskBundles();
const bundle = mergeAuditBundles(a, b);
const bytes = serializeAuditBundle(bundle);

/** Reads and verifies; a damaged file either fails to read with a typed code or names an entry. */
async function outcome(input: Uint8Array | string): Promise<{ code: string; entry?: { desk: string; seq: number } }> {
  let parsed;
  try {
    parsed = parseAuditBundle(input);
  } catch (error) {
    if (!(error instanceof AuditError)) throw error;
    return { code: error.code };
  }
  const verdict = await verifyAuditBundle(parsed);
  if (verdict.ok) return { code: 'OK' };
  return { code: verdict.code, entry: verdict.entry };
}

describe('a tampered audit bundle never verifies', () => {
  it('the untouched bundle verifies', async () => {
    expect(await outcome(bytes)).toEqual({ code: 'OK' });
  });

  it('any single changed byte fails to read with a typed code, or names an entry', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: bytes.length - 1 }), fc.integer({ min: 1, max: 255 }), async (index, flip) => {
        const changed = bytes.slice();
        changed[index] = (changed[index] ?? 0) ^ flip;
        const result = await outcome(changed);
        expect(result.code).not.toBe('OK');
        expect(result.code).toMatch(/^AUDIT_[A-Z_]+$/);
        if (!['AUDIT_UNREADABLE', 'AUDIT_MALFORMED', 'AUDIT_NOT_CANONICAL'].includes(result.code)) {
          expect(result.entry).toEqual(expect.objectContaining({ desk: expect.any(String), seq: expect.any(Number) }));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('every byte position, changed, is caught; most by naming the changed entry', async () => {
    const codes = new Map<string, number>();
    for (let index = 0; index < bytes.length; index++) {
      const changed = bytes.slice();
      changed[index] = (changed[index] ?? 0) ^ 0x01;
      const { code } = await outcome(changed);
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    expect(codes.has('OK')).toBe(false);
    expect(codes.get('AUDIT_HASH_MISMATCH')).toBeGreaterThan(bytes.length / 4);
  });

  it('removing any one entry from the file names an entry of that desk', async () => {
    const text = bytesToUtf8(bytes);
    for (const removed of bundle.entries) {
      // Cut the entry's own text out of the file, comma included, as an editor would.
      const own = canonicalJson(removed).length;
      const at = text.indexOf(`"hash":"${removed.hash}"`);
      const start = text.lastIndexOf('{"account"', at);
      expect(start).toBeGreaterThan(0);
      const cut = text[start - 1] === ',' ? text.slice(0, start - 1) + text.slice(start + own) : '';
      const without = cut || text.slice(0, start) + text.slice(start + own + 1);
      expect(without.length).toBeLessThan(text.length);
      const result = await outcome(utf8ToBytes(without));
      expect(result.code).not.toBe('OK');
      expect(result.entry?.desk).toBe(removed.desk);
      expect([removed.seq, removed.seq + 1]).toContain(result.entry?.seq);
    }
  });
});
