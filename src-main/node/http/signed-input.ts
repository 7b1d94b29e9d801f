import { randomUUID } from 'node:crypto';
import type { ParsedTransaction } from '../model/tx';
import { withSignatures } from '../model/tx';
import { transactionJson } from './format';
import { RawReply, jsonText } from './server';
import { scanSignatures } from './signature-scan';
import { transactionFromJson } from '../java-json/tx-input';

type Json = Record<string, unknown>;

/**
 * The transaction of a getsignweight / getapprovedlist body with its signatures counted before they
 * are read (signature-scan.ts): the permission checks and the count refusal run on `unsigned`, and
 * the signatures are decoded only for a recovery, which needs no more than the permission's keys.
 */
export interface SignedInput {
  /** The transaction; without its signatures when they were scanned apart. */
  readonly unsigned: ParsedTransaction;
  readonly signatureCount: number;
  /** The transaction with its signatures (decoded when first asked for). */
  signed(): ParsedTransaction;
  /** `out` with the TransactionExtention echo of the transaction as `transaction`, ready to send. */
  reply(out: Json): Json | RawReply;
}

/** Stands for the signature array in the reply until the array's text is spliced in (one per process, never sent). */
const SIGNATURES_TOKEN = `signatures-${randomUUID()}`;

export function signedInput(text: string, visible: boolean): SignedInput {
  const scan = scanSignatures(text);
  if (!scan) {
    const tx = transactionFromJson(text, visible);
    return {
      unsigned: tx,
      signatureCount: tx.signatures.length,
      signed: () => tx,
      reply: (out) => ({ ...out, transaction: extention(tx, transactionJson(tx.bytes, visible)) }),
    };
  }
  const unsigned = transactionFromJson(scan.unsignedText, visible);
  let signed: ParsedTransaction | undefined;
  return {
    unsigned,
    signatureCount: scan.count,
    signed: () => (signed ??= withSignatures(unsigned, scan.bytes())),
    reply: (out) => {
      const { txID, raw_data, raw_data_hex, ...rest } = transactionJson(unsigned.bytes, visible);
      if (scan.count === 0)
        return { ...out, transaction: extention(unsigned, { txID, raw_data, raw_data_hex, ...rest }) };
      // transactionJson's order: the signatures follow raw_data_hex.
      const printed = { txID, raw_data, raw_data_hex, signature: SIGNATURES_TOKEN, ...rest };
      const [head, tail] = jsonText({ ...out, transaction: extention(unsigned, printed) }).split(
        `"${SIGNATURES_TOKEN}"`,
      );
      // Bytes, so that the megabytes of signatures are copied once and never encoded.
      return new RawReply(Buffer.concat([Buffer.from(head!), ...scan.printedArrayParts(), Buffer.from(tail!)]));
    },
  };
}

/** Wallet.getTransactionSignWeight's TransactionExtention: a SUCCESS result, the txid, the transaction as printed. */
function extention(tx: ParsedTransaction, printed: Json): Json {
  return { result: { result: true }, txid: tx.idHex, transaction: printed };
}
