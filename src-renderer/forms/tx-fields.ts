import { addressToBytes, toBase58Address } from '../../src-core/address/address';
import { encodeValue } from '../../src-core/abi/encode';
import { parseAbi } from '../../src-core/abi/fragments';
import { parseType } from '../../src-core/abi/syntax';
import { AbiError, AddressError, AmountError, WalletError } from '../../src-core/errors';
import { parseTrx, parseUnits, UINT256_MAX } from '../../src-core/units/amount';

/**
 * Field checks for the transaction builder, run as the person types. Each returns the parsed
 * value (sun as bigint, an address in Base58, …) or a sentence saying what is wrong. They reuse
 * src-core's parsers, so the window refuses exactly what main would refuse.
 */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = <T>(error: string): Checked<T> => ({ ok: false, error });

/** 15,000 TRX: the chain's getMaxFeeLimit on mainnet. */
export const MAX_FEE_LIMIT_SUN = 15_000_000_000n;
export const MAX_EXPIRATION_MINUTES = 24 * 60;
const INT64_MAX = 2n ** 63n - 1n;

/** A TRON address: T… Base58Check or 41… hex, with the checksum checked. */
export function checkAddress(text: string): Checked<string> {
  const value = text.trim();
  if (value === '') return fail('Enter an address.');
  if (/^0x[0-9a-fA-F]{40}$/.test(value))
    return fail('This is a 20-byte EVM address; a TRON address starts with T (or 41 in hex).');
  if (!/^(T|41|0x41)/.test(value)) return fail('A TRON address starts with T (Base58) or 41 (hex).');
  if (value.startsWith('T') && value.length !== 34)
    return fail(`A Base58 TRON address has 34 characters; this has ${value.length}.`);
  try {
    addressToBytes(value);
    return ok(toBase58Address(value));
  } catch (error) {
    if (error instanceof AddressError) {
      if (error.message.includes('checksum'))
        return fail('The checksum does not match: a character was mistyped or changed. Copy the address again.');
      return fail(error.message);
    }
    throw error;
  }
}

function amountMessage(error: unknown): string {
  if (error instanceof AmountError) return error.message;
  throw error;
}

/** TRX as typed (up to 6 decimals) → sun. */
export function checkTrx(
  text: string,
  options: { min?: bigint; max?: bigint; allowZero?: boolean; what?: string } = {},
): Checked<bigint> {
  let sun: bigint;
  try {
    sun = parseTrx(text, { allowZero: options.allowZero ?? false, max: options.max ?? INT64_MAX });
  } catch (error) {
    return fail(amountMessage(error));
  }
  if (options.min !== undefined && sun < options.min)
    return fail(`${options.what ?? 'The amount'} must be at least ${formatSunAsTrx(options.min)} TRX.`);
  return ok(sun);
}

/** A token amount with the token's decimals → base units (TRC10 up to int64, TRC20 up to uint256). */
export function checkTokenAmount(
  text: string,
  decimals: number,
  options: { max?: bigint; unit?: string } = {},
): Checked<bigint> {
  try {
    return ok(
      parseUnits(text, decimals, { allowZero: false, max: options.max ?? UINT256_MAX, unit: options.unit ?? 'Token' }),
    );
  } catch (error) {
    return fail(amountMessage(error));
  }
}

/** fee_limit in TRX → sun, at most 15,000 TRX. */
export function checkFeeLimit(text: string): Checked<bigint> {
  const parsed = checkTrx(text, { allowZero: true, max: INT64_MAX });
  if (!parsed.ok) return parsed;
  if (parsed.value > MAX_FEE_LIMIT_SUN) return fail('The fee limit can be at most 15,000 TRX: the chain refuses more.');
  return parsed;
}

export function checkWholeNumber(
  text: string,
  options: { min?: bigint; max?: bigint; what?: string } = {},
): Checked<bigint> {
  const value = text.trim();
  const what = options.what ?? 'The value';
  if (value === '') return fail(`Enter ${what.toLowerCase().replace(/^the /, 'the ')}.`);
  if (!/^\d+$/.test(value)) return fail(`${what} must be a whole number (digits only).`);
  const n = BigInt(value);
  if (options.min !== undefined && n < options.min) return fail(`${what} must be at least ${options.min}.`);
  if (options.max !== undefined && n > options.max) return fail(`${what} must be at most ${options.max}.`);
  return ok(n);
}

/** consume_user_resource_percent: a whole percentage 0..100. */
export function checkPercent(text: string): Checked<number> {
  const parsed = checkWholeNumber(text, { min: 0n, max: 100n, what: 'The percentage' });
  return parsed.ok ? ok(Number(parsed.value)) : parsed;
}

/** The signing window in minutes: 1 minute to 24 hours after the head block. */
export function checkExpirationMinutes(text: string): Checked<number> {
  const parsed = checkWholeNumber(text, { min: 1n, max: BigInt(MAX_EXPIRATION_MINUTES), what: 'The signing window' });
  return parsed.ok ? ok(Number(parsed.value) * 60_000) : parsed;
}

export function checkTokenId(text: string): Checked<string> {
  const value = text.trim();
  if (!/^[1-9]\d{0,18}$/.test(value)) return fail('A TRC10 token id is a number such as 1000001.');
  return ok(value);
}

export function checkHex(text: string, what = 'The bytecode'): Checked<string> {
  const value = text.trim().replace(/^0x/i, '');
  if (value === '') return fail(`${what} is empty.`);
  if (!/^[0-9a-fA-F]*$/.test(value)) return fail(`${what} must contain only hex digits (0-9, a-f).`);
  if (value.length % 2 !== 0) return fail(`${what} has an odd number of hex digits: a digit is missing.`);
  return ok(value.toLowerCase());
}

/** ABI text: an entry list, java-tron's {"entrys": [...]} or a compiler artifact with "abi". */
export function checkAbiText(text: string): Checked<Record<string, unknown>[]> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('The ABI is not valid JSON.');
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    value = Array.isArray(record.entrys) ? record.entrys : Array.isArray(record.abi) ? record.abi : value;
  }
  if (!Array.isArray(value)) return fail('The ABI must be a list of entries.');
  try {
    parseAbi(value);
  } catch (error) {
    if (error instanceof AbiError) return fail(error.message);
    throw error;
  }
  return ok(value as Record<string, unknown>[]);
}

/** A compiler artifact (`{ abi, bytecode }`, bytecode possibly under `evm.bytecode.object`). */
export function readArtifact(
  text: string,
): Checked<{ abi: Record<string, unknown>[]; bytecode: string; name: string }> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('The file is not JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return fail('A compiler artifact is an object with "abi" and "bytecode".');
  const record = value as Record<string, unknown>;
  const evm = record.evm as { bytecode?: { object?: unknown } } | undefined;
  const rawBytecode =
    typeof record.bytecode === 'string'
      ? record.bytecode
      : typeof evm?.bytecode?.object === 'string'
        ? evm.bytecode.object
        : undefined;
  if (!Array.isArray(record.abi) || rawBytecode === undefined)
    return fail('The artifact needs an "abi" list and a "bytecode" string.');
  const abi = checkAbiText(JSON.stringify(record.abi));
  if (!abi.ok) return abi;
  const bytecode = checkHex(rawBytecode);
  if (!bytecode.ok) return bytecode;
  return ok({
    abi: abi.value,
    bytecode: bytecode.value,
    name:
      typeof record.contractName === 'string'
        ? record.contractName
        : typeof record.name === 'string'
          ? record.name
          : '',
  });
}

/**
 * One ABI argument typed into a form field, as the JSON value the request carries: integers as
 * decimal strings, bool as true/false, arrays and tuples as JSON. Checked by encoding it.
 */
export function checkAbiArgument(type: string, text: string): Checked<unknown> {
  let abiType;
  try {
    abiType = parseType(type);
  } catch (error) {
    if (error instanceof AbiError) return fail(error.message);
    throw error;
  }
  const trimmed = text.trim();
  let value: unknown;
  switch (abiType.kind) {
    case 'uint':
    case 'int': {
      if (!/^-?\d+$/.test(trimmed))
        return fail(`Enter a whole number (digits only${abiType.kind === 'int' ? ', with - for negatives' : ''}).`);
      const n = BigInt(trimmed);
      if (abiType.kind === 'uint' && n < 0n) return fail(`A ${type} cannot be negative.`);
      const max = abiType.kind === 'uint' ? 2n ** BigInt(abiType.bits) - 1n : 2n ** BigInt(abiType.bits - 1) - 1n;
      const min = abiType.kind === 'uint' ? 0n : -(2n ** BigInt(abiType.bits - 1));
      if (n > max || n < min)
        return fail(
          `Too large for a ${type}: it holds ${abiType.kind === 'uint' ? `0 to 2^${abiType.bits} − 1` : `−2^${abiType.bits - 1} to 2^${abiType.bits - 1} − 1`}.`,
        );
      value = trimmed;
      break;
    }
    case 'bool':
      if (trimmed !== 'true' && trimmed !== 'false') return fail('Enter true or false.');
      value = trimmed === 'true';
      break;
    case 'address': {
      const address = checkAddress(trimmed);
      if (!address.ok) return address;
      value = address.value;
      break;
    }
    case 'string':
      value = text;
      break;
    case 'bytes':
    case 'fixedBytes':
      value = trimmed === '' || trimmed === '0x' ? '' : trimmed;
      break;
    default:
      try {
        value = JSON.parse(trimmed);
      } catch {
        return fail(
          `Enter the ${type} value as JSON, e.g. ${abiType.kind === 'array' ? '["…", "…"]' : '["…", 1]'} (numbers as "strings").`,
        );
      }
  }
  try {
    encodeValue(abiType, value);
  } catch (error) {
    if (error instanceof WalletError) return fail(error.message.replace(/^The value for #0 /, 'The value '));
    throw error;
  }
  return ok(value);
}

function formatSunAsTrx(sun: bigint): string {
  const whole = sun / 1_000_000n;
  const fraction = (sun % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
