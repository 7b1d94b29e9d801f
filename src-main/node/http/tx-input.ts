import { rawDataToMessage } from '../../../src-core/tx/codec';
import { hexToBytes } from '../../../src-core/bytes/hex';
import type { ParsedTransaction } from '../chain/tx';
import { parseRawTransaction } from '../chain/tx';
import { JAVA, nullPointer } from './error-body';
import { JavaError } from '../errors';

/**
 * Util.packTransaction (java-tron-http.md §2.5): rebuilds the transaction from `raw_data` JSON
 * (type_url verbatim, bad contracts silently dropped), ignoring txID and raw_data_hex.
 */
export function transactionFromJson(body: Record<string, unknown>, visible: boolean): ParsedTransaction {
  const raw = body.raw_data as Record<string, unknown> | undefined;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw nullPointer();
  if (!Array.isArray(raw.contract)) throw nullPointer();
  const message = rawDataToMessage(raw as never, { visible, hexMode: 'java-tron', dropInvalidContracts: true });
  const list = body.signature;
  const signatures: Uint8Array[] = [];
  if (list !== undefined && list !== null) {
    if (!Array.isArray(list)) throw new JavaError(JAVA.parse, 'Expect an array for signature');
    for (const s of list) {
      if (typeof s !== 'string') throw new JavaError(JAVA.parse, 'Expect a hex string for signature');
      let text = s.startsWith('0x') || s.startsWith('0X') ? s.slice(2) : s;
      if (text.length % 2 === 1) text = `0${text}`;
      try {
        signatures.push(hexToBytes(text));
      } catch {
        throw new JavaError(JAVA.parse, `${s.length > 80 ? `${s.slice(0, 77)}…` : s} INVALID hex String`);
      }
    }
  }
  return parseRawTransaction(message, signatures);
}
