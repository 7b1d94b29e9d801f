import { messageToJson } from '../../../../src-core/proto/json-codec';
import { getCodec } from '../../../../src-core/proto/schema';
import { protocol } from '../../../../src-core/proto/runtime';
import { bigintToLong } from '../../../../src-core/proto/runtime';
import { rawDataFromMessage } from '../../../../src-core/tx/codec';
import { CONTRACT_TYPE_IDS, typeUrlOf } from '../../../../src-core/tx/contract-types';
import type { ContractTypeName } from '../../../../src-core/tx/contract-types';
import { bytesToHex, hexToBytes } from '../../../../src-core/bytes/hex';
import { utf8ToBytes } from '../../../../src-core/bytes/utf8';
import { parseTransaction, parseRawTransaction, encodeWithResult, withSignatures } from '../../model/tx';
import type { ParsedTransaction } from '../../model/tx';
import {
  checkSignatureCount,
  checkWeight,
  operationsAllow,
  recoveryFailure,
} from '../../permission-check/permission-check';
import type { RecoveredSignature } from '../../permission-check/permission-check';
import { permissionById, permissionToMessage, PERMISSION_TYPE, type AccountRecord } from '../../state/account';
import { JAVA } from '../../java-json/error-body';
import type { ApiRequest } from '../request';
import { requestMessage } from '../request';
import type { NodeServices } from '../services';
import { transactionFromJson } from '../../java-json/tx-input';
import { signedInput } from '../signed-input';
import { scanSignatures } from '../signature-scan';
import type { BuiltTransactions } from '../../java-json/built-transactions';
import { stringifyJson } from '../../../../src-core/json/lossless';
import { mergeJsonFormat } from '../../java-json/json-format';
import { extraDataOf, permissionIdOf } from '../servlet-body';
import { generateContractAddress, transactionJson } from '../format';
import { transactionInfoJson } from '../../java-json/transaction-info-json';
import { RawReply, turnIfLarge } from '../server';
import { AdmissionError, ContractValidateError, JavaError, TransactionSignatureError } from '../../errors';

type Json = Record<string, unknown>;

// --- builders (Wallet.createTransactionCapsule, TransactionCapsule.setReference) ---------------

/** Options of a node-built transaction (Wallet.createTransactionCapsule plus the servlet's extras). */
export interface UnsignedOptions {
  /** Contract Permission_id; set only when > 0. */
  readonly permissionId?: number;
  /** raw_data.fee_limit (deploycontract, triggersmartcontract); set only when non-zero. */
  readonly feeLimit?: bigint;
  /** raw_data.data (extra_data). */
  readonly data?: Uint8Array;
}

/**
 * An unsigned transaction as java-tron builds it: reference block = the solidified block,
 * expiration = head block time + the configured window, timestamp = the wall clock.
 */
export async function unsignedTransaction(
  s: NodeServices,
  type: ContractTypeName,
  value: Uint8Array,
  options: UnsignedOptions = {},
): Promise<ParsedTransaction> {
  const contract: Json = { type: CONTRACT_TYPE_IDS[type], parameter: { type_url: typeUrlOf(type), value } };
  if (options.permissionId !== undefined && options.permissionId > 0) contract.Permission_id = options.permissionId;
  const chain = s.chain;
  const headTimestamp = chain.props.headTimestamp;
  const ref = hexToBytes(await chain.blockIdHex(chain.props.solidNumber));
  const raw: Json = {
    ref_block_bytes: ref.subarray(6, 8),
    ref_block_hash: ref.subarray(8, 16),
    expiration: bigintToLong(BigInt(headTimestamp + s.config.txExpirationMs)),
    contract: [contract],
    timestamp: bigintToLong(BigInt(Date.now())),
  };
  if (options.data && options.data.length > 0) raw.data = options.data;
  if (options.feeLimit) raw.fee_limit = bigintToLong(options.feeLimit);
  return parseRawTransaction(raw, []);
}

/**
 * Builder output (java-tron Util.printCreateTransaction): visible, txID, raw_data, raw_data_hex,
 * and for a CreateSmartContract the new contract's address (hex in both address forms).
 */
export function unsignedJson(tx: ParsedTransaction, visible: boolean): Json {
  const out: Json = {
    visible,
    txID: tx.idHex,
    raw_data: rawDataFromMessage(tx.raw, { visible }),
    raw_data_hex: bytesToHex(tx.rawBytes),
  };
  // Util.generateContractAddress hashes the owner bytes as they are, none included.
  if (tx.contract?.typeName === 'CreateSmartContract')
    out.contract_address = generateContractAddress(tx.id, tx.contract.owner);
  return out;
}

const RAW_DATA_KEY = '"raw_data":';
const RAW_DATA_HEX_KEY = ',"raw_data_hex":';

/**
 * `unsignedJson` as JSON text, its `raw_data` remembered for the broadcast that brings it back
 * signed (built-transactions.ts). The raw_data text is cut from the whole text: it lies between
 * its key and `raw_data_hex`, which follows it and, unescaped, cannot occur inside it.
 */
export function unsignedJsonText(tx: ParsedTransaction, visible: boolean, built: BuiltTransactions): string {
  const text = stringifyJson(unsignedJson(tx, visible));
  const rawStart = text.indexOf(RAW_DATA_KEY) + RAW_DATA_KEY.length;
  built.remember(visible, text.slice(rawStart, text.lastIndexOf(RAW_DATA_HEX_KEY)), tx);
  return text;
}

/**
 * A builder endpoint: the contract from the body, validated as java-tron's builder does, wrapped in an unsigned
 * transaction.
 */
export async function buildUnsigned(
  s: NodeServices,
  req: ApiRequest,
  type: ContractTypeName,
  allowExtraData: boolean,
): Promise<Json> {
  const visible = req.visible();
  const messageName = `protocol.${type}`;
  const value = getCodec(messageName)
    .encode(mergeJsonFormat(req.text(), messageName, visible))
    .finish();
  const chain = s.chain;
  // java-tron runs the actuator's validate() when it builds (Wallet.createTransactionCapsule).
  const probe = parseRawTransaction(
    { contract: [{ type: CONTRACT_TYPE_IDS[type], parameter: { type_url: typeUrlOf(type), value } }] },
    [],
  );
  try {
    chain.actuators
      .get(CONTRACT_TYPE_IDS[type])
      ?.validate(probe.contract!, { view: s.pool.view, headTimestamp: chain.props.headTimestamp, building: true });
  } catch (error) {
    if (error instanceof ContractValidateError) throw new JavaError(JAVA.contractValidate, error.message);
    throw error;
  }
  const body = req.servletBody();
  const tx = await unsignedTransaction(s, type, value, {
    permissionId: permissionIdOf(body),
    data: allowExtraData ? extraDataOf(body, visible) : undefined,
  });
  return unsignedJson(tx, visible);
}

// --- broadcast (BroadcastServlet, BroadcastHexServlet, Wallet.broadcastTransaction) --------------

function hexMessage(message: string, visible: boolean): string {
  return visible ? message : bytesToHex(utf8ToBytes(message));
}

/**
 * Bodies up to this many characters are merged whole. Their signatures, however many, cost the
 * merge less than a scan of every body would cost the broadcasts that carry one or two.
 */
const SCAN_SIGNATURES_FROM = 64 * 1024;

/**
 * The transaction of a broadcast body. More signatures than `getTotalSignNum` can only end in
 * validateSignature's "too many signatures", and no check before it reads them: such a body is
 * merged without its signature array (counted and decoded from the text, signature-scan.ts), which
 * JsonFormat.merge would otherwise read character by character. Either way the transaction is the
 * same; a small body is merged whole.
 */
function broadcastInput(s: NodeServices, text: string, visible: boolean): ParsedTransaction {
  if (text.length < SCAN_SIGNATURES_FROM) return transactionFromJson(text, visible, s.built);
  const scan = scanSignatures(text);
  if (!scan || scan.count <= s.chain.props.totalSignNum) return transactionFromJson(text, visible, s.built);
  return withSignatures(transactionFromJson(scan.unsignedText, visible), scan.bytes());
}

export const broadcastTransaction =
  (s: NodeServices) =>
  async (req: ApiRequest): Promise<Json | RawReply> => {
    const visible = req.visible();
    await turnIfLarge(req.text().length);
    const tx = broadcastInput(s, req.text(), visible);
    try {
      await s.pool.submit(tx);
      // The hot path: exactly java-tron's success body, without a JSON serializer.
      return new RawReply(`{"result":true,"txid":"${tx.idHex}"}\n`);
    } catch (error) {
      if (error instanceof AdmissionError)
        return { code: error.code, txid: tx.idHex, message: hexMessage(error.message, visible) };
      throw error;
    }
  };

export const broadcastHex =
  (s: NodeServices) =>
  async (req: ApiRequest): Promise<Json> => {
    const hex = req.body().transaction;
    if (typeof hex !== 'string') throw new JavaError(JAVA.npe, 'null');
    let tx: ParsedTransaction;
    let printed: string;
    try {
      const bytes = hexToBytes(hex.length % 2 ? `0${hex}` : hex);
      tx = parseTransaction(bytes);
      printed = JSON.stringify(
        messageToJson('protocol.Transaction', protocol.Transaction.decode(bytes) as unknown as Json, { visible: true }),
      );
    } catch {
      throw new JavaError(
        'com.google.protobuf.InvalidProtocolBufferException',
        'While parsing a protocol message, the input ended unexpectedly in the middle of a field.',
      );
    }
    let code = 'SUCCESS';
    let message = '';
    let result = true;
    try {
      await s.pool.submit(tx);
    } catch (error) {
      if (!(error instanceof AdmissionError)) throw error;
      code = error.code;
      message = error.message;
      result = false;
    }
    return { result, code, message, transaction: printed, txid: tx.idHex };
  };

// --- reads ------------------------------------------------------------------------------------

function txIdParam(req: ApiRequest): string | undefined {
  // GetTransactionByIdServlet / GetTransactionInfoByIdServlet: a BytesMessage through JsonFormat.merge.
  const value = requestMessage(req, 'protocol.BytesMessage').value as Uint8Array | undefined;
  if (!value || value.length !== 32) return undefined;
  return bytesToHex(value);
}

export const getTransactionById =
  (s: NodeServices, solidOnly: boolean) =>
  async (req: ApiRequest): Promise<Json> => {
    const visible = req.visible();
    const id = txIdParam(req);
    if (!id) return {};
    const stored = await s.chain.transaction(id);
    if (stored) {
      if (solidOnly && stored.blockNumber > s.chain.props.solidNumber) return {};
      return transactionJson(stored.bytes, visible);
    }
    const pending = solidOnly ? undefined : s.pool.get(id);
    return pending ? transactionJson(encodeWithResult(pending, 1), visible) : {};
  };

export const getTransactionInfoById =
  (s: NodeServices, solidOnly: boolean) =>
  async (req: ApiRequest): Promise<Json> => {
    const visible = req.visible();
    const id = txIdParam(req);
    if (!id) return {};
    const info = await s.chain.transactionInfo(id);
    if (!info) return {};
    const json = transactionInfoJson(info, visible);
    if (solidOnly && Number(json.blockNumber ?? 0) > s.chain.props.solidNumber) return {};
    return json;
  };

// --- getsignweight / getapprovedlist (TransactionUtil.getTransactionSignWeight, Wallet.getTransactionApprovedList)

async function recoverAll(s: NodeServices, tx: ParsedTransaction): Promise<RecoveredSignature[]> {
  const requests = [];
  for (const signature of tx.signatures) {
    if (signature.length < 65) break;
    requests.push({ digest: tx.id, signature });
  }
  return s.recovery.recover(requests);
}

/**
 * How many signatures getapprovedlist recovers at most. java-tron recovers every one; here a list
 * longer than the named permission's keys (or, when it names none, than `getTotalSignNum`, which no
 * permission's keys exceed) is refused first with checkWeight's message, since no broadcast could
 * carry it and each recovery costs a millisecond.
 */
function approvedListBound(s: NodeServices, account: AccountRecord, permissionId: number): number {
  return permissionById(account, permissionId)?.keys.length ?? s.chain.props.totalSignNum;
}

const SIGN_WEIGHT_CODES = {
  format: 'SIGNATURE_FORMAT_ERROR',
  compute: 'COMPUTE_ADDRESS_ERROR',
  permission: 'PERMISSION_ERROR',
  other: 'OTHER_ERROR',
} as const;

const APPROVED_LIST_CODES = {
  format: 'SIGNATURE_FORMAT_ERROR',
  compute: 'COMPUTE_ADDRESS_ERROR',
  permission: 'OTHER_ERROR',
  other: 'OTHER_ERROR',
} as const;

/**
 * The result of getsignweight / getapprovedlist for a failed check: the code of the signature
 * exception, or for any other exception (an uncaught "Invalid point compression") OTHER_ERROR
 * with "<class> : <message>". Wallet.getTransactionApprovedList prints a PermissionException
 * that way too (`permissionAsException`).
 */
function signatureFailure(
  error: unknown,
  codes: Record<TransactionSignatureError['kind'], string>,
  permissionAsException = false,
): Json {
  if (error instanceof TransactionSignatureError) {
    const message =
      permissionAsException && error.kind === 'permission'
        ? `class ${JAVA.permission} : ${error.message}`
        : error.message;
    return { code: codes[error.kind], message };
  }
  if (error instanceof JavaError)
    return { code: 'OTHER_ERROR', message: `class ${error.className} : ${error.message}` };
  throw error;
}

/** The contract and its owner's account that getsignweight and getapprovedlist weigh, or java-tron's refusal. */
function signingOwner(s: NodeServices, tx: ParsedTransaction) {
  const contract = tx.contract;
  if (!contract) throw new TransactionSignatureError('other', 'Invalid transaction: no valid contract');
  const account = contract.owner.length ? s.pool.view.getAccount(contract.ownerHex) : undefined;
  if (!account) throw new TransactionSignatureError('permission', 'Account does not exist!');
  return { contract, account };
}

export const getSignWeight =
  (s: NodeServices) =>
  async (req: ApiRequest): Promise<Json | RawReply> => {
    const visible = req.visible();
    await turnIfLarge(req.text().length);
    const input = signedInput(req.text(), visible);
    const out: Json = {};
    let result: Json = {};
    try {
      const { contract, account } = signingOwner(s, input.unsigned);
      const permission = permissionById(account, contract.permissionId);
      if (!permission) throw new TransactionSignatureError('permission', 'Permission for this, does not exist!');
      if (contract.permissionId !== 0) {
        if (permission.type !== PERMISSION_TYPE.Active)
          throw new TransactionSignatureError('permission', 'Permission type is wrong!');
        if (!operationsAllow(permission, contract.type))
          throw new TransactionSignatureError('permission', 'Permission denied!');
      }
      out.permission = messageToJson('protocol.Permission', permissionToMessage(permission), { visible });
      let weight = 0n;
      if (input.signatureCount > 0) {
        checkSignatureCount(permission.keys.length, input.signatureCount);
        const tx = input.signed();
        const approved: Uint8Array[] = [];
        weight = checkWeight(permission, tx.signatures, await recoverAll(s, tx), approved);
        if (approved.length)
          out.approved_list = messageToJson(
            'protocol.TransactionSignWeight',
            { approved_list: approved },
            { visible },
          ).approved_list;
        if (weight) out.current_weight = Number(weight);
      }
      if (weight < permission.threshold) result = { code: 'NOT_ENOUGH_PERMISSION' };
    } catch (error) {
      result = signatureFailure(error, SIGN_WEIGHT_CODES);
    }
    out.result = result;
    return input.reply(out);
  };

export const getApprovedList =
  (s: NodeServices) =>
  async (req: ApiRequest): Promise<Json | RawReply> => {
    const visible = req.visible();
    await turnIfLarge(req.text().length);
    const input = signedInput(req.text(), visible);
    const out: Json = {};
    let result: Json = {};
    try {
      const { contract, account } = signingOwner(s, input.unsigned);
      if (input.signatureCount > 0) {
        checkSignatureCount(approvedListBound(s, account, contract.permissionId), input.signatureCount);
        const tx = input.signed();
        const recovered = await recoverAll(s, tx);
        const approved: Uint8Array[] = [];
        tx.signatures.forEach((signature, i) => {
          if (signature.length < 65)
            throw new TransactionSignatureError('format', `Signature size is ${signature.length}`);
          const r = recovered[i]!;
          if (!r.ok) throw recoveryFailure(signature, r);
          approved.push(r.address);
        });
        out.approved_list = messageToJson(
          'protocol.TransactionApprovedList',
          { approved_list: approved },
          { visible },
        ).approved_list;
      }
    } catch (error) {
      result = signatureFailure(error, APPROVED_LIST_CODES, true);
    }
    out.result = result;
    return input.reply(out);
  };
