import type { ApiRequest } from '../http/request';
import type { ListParams } from './query';
import { ORDER } from './query';
import type { PageMeta } from './reply';
import { TronGridError } from './reply';

/**
 * Fingerprint paging as TronGrid does it: a page of `limit` rows, and when more rows match,
 * `meta.fingerprint` (an opaque cursor) and `meta.links.next` (the same request with that
 * fingerprint). The cursor here is the chain position of the page's last row, so the next page
 * starts right after it whatever blocks arrived meanwhile: no row is lost or repeated.
 */
export interface Position {
  readonly block: number;
  /** Index of the transaction in its block. */
  readonly tx: number;
  /** Index of the row inside its transaction (the log's place; 0 for a transaction row). */
  readonly item: number;
}

export interface Positioned {
  readonly position: Position;
}

export function comparePositions(a: Position, b: Position): number {
  return a.block - b.block || a.tx - b.tx || a.item - b.item;
}

export function fingerprintOf(position: Position): string {
  return Buffer.from(`${position.block}.${position.tx}.${position.item}`, 'utf8').toString('base64url');
}

export function positionOf(fingerprint: string): Position {
  const text = /^[A-Za-z0-9_-]{1,64}$/.test(fingerprint)
    ? Buffer.from(fingerprint, 'base64url').toString('latin1')
    : '';
  const match = /^(\d{1,15})\.(\d{1,9})\.(\d{1,9})$/.exec(text);
  if (!match) throw new TronGridError('Invalid fingerprint.');
  return { block: Number(match[1]), tx: Number(match[2]), item: Number(match[3]) };
}

export interface Page<T> {
  readonly rows: readonly T[];
  /** Set when more rows match after the page. */
  readonly next: Position | undefined;
}

/**
 * One page of `rows` (ascending chain order) in the asked order, after the fingerprint's position,
 * keeping the rows `accept` takes.
 */
export function paginate<T extends Positioned>(
  rows: readonly T[],
  params: ListParams,
  accept: (row: T) => boolean,
): Page<T> {
  const cursor = params.fingerprint === undefined ? undefined : positionOf(params.fingerprint);
  const descending = params.order === ORDER.desc;
  const start = startIndex(rows, cursor, descending);
  const step = descending ? -1 : 1;
  const page: T[] = [];
  for (let i = start; i >= 0 && i < rows.length; i += step) {
    const row = rows[i]!;
    if (!accept(row)) continue;
    if (page.length === params.limit) return { rows: page, next: page[page.length - 1]!.position };
    page.push(row);
  }
  return { rows: page, next: undefined };
}

/** The first index to look at: just past the cursor in the direction of the order. */
function startIndex<T extends Positioned>(
  rows: readonly T[],
  cursor: Position | undefined,
  descending: boolean,
): number {
  if (cursor === undefined) return descending ? rows.length - 1 : 0;
  // First index whose position is greater than the cursor.
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (comparePositions(rows[mid]!.position, cursor) <= 0) low = mid + 1;
    else high = mid;
  }
  if (!descending) return low;
  // Last index whose position is less than the cursor.
  let below = low - 1;
  while (below >= 0 && comparePositions(rows[below]!.position, cursor) === 0) below--;
  return below;
}

/** `meta` of a page: its size, and the fingerprint and link to the next page when there is one. */
export function pageMeta(request: ApiRequest, size: number, next: Position | undefined): PageMeta {
  if (next === undefined) return { at: Date.now(), page_size: size };
  const fingerprint = fingerprintOf(next);
  const query = new URLSearchParams(request.query);
  query.delete('fingerprint');
  query.set('fingerprint', fingerprint);
  return {
    at: Date.now(),
    fingerprint,
    links: { next: `${request.origin}${request.path}?${query.toString()}` },
    page_size: size,
  };
}
