import { protocol } from '../../../src-core/proto/runtime';
import { messageToJson } from '../../../src-core/proto/json-codec';

type Json = Record<string, unknown>;

/** java-tron JsonFormat.printToString of a stored TransactionInfo (gettransactioninfobyid, the dry run). */
export function transactionInfoJson(bytes: Uint8Array, visible: boolean): Json {
  return messageToJson('protocol.TransactionInfo', protocol.TransactionInfo.decode(bytes) as unknown as Json, {
    visible,
  });
}
