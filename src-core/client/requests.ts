import type { Hex, HexAddress, TxId } from '../brand';
import { toHexAddress } from '../address/address';
import { bytesToHex, normalizeHex } from '../bytes/hex';
import { utf8ToBytes } from '../bytes/utf8';
import { NodeClientErrorCode, ValidationError } from '../errors';
import type { BuilderOptions, PermissionRequest, ResourceCode } from './types';

/**
 * Checks and converts request arguments before anything is sent, so that a bad amount or address
 * fails here with a precise error instead of as a java-tron exception string. Addresses go out as
 * `41…` hex and the client never sets `visible`, so every byte field is hex (java-tron JsonFormat with visible=false).
 */

const INT64_MAX = (1n << 63n) - 1n;

function badArgument(field: string, expectation: string, value: unknown): ValidationError {
  const shown =
    typeof value === 'bigint'
      ? `${value}n`
      : typeof value === 'string'
        ? JSON.stringify(value.slice(0, 80))
        : String(value);
  return new ValidationError(
    NodeClientErrorCode.CLIENT_BAD_ARGUMENT,
    `${field} must be ${expectation}; got ${shown}.`,
    { field },
  );
}

/** A non-negative int64 given as bigint (amounts in sun, energy limits, counts). */
export function uint64(value: unknown, field: string): bigint {
  if (typeof value !== 'bigint' || value < 0n || value > INT64_MAX) {
    throw badArgument(field, 'a whole number (bigint) from 0 to 9223372036854775807', value);
  }
  return value;
}

export function optionalUint64(value: unknown, field: string): bigint | undefined {
  return value === undefined ? undefined : uint64(value, field);
}

export function integer(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw badArgument(field, `a whole number from ${min} to ${max}`, value);
  }
  return value;
}

export function optionalInteger(value: unknown, field: string, min: number, max: number): number | undefined {
  return value === undefined ? undefined : integer(value, field, min, max);
}

/** Either address form in, `41…` hex out; AddressError (with its own code) for anything else. */
export function addressArg(value: unknown, field: string): HexAddress {
  if (typeof value !== 'string') throw badArgument(field, 'a TRON address', value);
  return toHexAddress(value);
}

export function hexArg(value: unknown, field: string): Hex {
  if (typeof value !== 'string') throw badArgument(field, 'a hex string', value);
  return normalizeHex(value, field);
}

export function optionalHexArg(value: unknown, field: string): Hex | undefined {
  return value === undefined ? undefined : hexArg(value, field);
}

export function txIdArg(value: unknown): TxId {
  if (typeof value !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(value)) {
    throw badArgument('The transaction id', '64 hex digits', value);
  }
  return normalizeHex(value) as string as TxId;
}

export function blockIdArg(value: unknown): Hex {
  if (typeof value !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(value)) {
    throw badArgument('The block id', '64 hex digits', value);
  }
  return normalizeHex(value);
}

/** Name-like `bytes` fields (memo, account name, URL, token name) travel as hex of their UTF-8. */
export function textArg(value: unknown, field: string): Hex {
  if (typeof value !== 'string') throw badArgument(field, 'text', value);
  return bytesToHex(utf8ToBytes(value));
}

export function optionalTextArg(value: unknown, field: string): Hex | undefined {
  return value === undefined ? undefined : textArg(value, field);
}

const RESOURCES: readonly string[] = ['BANDWIDTH', 'ENERGY', 'TRON_POWER'];

export function resourceArg(value: unknown, field: string, allowTronPower = true): ResourceCode | undefined {
  if (value === undefined) return undefined;
  const allowed = allowTronPower ? RESOURCES : RESOURCES.slice(0, 2);
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw badArgument(field, allowed.join(' or '), value);
  }
  return value as ResourceCode;
}

export function booleanArg(value: unknown, field: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw badArgument(field, 'true or false', value);
  return value;
}

export function stringArg(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badArgument(field, 'text', value);
  return value;
}

/**
 * `Permission_id` goes at the top level of a builder request; the node copies it if > 0 (java-tron
 * Util.setTransactionPermissionId).
 */
export function permissionIdArg(options: BuilderOptions): number | undefined {
  // java-tron keeps 8 active permissions with ids 2..9; 1 is the witness permission, which only signs blocks.
  const id = optionalInteger(options.Permission_id, 'Permission_id', 0, 255);
  if (id === 1) throw badArgument('Permission_id', '0 (owner) or an active permission id (2 or more)', id);
  return id;
}

const PERMISSION_TYPES: readonly string[] = ['Owner', 'Witness', 'Active'];

export function permissionArg(permission: PermissionRequest, field: string): Record<string, unknown> {
  if (typeof permission !== 'object' || permission === null)
    throw badArgument(field, 'a permission object', permission);
  if (permission.type !== undefined && !PERMISSION_TYPES.includes(permission.type)) {
    throw badArgument(`${field}.type`, 'Owner, Witness or Active', permission.type);
  }
  if (!Array.isArray(permission.keys)) throw badArgument(`${field}.keys`, 'a list of keys', permission.keys);
  return {
    type: permission.type,
    id: optionalInteger(permission.id, `${field}.id`, 0, 255),
    permission_name: stringArg(permission.permission_name, `${field}.permission_name`),
    threshold: uint64(permission.threshold, `${field}.threshold`),
    operations: permission.operations === undefined ? undefined : hexArg(permission.operations, `${field}.operations`),
    keys: permission.keys.map((key, i) => ({
      address: addressArg(key.address, `${field}.keys[${i}].address`),
      weight: uint64(key.weight, `${field}.keys[${i}].weight`),
    })),
  };
}
