import { keccak_256 } from '@noble/hashes/sha3.js';
import type { HexAddress } from '../brand';
import { concatBytes } from '../bytes/bytes';
import { bytesToHex, hexToFixedBytes } from '../bytes/hex';
import { addressToBytes } from '../address/address';

/**
 * CreateSmartContract address: 0x41 ‖ last 20 bytes of keccak256(txID ‖ owner_address) (java-tron
 * WalletUtil.generateContractAddress).
 */
export function contractAddressOf(txId: string, owner: string): HexAddress {
  const hash = keccak_256(concatBytes(hexToFixedBytes(txId, 32, 'txID'), addressToBytes(owner)));
  return `41${bytesToHex(hash.subarray(12))}` as HexAddress;
}
