import { Address } from '@ethereumjs/util';
import { keccak_256 } from '@noble/hashes/sha3.js';
import type { HexAddress } from '../../../../src-core/brand';
import { bytesToHex, hexToBytes } from '../../../../src-core/bytes/hex';

/**
 * The VM keeps 20-byte addresses on the stack; the node and every result use 21 bytes (0x41 ‖ 20).
 * These helpers convert at the boundary (java-tron DataWord.toTronAddress).
 */
export const TRON_PREFIX_WORD = 0x41n << 160n;
const MASK_160 = (1n << 160n) - 1n;

export function hexAddressOf(address: Address | Uint8Array): HexAddress {
  const bytes = address instanceof Uint8Array ? address : address.bytes;
  return `41${bytesToHex(bytes)}` as HexAddress;
}

export function ethAddressOf(address: HexAddress): Address {
  return new Address(hexToBytes(address.slice(2)));
}

/** `DataWord.toTronAddress`: 0x41 ‖ the low 20 bytes of a stack word. */
export function hexAddressOfWord(word: bigint): HexAddress {
  return `41${(word & MASK_160).toString(16).padStart(40, '0')}` as HexAddress;
}

/** A 21-byte address pushed as a word, with 0x41 at byte 11 (COINBASE, CREATE results, ecrecover). */
export function prefixedWord(address20: bigint): bigint {
  return TRON_PREFIX_WORD | (address20 & MASK_160);
}

export function wordOfHexAddress(address: HexAddress): bigint {
  return BigInt(`0x${address.slice(2)}`);
}

/** `TransactionUtil.generateContractAddress(rootTxId, nonce)`: keccak(txId ‖ nonce as 8 bytes)[12:]. */
export function createAddress(rootTxId: Uint8Array, nonce: bigint): Uint8Array {
  const input = new Uint8Array(rootTxId.length + 8);
  input.set(rootTxId, 0);
  new DataView(input.buffer).setBigInt64(rootTxId.length, BigInt.asIntN(64, nonce));
  return keccak_256(input).subarray(12);
}

/** `WalletUtil.generateContractAddress2`: keccak(0x41 ‖ creator20 ‖ salt ‖ keccak(initCode))[12:]. */
export function create2Address(creator20: Uint8Array, salt: Uint8Array, initCode: Uint8Array): Uint8Array {
  const input = new Uint8Array(1 + 20 + 32 + 32);
  input[0] = 0x41;
  input.set(creator20, 1);
  input.set(salt, 21);
  input.set(keccak_256(initCode), 53);
  return keccak_256(input).subarray(12);
}
