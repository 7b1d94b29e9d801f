import { sha256 } from '@noble/hashes/sha2.js';
import type { TxId } from '../brand';
import type { EncodingError } from '../errors';
import { TransactionError, WalletError } from '../errors';
import { bytesToHex, hexToBytes } from '../bytes/hex';
import { protocol } from '../proto/runtime';
import { getCodec } from '../proto/schema';
import { jsonToMessage, messageToJson, type JsonCodecOptions } from '../proto/json-codec';
import { CONTRACT_TYPE_IDS, contractTypeName, isContractTypeName, parameterMessageOf } from './contract-types';
import type { ContractJson, RawDataJson, TransactionJson } from './types';

/**
 * Transaction JSON ⇄ protobuf (java-tron Util.printTransactionToJSON, Util.packTransaction; txID = sha256(raw_data),
 * TransactionCapsule.getTransactionId). The JSON is the source of truth, as on java-tron: the node re-encodes
 * `raw_data` and never reads `raw_data_hex`, so any JSON that does not re-encode to the same bytes changes the txID.
 */
export interface TxCodecOptions extends Pick<JsonCodecOptions, 'visible' | 'hexMode'> {
  /**
   * java-tron's HTTP input silently drops contracts with a missing or unknown `type` or an
   * unparsable `value` (later reported as "No contract!"). The wallet is strict by default.
   */
  readonly dropInvalidContracts?: boolean;
}

type RawMessage = Record<string, unknown>;

function contractToMessage(contract: ContractJson, index: number, options: TxCodecOptions): RawMessage {
  const where = `raw_data.contract[${index}]`;
  if (contract === null || typeof contract !== 'object') {
    throw new TransactionError('TX_BAD_CONTRACT', `The ${where} entry must be an object.`);
  }
  const type = contract.type;
  if (!isContractTypeName(type)) {
    throw new TransactionError(
      'TX_UNKNOWN_CONTRACT_TYPE',
      `The ${where}.type ${JSON.stringify(type)} is not a TRON contract type.`,
      { type: String(type) },
    );
  }
  const messageName = parameterMessageOf(type);
  if (!messageName) {
    throw new TransactionError(
      'TX_UNSUPPORTED_CONTRACT_TYPE',
      `${type} transactions are not supported by this wallet.`,
      { type },
    );
  }
  const parameter = contract.parameter;
  if (
    parameter === null ||
    typeof parameter !== 'object' ||
    parameter.value === null ||
    typeof parameter.value !== 'object'
  ) {
    throw new TransactionError(
      'TX_BAD_PARAMETER',
      `The ${where}.parameter.value must be the ${type} as a JSON object.`,
    );
  }
  const value = getCodec(messageName)
    .encode(jsonToMessage(messageName, parameter.value, options, `${where}.parameter.value`))
    .finish();
  const out: RawMessage = {
    type: CONTRACT_TYPE_IDS[type],
    parameter:
      typeof parameter.type_url === 'string' && parameter.type_url !== ''
        ? { type_url: parameter.type_url, value }
        : { value },
  };
  if (contract.Permission_id !== undefined || contract.provider !== undefined || contract.ContractName !== undefined) {
    const extras = jsonToMessage(
      'protocol.Transaction.Contract',
      { Permission_id: contract.Permission_id, provider: contract.provider, ContractName: contract.ContractName },
      options,
      where,
    );
    Object.assign(out, extras);
  }
  return out;
}

/** JSON `raw_data` → the protobufjs message object of `Transaction.raw`. */
export function rawDataToMessage(raw: RawDataJson, options: TxCodecOptions = {}): RawMessage {
  if (raw === null || typeof raw !== 'object')
    throw new TransactionError('TX_BAD_RAW_DATA', 'The transaction has no raw_data object.');
  const { contract, ...header } = raw;
  const message = jsonToMessage('protocol.Transaction.raw', header, options, 'raw_data');
  if (contract !== undefined && contract !== null) {
    if (!Array.isArray(contract))
      throw new TransactionError('TX_BAD_CONTRACT', 'The raw_data.contract field must be an array.');
    const contracts: RawMessage[] = [];
    contract.forEach((c, i) => {
      try {
        contracts.push(contractToMessage(c, i, options));
      } catch (error) {
        if (!options.dropInvalidContracts || !(error instanceof WalletError)) throw error;
      }
    });
    message.contract = contracts;
  }
  return message;
}

export function encodeRawData(raw: RawDataJson, options: TxCodecOptions = {}): Uint8Array {
  return protocol.Transaction.raw.encode(rawDataToMessage(raw, options) as protocol.Transaction.Iraw).finish();
}

export function txIdOfRawBytes(rawBytes: Uint8Array): TxId {
  return bytesToHex(sha256(rawBytes)) as string as TxId;
}

/** txID = sha256(serialized raw_data). */
export function computeTxId(raw: RawDataJson, options: TxCodecOptions = {}): TxId {
  return txIdOfRawBytes(encodeRawData(raw, options));
}

function contractMessageToJson(contract: RawMessage, options: TxCodecOptions): ContractJson {
  const typeId = (contract.type as number | undefined) ?? 0;
  const type = contractTypeName(typeId);
  const parameter = (contract.parameter ?? {}) as { type_url?: string; value?: Uint8Array };
  const messageName = type ? parameterMessageOf(type) : undefined;
  const typeUrl = parameter.type_url ?? '';
  const valueBytes = parameter.value ?? new Uint8Array();
  const value = messageName
    ? messageToJson(messageName, getCodec(messageName).decode(valueBytes), options)
    : { raw: bytesToHex(valueBytes) };
  const extras = messageToJson(
    'protocol.Transaction.Contract',
    { Permission_id: contract.Permission_id, provider: contract.provider, ContractName: contract.ContractName },
    options,
  );
  return { parameter: { value, type_url: typeUrl }, type: type ?? String(typeId), ...extras } as ContractJson;
}

/** The protobufjs message object of `Transaction.raw` → java-tron JSON. */
export function rawDataFromMessage(message: RawMessage, options: TxCodecOptions = {}): RawDataJson {
  const { contract, ...header } = message;
  const contracts = ((contract as RawMessage[] | undefined) ?? []).map((c) => contractMessageToJson(c, options));
  const headerJson = messageToJson('protocol.Transaction.raw', header, options);
  return { contract: contracts, ...headerJson } as unknown as RawDataJson;
}

export function decodeRawData(bytes: Uint8Array, options: TxCodecOptions = {}): RawDataJson {
  let message: RawMessage;
  try {
    message = protocol.Transaction.raw.decode(bytes) as unknown as RawMessage;
  } catch (error) {
    throw new TransactionError(
      'TX_BAD_PROTOBUF',
      `The raw_data bytes are not a valid protobuf Transaction.raw: ${(error as Error).message}.`,
    );
  }
  return rawDataFromMessage(message, options);
}

/** A complete unsigned transaction in java-tron's builder shape, computed from `raw_data`. */
export function transactionFromRawData(raw: RawDataJson, options: TxCodecOptions = {}): TransactionJson {
  const bytes = encodeRawData(raw, options);
  return {
    visible: options.visible ?? false,
    txID: txIdOfRawBytes(bytes),
    raw_data: raw,
    raw_data_hex: bytesToHex(bytes),
  };
}

/**
 * Refuses a transaction whose parts disagree: the txID recomputed from the JSON must equal
 * `txID` and sha256(raw_data_hex), and the JSON must re-encode to exactly `raw_data_hex`.
 * This is what stops a tampered amount from riding on a genuine-looking hash.
 */
export function verifyTransactionIntegrity(tx: TransactionJson, options: TxCodecOptions = {}): TxId {
  if (tx === null || typeof tx !== 'object')
    throw new TransactionError('TX_NOT_OBJECT', 'The transaction must be a JSON object.');
  if (typeof tx.txID !== 'string' || typeof tx.raw_data_hex !== 'string') {
    throw new TransactionError('TX_MISSING_FIELDS', 'The transaction must carry txID and raw_data_hex.');
  }
  const fromJson = encodeRawData(tx.raw_data, { visible: tx.visible === true, ...options });
  let fromHex: Uint8Array;
  try {
    fromHex = hexToBytes(tx.raw_data_hex, 'raw_data_hex');
  } catch (error) {
    throw new TransactionError('TX_BAD_RAW_HEX', `raw_data_hex is not valid hex: ${(error as EncodingError).message}`);
  }
  const idFromJson = txIdOfRawBytes(fromJson);
  const idFromHex = txIdOfRawBytes(fromHex);
  if (idFromHex !== idFromJson) {
    throw new TransactionError(
      'TX_JSON_HEX_MISMATCH',
      'The transaction JSON does not match its raw_data_hex: the readable contents differ from the bytes that get ' +
        'signed.',
      { idFromJson, idFromHex },
    );
  }
  if (tx.txID.toLowerCase() !== idFromJson) {
    throw new TransactionError(
      'TX_ID_MISMATCH',
      `The txID ${tx.txID} is not the hash of this transaction (expected ${idFromJson}).`,
      { expected: idFromJson, actual: tx.txID },
    );
  }
  return idFromJson;
}

// ---------------------------------------------------------------------------------------------
// Whole transactions (with signatures and results), e.g. /wallet/broadcasthex and bandwidth.

export function encodeTransaction(
  tx: TransactionJson,
  options: TxCodecOptions & { includeRet?: boolean } = {},
): Uint8Array {
  const raw = rawDataToMessage(tx.raw_data, { visible: tx.visible === true, ...options });
  const message: RawMessage = {
    raw_data: raw,
    signature: (tx.signature ?? []).map((s, i) => hexToBytes(s, `signature[${i}]`)),
  };
  if (options.includeRet && tx.ret)
    message.ret = tx.ret.map((r) => jsonToMessage('protocol.Transaction.Result', r, options));
  return protocol.Transaction.encode(message as protocol.ITransaction).finish();
}

export function decodeTransaction(bytes: Uint8Array, options: TxCodecOptions = {}): TransactionJson {
  let message: RawMessage;
  try {
    message = protocol.Transaction.decode(bytes) as unknown as RawMessage;
  } catch (error) {
    throw new TransactionError(
      'TX_BAD_PROTOBUF',
      `The bytes are not a valid protobuf Transaction: ${(error as Error).message}.`,
    );
  }
  const rawMessage = (message.raw_data ?? {}) as RawMessage;
  const rawBytes = protocol.Transaction.raw.encode(rawMessage as protocol.Transaction.Iraw).finish();
  const tx: TransactionJson = {
    visible: options.visible ?? false,
    txID: txIdOfRawBytes(rawBytes),
    raw_data: rawDataFromMessage(rawMessage, options),
    raw_data_hex: bytesToHex(rawBytes),
  };
  const signatures = (message.signature as Uint8Array[] | undefined) ?? [];
  if (signatures.length > 0) tx.signature = signatures.map((s) => bytesToHex(s));
  const ret = (message.ret as RawMessage[] | undefined) ?? [];
  if (ret.length > 0) tx.ret = ret.map((r) => messageToJson('protocol.Transaction.Result', r, options));
  return tx;
}
