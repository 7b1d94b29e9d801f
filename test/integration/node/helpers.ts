// Helpers the TronWeb scenarios share. The size and decay rules are src-core/fee's (the same
// functions the node and the wallet's cost view use), applied to TronWeb's transaction JSON.
import { bytesToHex } from '../../../src-core/bytes/hex';
import { bandwidthBytesOf, decayedUsage } from '../../../src-core/fee';
import { addressFromPrivateKey, randomPrivateKey } from '../../../src-core/keys/keys';

/** A fresh key pair: private key and 41… hex address. */
export function newKey(): { key: string; hex: string } {
  const pk = randomPrivateKey();
  return { key: bytesToHex(pk), hex: addressFromPrivateKey(pk) };
}

/** Bytes charged for bandwidth: serialized tx without ret + 64 (BandwidthProcessor.consume), from TronWeb's JSON. */
export function bandwidthBytes(tx: { raw_data_hex: string; signature?: string[] }): number {
  return Number(
    bandwidthBytesOf({
      rawDataLength: tx.raw_data_hex.length / 2,
      signatureLengths: (tx.signature ?? []).map((s) => s.length / 2),
      contracts: 1,
    }),
  );
}

/** Usage left after `slotsElapsed` slots of recovery in the 28,800-slot window (java-tron ResourceProcessor.increase with usage 0). */
export function decayed(usage: number, slotsElapsed: number): number {
  return Number(decayedUsage({ lastUsage: BigInt(usage), lastSlot: 0n, nowSlot: BigInt(slotsElapsed) }));
}
