/**
 * java-tron recovers a signer with ECKey.recoverPubBytesFromSignature, which first decompresses
 * the point R whose x coordinate is r (plus n for recovery ids 2 and 3). When x is below the
 * field prime but x³ + 7 has no square root, Bouncy Castle's decodePoint throws
 * IllegalArgumentException("Invalid point compression"), which no signature check catches: the
 * all-zero signature, or about half of all random r. Curve constants: SEC 2, secp256k1.
 */
const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

function powMod(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

export const INVALID_POINT_COMPRESSION = 'Invalid point compression';

/** Whether recovering `signature` (r ‖ s ‖ v) fails in the point decompression, as above. */
export function failsPointDecompression(signature: Uint8Array): boolean {
  if (signature.length < 65) return false;
  let header = signature[64]! < 27 ? signature[64]! + 27 : signature[64]!;
  if (header < 27 || header > 34) return false;
  if (header >= 31) header -= 4;
  let r = 0n;
  for (const byte of signature.subarray(0, 32)) r = (r << 8n) | BigInt(byte);
  const x = r + BigInt((header - 27) >> 1) * N;
  if (x >= P) return false;
  const ySquared = (x * x * x + 7n) % P;
  // Euler's criterion: a non-zero square has ySquared^((p-1)/2) = 1.
  return ySquared !== 0n && powMod(ySquared, (P - 1n) / 2n, P) !== 1n;
}
