import type { Hex } from '../brand';
import { PermissionError, type EncodingError } from '../errors';
import { bytesToHex, hexToBytes } from '../bytes/hex';
import {
  CONTRACT_TYPE_IDS,
  contractTypeName,
  isContractTypeName,
  type ContractTypeId,
  type ContractTypeName,
} from '../tx/contract-types';

/**
 * A permission's `operations`: 32 bytes, bit n set when contract type n is allowed, with bit n at
 * byte n/8 under mask 1 << (n % 8) (java-tron
 * TransactionCapsule.checkPermission). Written as 64 hex characters, byte 0 first.
 */
export const OPERATIONS_BYTES = 32;
export const OPERATIONS_BITS = OPERATIONS_BYTES * 8;

/**
 * The operations this library gives a new active permission, meant as "every contract except
 * AccountPermissionUpdateContract"; decoded, it allows
 * every ContractType except AccountPermissionUpdateContract (46) *and* CancelAllUnfreezeV2Contract
 * (59), which the mask predates. Mainnet's current default (`7fff1fc0033efb0f…`, DynamicPropertiesStore
 * getActiveDefaultOperations) adds 59. Pass that one where the chain's default matters.
 */
export const DEFAULT_ACTIVE_OPERATIONS = ('7fff1fc0033efb07' + '00'.repeat(24)) as Hex;

export type OperationRef = number | ContractTypeName;

function typeIdOf(ref: OperationRef): number {
  if (typeof ref === 'number') {
    if (!Number.isInteger(ref) || ref < 0 || ref >= OPERATIONS_BITS) {
      throw new PermissionError(
        'PERM_OPERATION_OUT_OF_RANGE',
        `Contract type id ${String(ref)} is outside the 0–255 range an operations mask can hold.`,
        { id: String(ref) },
      );
    }
    return ref;
  }
  if (!isContractTypeName(ref))
    throw new PermissionError('PERM_UNKNOWN_CONTRACT_TYPE', `${String(ref)} is not a TRON contract type.`, {
      type: String(ref),
    });
  return CONTRACT_TYPE_IDS[ref];
}

/** Reads an operations mask and requires exactly 32 bytes. */
export function operationsToBytes(operations: string): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = hexToBytes(operations, 'operations');
  } catch (error) {
    throw new PermissionError(
      'PERM_OPERATIONS_NOT_HEX',
      `The operations mask must be 64 hex characters: ${(error as EncodingError).message}`,
    );
  }
  if (bytes.length !== OPERATIONS_BYTES) {
    throw new PermissionError(
      'PERM_OPERATIONS_SIZE',
      `The operations mask must be exactly 32 bytes (64 hex characters), got ${bytes.length} bytes.`,
      { size: bytes.length },
    );
  }
  return bytes;
}

/** Every set bit, ascending. Accepts masks of any length (bits past the end are simply absent). */
export function operationBits(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let byte = 0; byte < bytes.length; byte++) {
    const value = bytes[byte]!;
    if (value === 0) continue;
    for (let bit = 0; bit < 8; bit++) if (value & (1 << bit)) out.push(byte * 8 + bit);
  }
  return out;
}

export interface DecodedOperations {
  /** Allowed contract types that exist in the ContractType enum, ascending. */
  readonly types: readonly ContractTypeId[];
  /** Set bits that are not a contract type (java-tron refuses these: "<n> isn't a validate ContractType"). */
  readonly unknownBits: readonly number[];
}

export function decodeOperations(operations: string): DecodedOperations {
  const types: ContractTypeId[] = [];
  const unknownBits: number[] = [];
  for (const bit of operationBits(operationsToBytes(operations))) {
    if (contractTypeName(bit) !== undefined) types.push(bit as ContractTypeId);
    else unknownBits.push(bit);
  }
  return { types, unknownBits };
}

/** The 64-hex mask allowing exactly these contract types (ids or names; duplicates are fine). */
export function encodeOperations(types: Iterable<OperationRef>): Hex {
  const bytes = new Uint8Array(OPERATIONS_BYTES);
  for (const ref of types) {
    const id = typeIdOf(ref);
    bytes[id >> 3]! |= 1 << (id & 7);
  }
  return bytesToHex(bytes);
}

export function operationsAllow(operations: string, type: OperationRef): boolean {
  const id = typeIdOf(type);
  const bytes = operationsToBytes(operations);
  return (bytes[id >> 3]! & (1 << (id & 7))) !== 0;
}

export function withOperation(operations: string, type: OperationRef, allowed: boolean): Hex {
  const id = typeIdOf(type);
  const bytes = operationsToBytes(operations);
  if (allowed) bytes[id >> 3]! |= 1 << (id & 7);
  else bytes[id >> 3]! &= ~(1 << (id & 7)) & 0xff;
  return bytesToHex(bytes);
}
