import type { Address, Base58Address, HexAddress } from '../brand';
import { AddressError, EncodingError } from '../errors';
import { bytesToHex, hexToBytes } from '../bytes/hex';
import { decodeBase58Check, encodeBase58Check } from '../bytes/base58';

/** Every TRON mainnet/testnet address is 21 bytes: this prefix and 20 bytes (java-tron DecodeUtil). */
export const ADDRESS_PREFIX = 0x41;
export const ADDRESS_LENGTH = 21;

function checkAddressBytes(bytes: Uint8Array, input: string): void {
  if (bytes.length !== ADDRESS_LENGTH) {
    throw new AddressError(
      'ADDRESS_WRONG_LENGTH',
      `${describe(input)} is ${bytes.length} bytes long; a TRON address is 21 bytes.`,
      { input },
    );
  }
  if (bytes[0] !== ADDRESS_PREFIX) {
    throw new AddressError('ADDRESS_WRONG_PREFIX', `${describe(input)} does not start with the TRON prefix 0x41.`, {
      input,
    });
  }
}

function describe(input: string): string {
  const shown = input.length > 48 ? `${input.slice(0, 45)}…` : input;
  return `The address "${shown}"`;
}

/** Accepts `T…` Base58Check or `41…` hex (optionally `0x41…`) and returns the 21 address bytes. */
export function addressToBytes(input: string): Uint8Array {
  if (typeof input !== 'string' || input.length === 0) {
    throw new AddressError('ADDRESS_EMPTY', 'The address is empty.');
  }
  let bytes: Uint8Array;
  try {
    bytes = looksLikeHex(input) ? hexToBytes(input, 'address') : decodeBase58Check(input);
  } catch (error) {
    if (error instanceof EncodingError) {
      const reason =
        error.code === 'BASE58_BAD_CHECKSUM'
          ? 'has a bad checksum (a character was mistyped or changed)'
          : 'is not valid hex or Base58Check';
      throw new AddressError('ADDRESS_INVALID', `${describe(input)} ${reason}.`, { input, cause: error.code });
    }
    throw error;
  }
  checkAddressBytes(bytes, input);
  return bytes;
}

// Base58 TRON addresses start with `T`, which is not a hex digit, so the two forms cannot be confused.
function looksLikeHex(input: string): boolean {
  return /^(0x)?[0-9a-fA-F]+$/.test(input);
}

export function bytesToBase58Address(bytes: Uint8Array): Base58Address {
  checkAddressBytes(bytes, bytesToHex(bytes));
  return encodeBase58Check(bytes) as Base58Address;
}

export function toHexAddress(input: string): HexAddress {
  return bytesToHex(addressToBytes(input)) as string as HexAddress;
}

export function toBase58Address(input: string): Base58Address {
  return encodeBase58Check(addressToBytes(input)) as Base58Address;
}

export function isValidAddress(input: unknown): input is Address {
  if (typeof input !== 'string') return false;
  try {
    addressToBytes(input);
    return true;
  } catch {
    return false;
  }
}

/** EVM-style 20-byte form (`0x…`), as Solidity and ABI words see it. */
export function toEvmAddress(input: string): string {
  return `0x${bytesToHex(addressToBytes(input).subarray(1))}`;
}

/** Restores the TRON prefix on a 20-byte EVM address. */
export function fromEvmAddress(evm: string): HexAddress {
  const bytes = hexToBytes(evm, 'EVM address');
  if (bytes.length !== 20)
    throw new AddressError('ADDRESS_WRONG_LENGTH', `An EVM address is 20 bytes, got ${bytes.length}.`);
  return `41${bytesToHex(bytes)}` as HexAddress;
}
