import { describe, expect, it } from 'vitest';
import { CONFIRMATION, confirmationAllows, listParams, param, wholeParam } from '@main/node/events-api/query';
import { TronGridError } from '@main/node/events-api/reply';

const q = (text: string): URLSearchParams => new URLSearchParams(text);

describe('TronGrid list parameters', () => {
  it('defaults to 20 rows, newest first, confirmed and unconfirmed, no fingerprint', () => {
    expect(listParams(q(''))).toEqual({ limit: 20, order: 'desc', confirmation: 'any', fingerprint: undefined });
  });

  it('reads snake_case and camelCase names alike', () => {
    expect(listParams(q('limit=5&orderBy=block_timestamp,asc&onlyConfirmed=true&fingerprint=abc'))).toEqual({
      limit: 5,
      order: 'asc',
      confirmation: 'confirmed',
      fingerprint: 'abc',
    });
    expect(listParams(q('only_unconfirmed=true')).confirmation).toBe('unconfirmed');
    expect(param(q('eventName=Transfer'), 'event_name')).toBe('Transfer');
  });

  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 200.'],
    ['limit=201', 'limit must be a whole number from 1 to 200.'],
    ['limit=ten', 'limit must be a whole number from 1 to 200.'],
    ['order_by=block_number,asc', 'order_by must be block_timestamp,desc or block_timestamp,asc.'],
    ['only_confirmed=yes', 'only_confirmed must be true or false.'],
    ['only_confirmed=true&only_unconfirmed=true', 'only_confirmed and only_unconfirmed cannot both be true.'],
  ])('refuses %s with a sentence saying what to send', (text, message) => {
    expect(() => listParams(q(text))).toThrow(new TronGridError(message));
  });

  it('takes whole numbers for blocks and timestamps and refuses anything else', () => {
    expect(wholeParam(q('min_block_timestamp=1700000000000'), 'min_block_timestamp')).toBe(1_700_000_000_000);
    expect(wholeParam(q(''), 'block_number')).toBeUndefined();
    expect(() => wholeParam(q('block_number=-1'), 'block_number')).toThrow(
      new TronGridError('block_number must be a whole number.'),
    );
  });

  it('splits blocks at the solidified one', () => {
    expect(confirmationAllows(CONFIRMATION.confirmed, 10, 10)).toBe(true);
    expect(confirmationAllows(CONFIRMATION.confirmed, 11, 10)).toBe(false);
    expect(confirmationAllows(CONFIRMATION.unconfirmed, 11, 10)).toBe(true);
    expect(confirmationAllows(CONFIRMATION.unconfirmed, 10, 10)).toBe(false);
    expect(confirmationAllows(CONFIRMATION.any, 11, 10)).toBe(true);
  });
});
