import { tronAddress } from './arguments';
import { requireLatest } from './block-params';
import { JAVA_CLASS, JavaRuntimeFailure } from './errors';
import { fromHexString, quantity, toJsonHex } from './java-hex';
import type { NodeReads } from './node-reads';
import { bytesToHex } from '../../../src-core/bytes/hex';

/**
 * eth_getBalance, eth_getStorageAt and eth_getCode (TronJsonRpcImpl.getTrxBalance, getStorageAt,
 * getABIOfSmartContract): the current state only ("latest").
 */
const WORD = 32;

/** The balance in sun (java-tron does not convert to 18 decimals); 0 for a missing account. */
export function getBalance(reads: NodeReads, address: string | null, tag: string | null): string {
  requireLatest(tag);
  return quantity(reads.balance(tronAddress(address)) ?? 0n);
}

/**
 * The 32-byte value of storage row `key` as the TVM reads it (SLOAD), 32 zero bytes when the row
 * does not exist or the address holds no contract. `key` is a DataWord: shorter hex is left-padded,
 * longer than 32 bytes fails as in java-tron.
 */
export function getStorageAt(reads: NodeReads, address: string | null, key: string | null, tag: string | null): string {
  requireLatest(tag);
  const contract = tronAddress(address);
  if (!reads.contractAccountExists(contract)) return toJsonHex(new Uint8Array(WORD));
  const keyBytes = fromHexString(key);
  if (keyBytes.length > WORD)
    throw new JavaRuntimeFailure(JAVA_CLASS.runtime, `Data word can't exceed 32 bytes: ${bytesToHex(keyBytes)}`);
  const word = new Uint8Array(WORD);
  word.set(keyBytes, WORD - keyBytes.length);
  return toJsonHex(reads.storageWord(contract, word) ?? new Uint8Array(WORD));
}

/** The runtime code, "0x" when the address holds no contract. */
export function getCode(reads: NodeReads, address: string | null, tag: string | null): string {
  requireLatest(tag);
  const contract = tronAddress(address);
  return reads.contractAccountExists(contract) ? toJsonHex(reads.runtimeCode(contract)) : '0x';
}
