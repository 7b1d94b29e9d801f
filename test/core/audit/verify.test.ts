import { describe, expect, it } from 'vitest';
import {
  appendAuditEntry,
  createAuditBundle,
  mergeAuditBundles,
  verifyAuditBundle,
  type AuditEntry,
  type PermissionQuery,
} from '../../../src-core/audit';
import { sealEntry } from '../../../src-core/audit/hash';
import { K } from '../../fixtures/permissions';
import { ACCOUNT, DESK_A, DESK_B, TX_ID, deskBundles, signTx, story } from './story';

const merged = () => {
  const { a, b } = deskBundles();
  return mergeAuditBundles(a, b);
};

describe('verifyAuditBundle', () => {
  it('names an entry whose signature was made by another key than its stated signer', async () => {
    const { a, b } = story();
    const resealed: AuditEntry[] = [];
    for (const e of a) {
      const content = { ...e, prev: resealed.at(-1)?.hash ?? null };
      if (content.body.kind === 'signature') content.body = { ...content.body, signature: signTx(K.K3.private_key) };
      resealed.push(sealEntry(content));
    }
    const verdict = await verifyAuditBundle(createAuditBundle(ACCOUNT, [...resealed, ...b]));
    expect(verdict).toMatchObject({
      ok: false,
      code: 'AUDIT_BAD_SIGNATURE',
      entry: { desk: DESK_A, seq: 4, kind: 'signature' },
    });
  });

  it('asks the permission hook about each signer at its confirmation block', async () => {
    const queries: PermissionQuery[] = [];
    const verdict = await verifyAuditBundle(merged(), {
      permissionAt: (query) => {
        queries.push(query);
        return { allowed: true, weight: 1n };
      },
    });
    expect(verdict.ok).toBe(true);
    expect(queries).toEqual([
      { account: ACCOUNT, signer: K.K1.hex.toLowerCase(), block: 64_000_123n, txId: TX_ID },
      { account: ACCOUNT, signer: K.K2.hex.toLowerCase(), block: 64_000_123n, txId: TX_ID },
    ]);
  });

  it('fails on a signature by a key the permission at that block does not hold', async () => {
    const outside = K.K2.hex.toLowerCase();
    const verdict = await verifyAuditBundle(merged(), {
      permissionAt: async ({ signer }) => ({ allowed: signer !== outside, weight: signer === outside ? 0n : 1n }),
    });
    expect(verdict).toMatchObject({
      ok: false,
      code: 'AUDIT_SIGNER_NOT_PERMITTED',
      entry: { desk: DESK_B, seq: 3, kind: 'signature' },
    });
    if (!verdict.ok) expect(verdict.message).toContain('block 64000123');
  });

  it('passes the hook no block when the transaction has no confirmation in the bundle', async () => {
    const { b } = deskBundles();
    const blocks: (bigint | null)[] = [];
    await verifyAuditBundle(b, {
      permissionAt: ({ block }) => {
        blocks.push(block);
        return { allowed: true, weight: 1n };
      },
    });
    expect(blocks).toEqual([null]);
  });

  it('names the entry after a removed one, and a desk whose head is gone', async () => {
    const bundle = merged();
    const gap = { ...bundle, entries: bundle.entries.filter((e) => !(e.desk === DESK_B && e.seq === 1)) };
    expect(await verifyAuditBundle(gap)).toMatchObject({
      ok: false,
      code: 'AUDIT_MISSING_PREVIOUS',
      entry: { desk: DESK_B, seq: 2 },
    });
    const noHead = { ...bundle, heads: bundle.heads.filter((h) => h.desk !== DESK_A) };
    expect(await verifyAuditBundle(noHead)).toMatchObject({
      ok: false,
      code: 'AUDIT_HEAD_WRONG',
      entry: { desk: DESK_A, seq: 6 },
    });
  });

  it('names an entry carried into another account’s bundle', async () => {
    const stranger = appendAuditEntry(null, {
      account: `41${'cd'.repeat(20)}`,
      desk: 'desk-0',
      at: 1,
      txId: TX_ID,
      body: { kind: 'broadcast', node: 'http://n' },
    });
    const bundle = merged();
    const verdict = await verifyAuditBundle({
      ...bundle,
      entries: [stranger, ...bundle.entries],
      heads: [{ desk: 'desk-0', seq: 0, hash: stranger.hash }, ...bundle.heads],
    });
    expect(verdict).toMatchObject({ ok: false, code: 'AUDIT_OTHER_ACCOUNT', entry: { desk: 'desk-0', seq: 0 } });
  });
});
