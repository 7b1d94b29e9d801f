import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { getCodec } from '../../../src-core/proto/schema';
import { isContractTypeName, parameterMessageOf } from '../../../src-core/tx/contract-types';
import type { ParsedTransaction } from '../model/tx';
import { parseRawTransaction, withSignatures } from '../model/tx';
import type { BuiltTransactions } from './built-transactions';
import { nullPointer } from './error-body';
import { mergeJsonFormat } from './json-format';
import { member, parseSpans, splice, type JsonSpan } from './json-spans';

/**
 * How deep the spans of a transaction are listed: root, raw_data, contract, each contract, its
 * parameter, whose value is read only as its extent (JsonFormat.merge reads it from the text).
 */
const VALUE_DEPTH = 5;

/**
 * Util.packTransaction: a transaction from its JSON. Each `raw_data.contract[i]` whose `type`
 * names a contract and whose `parameter.value` JsonFormat merges into that contract is packed
 * (its value becomes the hex of the message, `type_url` stays as sent); the others are dropped
 * without a word (broadcast then says "No contract!"). The whole text is then merged into a
 * Transaction; if that fails java-tron has no transaction, and its next step is a
 * NullPointerException. txID and raw_data_hex are never read.
 */
export function transactionFromJson(text: string, visible: boolean, built?: BuiltTransactions): ParsedTransaction {
  // The top members and their items are what a built transaction is recognized by; with none
  // remembered, that first reading would only be done again below.
  const taken = built?.any(visible) ? builtTransaction(text, parseSpans(text, 2), visible, built) : undefined;
  if (taken) return taken;
  const root = parseSpans(text, VALUE_DEPTH);
  const contracts = member(member(root, 'raw_data'), 'contract');
  if (contracts?.kind !== 'array') throw nullPointer();
  const kept = contracts.items!.flatMap((item) => {
    const packed = packContract(text, item, visible);
    return packed === undefined ? [] : [packed];
  });
  const rebuilt = splice(text, [{ span: contracts, text: `[${kept.join(',')}]` }]);
  let message: Record<string, unknown>;
  try {
    message = mergeJsonFormat(rebuilt, 'protocol.Transaction', visible);
  } catch {
    throw nullPointer();
  }
  const raw = (message.raw_data as Record<string, unknown> | undefined) ?? {};
  return parseRawTransaction(raw, (message.signature as Uint8Array[] | undefined) ?? []);
}

/**
 * A transaction whose one `raw_data` is the text a builder endpoint printed (built-transactions.ts):
 * the rest of the text is merged with that `raw_data` left empty, which fails exactly when the
 * whole merge would (the printed `raw_data` merges), and gives the same signatures.
 */
function builtTransaction(
  text: string,
  root: JsonSpan,
  visible: boolean,
  built: BuiltTransactions,
): ParsedTransaction | undefined {
  if (root.kind !== 'object') return undefined;
  let raw: JsonSpan | undefined;
  let txId: JsonSpan | undefined;
  for (const m of root.members!) {
    if (m.key === 'txID') txId = m.value;
    if (m.key !== 'raw_data') continue;
    if (raw) return undefined;
    raw = m.value;
  }
  if (raw?.kind !== 'object' || txId?.kind !== 'string') return undefined;
  const unsigned = built.take(visible, text.slice(txId.start + 1, txId.end - 1), text.slice(raw.start, raw.end));
  if (!unsigned) return undefined;
  const plain = visible ? undefined : plainSignatures(text, root);
  if (plain) return withSignatures(unsigned, plain);
  let message: Record<string, unknown>;
  try {
    message = mergeJsonFormat(splice(text, [{ span: raw, text: '{}' }]), 'protocol.Transaction', visible);
  } catch {
    throw nullPointer();
  }
  return withSignatures(unsigned, (message.signature as Uint8Array[] | undefined) ?? []);
}

/** What a builder prints besides raw_data, which JsonFormat.merge reads into no field of Transaction. */
const PRINTED_KEYS = new Set(['visible', 'txID', 'raw_data', 'raw_data_hex', 'signature']);
const LOWER_HEX = /^(?:[0-9a-f]{2})+$/;

/**
 * The signatures of a hex-form transaction whose other members are exactly what a builder printed,
 * each once: `visible` a boolean, `txID` and `raw_data_hex` strings without escapes (skipped by
 * JsonFormat.handleMissingField), `signature` an array of lower-case hex strings (bytes in hex).
 * Undefined for anything else, which JsonFormat.merge then reads.
 */
function plainSignatures(text: string, root: JsonSpan): Uint8Array[] | undefined {
  const seen = new Set<string>();
  let signatures: Uint8Array[] = [];
  for (const { key, value } of root.members!) {
    if (!PRINTED_KEYS.has(key) || seen.has(key)) return undefined;
    seen.add(key);
    if (key === 'visible') {
      const literal = text.slice(value.start, value.end);
      if (literal !== 'true' && literal !== 'false') return undefined;
    } else if (key === 'txID' || key === 'raw_data_hex') {
      // Any string the text's JSON parse accepted and that has no escape: the tokenizer skips it.
      if (value.kind !== 'string' || text.slice(value.start, value.end).includes('\\')) return undefined;
    } else if (key === 'signature') {
      if (value.kind !== 'array') return undefined;
      signatures = [];
      for (const item of value.items!) {
        const hex = lowerHexString(text, item);
        if (hex === undefined) return undefined;
        signatures.push(hexToBytes(hex));
      }
    }
  }
  return signatures;
}

/** The content of a string span that is lower-case hex of whole bytes, at least one. */
function lowerHexString(text: string, span: JsonSpan): string | undefined {
  if (span.kind !== 'string') return undefined;
  const hex = text.slice(span.start + 1, span.end - 1);
  return LOWER_HEX.test(hex) ? hex : undefined;
}

/** One contract's JSON with its value packed as hex, or undefined when java-tron drops it. */
function packContract(text: string, contract: JsonSpan, visible: boolean): string | undefined {
  const typeSpan = member(contract, 'type');
  // JSONObject.getString("type") then ContractType.valueOf: only a contract type's exact name.
  const type = typeSpan?.kind === 'string' ? (JSON.parse(text.slice(typeSpan.start, typeSpan.end)) as string) : '';
  if (!isContractTypeName(type)) return undefined;
  const messageName = parameterMessageOf(type);
  const value = member(member(contract, 'parameter'), 'value');
  if (!messageName || value?.kind !== 'object') return undefined;
  let bytes: Uint8Array;
  try {
    bytes = getCodec(messageName)
      .encode(mergeJsonFormat(text.slice(value.start, value.end), messageName, visible))
      .finish();
  } catch {
    return undefined;
  }
  return `${text.slice(contract.start, value.start)}"${bytesToHex(bytes)}"${text.slice(value.end, contract.end)}`;
}
