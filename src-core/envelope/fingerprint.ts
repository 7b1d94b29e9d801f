import { sha256 } from '@noble/hashes/sha2.js';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { Hex } from '../brand';
import { bytesToHex } from '../bytes/hex';
import { utf8ToBytes } from '../bytes/utf8';
import { canonicalJson } from './canonical';
import type { EnvelopeSummary } from './summary';

/**
 * A short code co-signers read to each other by phone to confirm they are looking at the same
 * thing. It hashes the network, the txID and the summary, so it
 * covers both the bytes being signed and their meaning.
 *
 * digest = sha256("tron-cosign-envelope/fingerprint/v1\n" ‖ canonical JSON of
 *   { abi: sha256(canonical ABI) | null, network: genesis id, summary (without call.decoded), txID })
 * words  = the first 88 bits as 8 words of the BIP-39 English list (11 bits each)
 * hex    = the first 80 bits as 5 groups of 4 hex digits
 *
 * The decoded call is left out because it is a pure function of the call data (in the summary)
 * and the ABI (hashed here): signers with and without an ABI decoder get the same code.
 */
export const FINGERPRINT_DOMAIN = 'tron-cosign-envelope/fingerprint/v1\n';
export const FINGERPRINT_WORDS = 8;

export interface Fingerprint {
  readonly words: readonly string[];
  /** The words joined by spaces. */
  readonly text: string;
  /** Grouped hex, e.g. `3f2a-09bc-d1e4-7765-aa01`. */
  readonly hex: string;
  /** The full sha256, for machines. */
  readonly digest: Hex;
}

export function summaryForFingerprint(summary: EnvelopeSummary): EnvelopeSummary {
  if (!summary.call?.decoded) return summary;
  const { decoded: _decoded, ...call } = summary.call;
  return { ...summary, call };
}

export function fingerprintOf(input: {
  readonly genesisBlockId: string;
  readonly txId: string;
  readonly summary: EnvelopeSummary;
  readonly abi?: unknown;
}): Fingerprint {
  const abiHash = input.abi === undefined ? null : bytesToHex(sha256(utf8ToBytes(canonicalJson(input.abi))));
  const body = canonicalJson({
    abi: abiHash,
    network: input.genesisBlockId.toLowerCase(),
    summary: summaryForFingerprint(input.summary),
    txID: input.txId.toLowerCase(),
  });
  return fingerprintFromDigest(sha256(utf8ToBytes(FINGERPRINT_DOMAIN + body)));
}

/** The words and grouped hex of a sha256 digest: shared by the envelope's and the bundle's fingerprint. */
export function fingerprintFromDigest(digest: Uint8Array): Fingerprint {
  const words: string[] = [];
  for (let i = 0; i < FINGERPRINT_WORDS; i++) {
    let index = 0;
    for (let bit = i * 11; bit < i * 11 + 11; bit++)
      index = (index << 1) | ((digest[bit >> 3]! >> (7 - (bit & 7))) & 1);
    words.push(wordlist[index]!);
  }
  const hex = bytesToHex(digest.subarray(0, 10)).match(/.{4}/g)!.join('-');
  return { words, text: words.join(' '), hex, digest: bytesToHex(digest) };
}
