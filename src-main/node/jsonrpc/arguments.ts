import { invalidParams, JavaRuntimeFailure, nullPointer } from './errors';
import { fromHexString, jsonHexToLong } from './java-hex';

/**
 * java-tron's parsing of hash, address and quantity arguments (TronJsonRpcImpl.hashToByteArray,
 * JsonRpcApiUtil.addressCompatibleToByteArray / addressToByteArray / topicToByteArray /
 * parseQuantityValue / paramStringIsNull / paramQuantityIsNull), failures included.
 */
const HASH = /^(0x)?[a-zA-Z0-9]{64}$/;
const ADDRESS_PREFIX = 0x41;

/** fromHexString whose DecoderException becomes an invalid-params failure with the same message. */
function decodeAsParam(text: string | null): Uint8Array {
  try {
    return fromHexString(text);
  } catch (error) {
    if (error instanceof JavaRuntimeFailure) throw invalidParams(error.javaMessage);
    throw error;
  }
}

/** A 32-byte hash: `(0x)?[a-zA-Z0-9]{64}` else "invalid hash value"; a hex failure keeps its message. */
export function hashToBytes(text: string | null): Uint8Array {
  if (text === null) throw nullPointer();
  if (!HASH.test(text)) throw invalidParams('invalid hash value');
  return decodeAsParam(text);
}

/** The text is a block or transaction hash (the same pattern). */
export function looksLikeHash(text: string): boolean {
  return HASH.test(text);
}

/**
 * 20 bytes (41 prepended) or 21 bytes starting 41, else "invalid address hash value"; hex failures keep their message.
 */
export function tronAddress(text: string | null): Uint8Array {
  const bytes = decodeAsParam(text);
  if (bytes.length === 20) return Uint8Array.of(ADDRESS_PREFIX, ...bytes);
  if (bytes.length !== 21 || bytes[0] !== ADDRESS_PREFIX) throw invalidParams('invalid address hash value');
  return bytes;
}

/**
 * A log-filter address: exactly 20 bytes, else "invalid address: <text>"; a hex failure escapes as a DecoderException.
 */
export function evmAddress(text: string | null): Uint8Array {
  const bytes = fromHexString(text);
  if (bytes.length !== 20) throw invalidParams(`invalid address: ${text}`);
  return bytes;
}

/** A log topic: exactly 32 bytes, else "invalid topic: <text>"; a hex failure escapes as a DecoderException. */
export function topicBytes(text: string | null): Uint8Array {
  const bytes = fromHexString(text);
  if (bytes.length !== 32) throw invalidParams(`invalid topic: ${text}`);
  return bytes;
}

/** Unset: null, "" or "0x". */
export function isUnsetData(text: string | null): boolean {
  return text === null || text === '' || text === '0x';
}

/** Unset: null, "" or "0x0". */
export function isUnsetQuantity(text: string | null): boolean {
  return text === null || text === '' || text === '0x0';
}

/** A value in sun: unset → 0, otherwise jsonHexToLong, any failure "invalid param value: invalid hex number". */
export function quantityValue(text: string | null): bigint {
  if (text === null || text === '') return 0n;
  try {
    return jsonHexToLong(text);
  } catch {
    throw invalidParams('invalid param value: invalid hex number');
  }
}
