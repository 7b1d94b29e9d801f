/**
 * CRC-32 with the reflected polynomial 0xEDB88320 (the one of zlib, PNG and Ethernet), which
 * BCR-2020-005 (Uniform Resources) uses for the fountain message checksum and BCR-2020-012
 * (Bytewords) for the checksum appended to every encoded body. The result is an unsigned 32-bit
 * number.
 */
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The checksum as 4 big-endian bytes, as Bytewords appends it and the fountain seeds its RNG. */
export function uint32ToBytes(value: number): Uint8Array {
  return new Uint8Array([(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
}
