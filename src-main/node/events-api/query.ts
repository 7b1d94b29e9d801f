import { TronGridError } from './reply';

/**
 * The query parameters TronGrid's v1 list endpoints share, checked as TronGrid checks them: limit
 * 1–200 (default 20), `order_by` `block_timestamp,desc` (default) or `block_timestamp,asc`, the
 * booleans `only_confirmed` / `only_unconfirmed`, and timestamps in milliseconds. TronGrid takes
 * every parameter in snake_case or camelCase.
 */
export const MAX_LIMIT = 200;
export const DEFAULT_LIMIT = 20;

export const ORDER = { desc: 'desc', asc: 'asc' } as const;
export type Order = (typeof ORDER)[keyof typeof ORDER];

/** Which blocks a list covers: solidified ones, the ones above the solidified block, or both. */
export const CONFIRMATION = { any: 'any', confirmed: 'confirmed', unconfirmed: 'unconfirmed' } as const;
export type Confirmation = (typeof CONFIRMATION)[keyof typeof CONFIRMATION];

export interface ListParams {
  readonly limit: number;
  readonly order: Order;
  readonly confirmation: Confirmation;
  readonly fingerprint: string | undefined;
}

const camel = (name: string): string => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** A parameter by its snake_case name or its camelCase twin; undefined when absent or empty. */
export function param(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name) ?? query.get(camel(name)) ?? undefined;
  return value === undefined || value === '' ? undefined : value;
}

export function booleanParam(query: URLSearchParams, name: string): boolean {
  const value = param(query, name);
  if (value === undefined) return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new TronGridError(`${name} must be true or false.`);
}

/** A non-negative whole number (block numbers, timestamps). */
export function wholeParam(query: URLSearchParams, name: string): number | undefined {
  const value = param(query, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw new TronGridError(`${name} must be a whole number.`);
  return Number(value);
}

export function listParams(query: URLSearchParams): ListParams {
  const limitText = param(query, 'limit');
  let limit = DEFAULT_LIMIT;
  if (limitText !== undefined) {
    if (!/^\d{1,6}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_LIMIT)
      throw new TronGridError(`limit must be a whole number from 1 to ${MAX_LIMIT}.`);
    limit = Number(limitText);
  }
  const orderText = param(query, 'order_by') ?? 'block_timestamp,desc';
  const order = { 'block_timestamp,desc': ORDER.desc, 'block_timestamp,asc': ORDER.asc }[orderText];
  if (order === undefined) throw new TronGridError('order_by must be block_timestamp,desc or block_timestamp,asc.');
  const confirmed = booleanParam(query, 'only_confirmed');
  const unconfirmed = booleanParam(query, 'only_unconfirmed');
  if (confirmed && unconfirmed) throw new TronGridError('only_confirmed and only_unconfirmed cannot both be true.');
  return {
    limit,
    order,
    confirmation: confirmed ? CONFIRMATION.confirmed : unconfirmed ? CONFIRMATION.unconfirmed : CONFIRMATION.any,
    fingerprint: param(query, 'fingerprint'),
  };
}

/** The block passes the confirmation filter, given the solidified block number. */
export function confirmationAllows(confirmation: Confirmation, block: number, solid: number): boolean {
  if (confirmation === CONFIRMATION.confirmed) return block <= solid;
  if (confirmation === CONFIRMATION.unconfirmed) return block > solid;
  return true;
}
