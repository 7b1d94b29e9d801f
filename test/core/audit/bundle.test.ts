import { describe, expect, it } from 'vitest';
import { bytesToUtf8, utf8ToBytes } from '../../../src-core/bytes/utf8';
import {
  AUDIT_ENTRY_DOMAIN,
  AuditError,
  appendAuditEntry,
  auditEntryHash,
  createAuditBundle,
  mergeAuditBundles,
  parseAuditBundle,
  serializeAuditBundle,
  verifyAuditBundle,
} from '../../../src-core/audit';
import { canonicalJson } from '../../../src-core/envelope/canonical';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '../../../src-core/bytes/hex';
import { ACCOUNT, DESK_A, DESK_B, TX_ID, deskBundles, story } from './story';

describe('audit log: one transaction across two desks', () => {
  it('chains each desk: place 0 links to nothing, every later entry to the hash before it', () => {
    const { a, b } = story();
    expect(a.map((e) => e.body.kind)).toEqual([
      'proposal',
      'checks',
      'verdict',
      'consent',
      'signature',
      'broadcast',
      'confirmation',
    ]);
    expect(b.map((e) => e.body.kind)).toEqual(['checks', 'verdict', 'consent', 'signature']);
    for (const chain of [a, b]) {
      expect(chain[0]?.prev).toBeNull();
      chain.slice(1).forEach((e, i) => {
        expect(e.seq).toBe(i + 1);
        expect(e.prev).toBe(chain[i]?.hash);
      });
    }
  });

  it('hashes the domain tag and the canonical entry without its hash, previous hash included', () => {
    const entry = story().a[1];
    if (!entry) throw new Error('story has no second entry');
    const { hash, ...content } = entry;
    const expected = bytesToHex(sha256(utf8ToBytes(AUDIT_ENTRY_DOMAIN + canonicalJson(content))));
    expect(hash).toBe(expected);
    expect(canonicalJson(content)).toContain(`"prev":"${entry.prev}"`);
    expect(auditEntryHash({ ...content, prev: '00'.repeat(32) })).not.toBe(hash);
  });

  it('merges the two desks into the same bytes in either order, and the result verifies', async () => {
    const { a, b } = deskBundles();
    const ab = serializeAuditBundle(mergeAuditBundles(a, b));
    const ba = serializeAuditBundle(mergeAuditBundles(b, a));
    expect(bytesToUtf8(ab)).toBe(bytesToUtf8(ba));
    const merged = parseAuditBundle(ab);
    expect(merged.entries).toHaveLength(11);
    expect(merged.heads.map((h) => [h.desk, h.seq])).toEqual([
      [DESK_A, 6],
      [DESK_B, 3],
    ]);
    expect(await verifyAuditBundle(merged)).toEqual({ ok: true, entries: 11, chains: 2 });
  });

  it('merging a copy that already holds some of the entries changes nothing', () => {
    const { a, b } = deskBundles();
    const merged = mergeAuditBundles(a, b);
    const partial = createAuditBundle(ACCOUNT, story().a.slice(0, 3));
    expect(bytesToUtf8(serializeAuditBundle(mergeAuditBundles(merged, partial)))).toBe(
      bytesToUtf8(serializeAuditBundle(merged)),
    );
  });

  it('keeps a later stated head in a merge, so a copy cut short does not hide the tail', async () => {
    const { a, b } = deskBundles();
    const cut = { ...a, entries: a.entries.slice(0, 5) };
    const merged = mergeAuditBundles(cut, b);
    const verdict = await verifyAuditBundle(merged);
    expect(verdict).toMatchObject({ ok: false, code: 'AUDIT_HEAD_MISSING', entry: { desk: DESK_A, seq: 6 } });
  });

  it('refuses to merge two accounts, and two different entries at one place', () => {
    const { a, b } = deskBundles();
    expect(() => mergeAuditBundles(a, { ...b, account: `41${'ab'.repeat(20)}` })).toThrow(
      expect.objectContaining({ code: 'AUDIT_OTHER_ACCOUNT' }),
    );
    const other = appendAuditEntry(null, {
      account: ACCOUNT,
      desk: DESK_A,
      at: 1,
      txId: TX_ID,
      body: { kind: 'broadcast', node: 'http://other' },
    });
    expect(() => mergeAuditBundles(a, createAuditBundle(ACCOUNT, [other]))).toThrow(
      expect.objectContaining({ code: 'AUDIT_FORK' }),
    );
  });

  it('refuses to append to another desk’s chain or to write a signature without its txID', () => {
    const { a } = story();
    const head = a.at(-1) ?? null;
    expect(() =>
      appendAuditEntry(head, { account: ACCOUNT, desk: DESK_B, at: 1, body: { kind: 'broadcast', node: 'x' } }),
    ).toThrow(expect.objectContaining({ code: 'AUDIT_WRONG_CHAIN' }));
    expect(() =>
      appendAuditEntry(head, { account: ACCOUNT, desk: DESK_A, at: 1, body: { kind: 'broadcast', node: 'x' } }),
    ).toThrow(expect.objectContaining({ code: 'AUDIT_MALFORMED', details: { path: 'txId' } }));
  });

  it('reads only the canonical text back', () => {
    const { a } = deskBundles();
    const text = bytesToUtf8(serializeAuditBundle(a));
    expect(parseAuditBundle(text)).toEqual(a);
    const spaced = JSON.stringify(JSON.parse(text), null, 1);
    expect(() => parseAuditBundle(spaced)).toThrow(AuditError);
    expect(() => parseAuditBundle(spaced)).toThrow(expect.objectContaining({ code: 'AUDIT_NOT_CANONICAL' }));
    expect(() => parseAuditBundle('{')).toThrow(expect.objectContaining({ code: 'AUDIT_UNREADABLE' }));
    expect(() => parseAuditBundle(text.replace('"format"', '"formit"'))).toThrow(
      expect.objectContaining({ code: 'AUDIT_MALFORMED' }),
    );
  });
});
