import { describe, expect, it } from 'vitest';
import { fingerprintOf, paginate, positionOf } from '@main/node/events-api/paging';
import type { Position } from '@main/node/events-api/paging';
import { CONFIRMATION, ORDER } from '@main/node/events-api/query';
import type { ListParams, Order } from '@main/node/events-api/query';
import { TronGridError } from '@main/node/events-api/reply';

const rows = Array.from({ length: 25 }, (_, i) => ({
  position: { block: 1 + Math.floor(i / 4), tx: i % 4, item: i % 2 } satisfies Position,
  n: i,
}));

function params(limit: number, order: Order, fingerprint?: string): ListParams {
  return { limit, order, confirmation: CONFIRMATION.any, fingerprint };
}

function walk(limit: number, order: Order, accept: (row: (typeof rows)[number]) => boolean = () => true): number[][] {
  const pages: number[][] = [];
  let fingerprint: string | undefined;
  do {
    const page = paginate(rows, params(limit, order, fingerprint), accept);
    pages.push(page.rows.map((r) => r.n));
    fingerprint = page.next && fingerprintOf(page.next);
  } while (fingerprint);
  return pages;
}

describe('fingerprint paging', () => {
  it('walks every row once in ascending order, a fingerprint only while rows remain', () => {
    const pages = walk(10, ORDER.asc);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(rows.map((r) => r.n));
  });

  it('walks every row once in descending order', () => {
    expect(walk(7, ORDER.desc).flat()).toEqual(rows.map((r) => r.n).reverse());
  });

  it('gives no fingerprint when the last page is exactly full', () => {
    const pages = walk(5, ORDER.asc);
    expect(pages).toHaveLength(5);
    expect(pages.every((p) => p.length === 5)).toBe(true);
  });

  it('skips rows the filter refuses without counting them toward the limit', () => {
    const pages = walk(3, ORDER.desc, (r) => r.n % 3 === 0);
    expect(pages.flat()).toEqual([24, 21, 18, 15, 12, 9, 6, 3, 0]);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 3]);
  });

  it('continues after a cursor whose row is gone, and from a cursor past either end', () => {
    const between = fingerprintOf({ block: 3, tx: 1, item: 5 });
    expect(paginate(rows, params(2, ORDER.asc, between), () => true).rows.map((r) => r.n)).toEqual([10, 11]);
    expect(paginate(rows, params(2, ORDER.desc, between), () => true).rows.map((r) => r.n)).toEqual([9, 8]);
    const past = fingerprintOf({ block: 99, tx: 0, item: 0 });
    expect(paginate(rows, params(2, ORDER.asc, past), () => true).rows).toEqual([]);
    expect(paginate(rows, params(2, ORDER.desc, past), () => true).rows.map((r) => r.n)).toEqual([24, 23]);
  });

  it('reads back the position it wrote', () => {
    const position = { block: 61_234_567, tx: 12, item: 3 };
    expect(positionOf(fingerprintOf(position))).toEqual(position);
  });

  it.each(['', 'not base64!', Buffer.from('1.2').toString('base64url'), Buffer.from('a.b.c').toString('base64url')])(
    "refuses the fingerprint %j with TronGrid's 400",
    (fingerprint) => {
      expect(() => positionOf(fingerprint)).toThrow(new TronGridError('Invalid fingerprint.'));
    },
  );
});
