import { bytesToHex } from '../../../src-core/bytes/hex';
import { internalError, JAVA_CLASS, JavaRuntimeFailure } from './errors';
import { toJsonHex } from './java-hex';

/**
 * The error eth_call / eth_estimateGas answer for a failed constant execution (TronJsonRpcImpl.call
 * and estimateGas): the result message, ": <reason>" when the data is an Error(string), and (java-tron
 * 4.8.1) the revert data as the error's `data`.
 */
const ERROR_SELECTOR = '08c379a0';
const WORD = 32;

export function failedCallError(message: string, returnData: Uint8Array): Error {
  let text = message;
  if (returnData.length > 4 && bytesToHex(returnData).startsWith(ERROR_SELECTOR))
    text += `: ${abiString(returnData.subarray(4))}`;
  return internalError(text, returnData.length > 0 ? toJsonHex(returnData) : undefined);
}

/**
 * ContractEventParser.parseDataBytes(data, "string", 0): offset word, length word, bytes, decoded
 * as the platform charset (UTF-8); anything it cannot read is "unsupported type:string".
 */
function abiString(data: Uint8Array): string {
  const unsupported = new JavaRuntimeFailure(JAVA_CLASS.unsupportedOperation, 'unsupported type:string');
  const slice = (start: number, length: number): Uint8Array => {
    if (data.length === 0 || start >= data.length || length < 0) throw unsupported;
    const out = new Uint8Array(length);
    out.set(data.subarray(start, start + length));
    return out;
  };
  // BigInteger(bytes).intValueExact(): signed, must fit an int.
  const intOf = (word: Uint8Array): number => {
    const value = BigInt.asIntN(256, BigInt(`0x${bytesToHex(word) || '0'}`));
    if (BigInt.asIntN(32, value) !== value) throw unsupported;
    return Number(value);
  };
  const start = intOf(slice(0, WORD));
  if (start < 0) throw unsupported;
  const length = intOf(slice(start, WORD));
  if (length <= 0) return '';
  // Bytes past the data read as NULs, as in java-tron; a length far beyond the data is cut there
  // (java-tron would try to allocate it).
  return new TextDecoder().decode(slice(start + WORD, Math.min(length, data.length + WORD)));
}
