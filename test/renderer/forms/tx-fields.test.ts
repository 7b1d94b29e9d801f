import { describe, expect, it } from 'vitest';
import {
  checkAbiArgument,
  checkAbiText,
  checkAddress,
  checkExpirationMinutes,
  checkFeeLimit,
  checkHex,
  checkPercent,
  checkTokenAmount,
  checkTokenId,
  checkTrx,
  checkWholeNumber,
  readArtifact,
} from '../../../src-renderer/forms/tx-fields';
import { toBase58Address } from '../../../src-core/address/address';
import { hexToBytes } from '../../../src-core/bytes/hex';
import { addressFromPrivateKey } from '../../../src-core/keys/keys';

const hex = addressFromPrivateKey(hexToBytes('01'.repeat(32)));
const key = { hex: hex as string, base58: toBase58Address(hex) as string };

/** Flips one character of a Base58 address so the checksum no longer matches. */
function mistype(address: string): string {
  const i = 10;
  return address.slice(0, i) + (address[i] === 'a' ? 'b' : 'a') + address.slice(i + 1);
}

describe('address field', () => {
  it('accepts Base58 and hex and shows Base58', () => {
    expect(checkAddress(` ${key.base58} `)).toEqual({ ok: true, value: key.base58 });
    expect(checkAddress(key.hex)).toEqual({ ok: true, value: key.base58 });
  });

  it.each([
    ['', 'Enter an address.'],
    [mistype(key.base58), 'The checksum does not match: a character was mistyped or changed. Copy the address again.'],
    [key.base58.slice(0, 33), 'A Base58 TRON address has 34 characters; this has 33.'],
    [`0x${'ab'.repeat(20)}`, 'This is a 20-byte EVM address; a TRON address starts with T (or 41 in hex).'],
    ['Bxyz', 'A TRON address starts with T (Base58) or 41 (hex).'],
  ])('refuses %j', (text, message) => {
    expect(checkAddress(text)).toEqual({ ok: false, error: message });
  });
});

describe('amount fields', () => {
  it('holds TRX as sun, exactly', () => {
    expect(checkTrx('2.5')).toEqual({ ok: true, value: 2_500_000n });
    expect(checkTrx('0.000001')).toEqual({ ok: true, value: 1n });
    expect(checkTrx('9223372036854.775807')).toEqual({ ok: true, value: 9_223_372_036_854_775_807n });
    expect(checkTrx('9223372036854.775808')).toMatchObject({ ok: false });
  });

  it('refuses more than 6 decimals, zero, negatives, text and stake under 1 TRX', () => {
    expect(checkTrx('1.1234567')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/at most 6 decimal places/),
    });
    expect(checkTrx('0')).toMatchObject({ ok: false });
    expect(checkTrx('-1')).toMatchObject({ ok: false });
    expect(checkTrx('ten')).toMatchObject({ ok: false });
    expect(checkTrx('0.5', { min: 1_000_000n, what: 'The amount to stake' })).toEqual({
      ok: false,
      error: 'The amount to stake must be at least 1 TRX.',
    });
  });

  it('reads token amounts with the token decimals', () => {
    expect(checkTokenAmount('1.5', 6)).toEqual({ ok: true, value: 1_500_000n });
    expect(checkTokenAmount('1.5', 0)).toMatchObject({ ok: false });
    expect(checkTokenAmount('12', 18)).toEqual({ ok: true, value: 12n * 10n ** 18n });
  });

  it('caps the fee limit at 15,000 TRX', () => {
    expect(checkFeeLimit('15000')).toEqual({ ok: true, value: 15_000_000_000n });
    expect(checkFeeLimit('15000.000001')).toEqual({
      ok: false,
      error: 'The fee limit can be at most 15,000 TRX: the chain refuses more.',
    });
    expect(checkFeeLimit('0')).toEqual({ ok: true, value: 0n });
  });
});

describe('number fields', () => {
  it('keeps consume_user_resource_percent within 0..100', () => {
    expect(checkPercent('0')).toEqual({ ok: true, value: 0 });
    expect(checkPercent('100')).toEqual({ ok: true, value: 100 });
    expect(checkPercent('101')).toEqual({ ok: false, error: 'The percentage must be at most 100.' });
    expect(checkPercent('50.5')).toEqual({ ok: false, error: 'The percentage must be a whole number (digits only).' });
  });

  it('keeps the signing window between 1 minute and 24 hours, in ms', () => {
    expect(checkExpirationMinutes('1')).toEqual({ ok: true, value: 60_000 });
    expect(checkExpirationMinutes('1440')).toEqual({ ok: true, value: 86_400_000 });
    expect(checkExpirationMinutes('1441')).toEqual({ ok: false, error: 'The signing window must be at most 1440.' });
  });

  it('checks whole numbers, TRC10 ids and hex', () => {
    expect(checkWholeNumber('12', { min: 1n, max: 10n, what: 'The lock period' })).toEqual({
      ok: false,
      error: 'The lock period must be at most 10.',
    });
    expect(checkTokenId('1000001')).toEqual({ ok: true, value: '1000001' });
    expect(checkTokenId('0123')).toMatchObject({ ok: false });
    expect(checkHex('0x60AB')).toEqual({ ok: true, value: '60ab' });
    expect(checkHex('608')).toEqual({
      ok: false,
      error: 'The bytecode has an odd number of hex digits: a digit is missing.',
    });
    expect(checkHex('60zz')).toEqual({ ok: false, error: 'The bytecode must contain only hex digits (0-9, a-f).' });
  });
});

describe('ABI fields', () => {
  const abi = [{ type: 'constructor', inputs: [{ name: 'supply', type: 'uint256' }] }];

  it('accepts an entry list, java-tron entrys and an artifact', () => {
    expect(checkAbiText(JSON.stringify(abi))).toEqual({ ok: true, value: abi });
    expect(checkAbiText(JSON.stringify({ entrys: abi }))).toEqual({ ok: true, value: abi });
    expect(checkAbiText('{')).toEqual({ ok: false, error: 'The ABI is not valid JSON.' });
    expect(checkAbiText(JSON.stringify([{ type: 'gizmo' }]))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/unknown type/),
    });
  });

  it('reads a compiler artifact', () => {
    expect(readArtifact(JSON.stringify({ contractName: 'Token', abi, bytecode: '0x6080' }))).toEqual({
      ok: true,
      value: { abi, bytecode: '6080', name: 'Token' },
    });
    expect(readArtifact(JSON.stringify({ abi }))).toEqual({
      ok: false,
      error: 'The artifact needs an "abi" list and a "bytecode" string.',
    });
  });

  it.each([
    ['uint256', '1000', { ok: true, value: '1000' }],
    ['uint256', '-5', { ok: false, error: 'A uint256 cannot be negative.' }],
    ['uint8', '256', { ok: false, error: 'Too large for a uint8: it holds 0 to 2^8 − 1.' }],
    ['int8', '-128', { ok: true, value: '-128' }],
    ['bool', 'yes', { ok: false, error: 'Enter true or false.' }],
    ['bool', 'true', { ok: true, value: true }],
    ['bytes2', '0x1234', { ok: true, value: '0x1234' }],
    ['bytes2', '0x12', { ok: false, error: 'The value (bytes2) must be exactly 2 bytes, got 1.' }],
    ['uint256[]', '["1","2"]', { ok: true, value: ['1', '2'] }],
    [
      'uint256[]',
      '[1,',
      { ok: false, error: 'Enter the uint256[] value as JSON, e.g. ["…", "…"] (numbers as "strings").' },
    ],
  ])('checks a %s argument %j', (type, text, expected) => {
    expect(checkAbiArgument(type, text)).toEqual(expected);
  });

  it('checks an address argument like the address field', () => {
    expect(checkAbiArgument('address', key.hex)).toEqual({ ok: true, value: key.base58 });
    expect(checkAbiArgument('address', mistype(key.base58))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/checksum/),
    });
  });
});
