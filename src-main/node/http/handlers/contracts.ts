import { keccak_256 } from '@noble/hashes/sha3.js';
import type { HexAddress } from '../../../../src-core/brand';
import { bytesToHex } from '../../../../src-core/bytes/hex';
import { utf8ToBytes } from '../../../../src-core/bytes/utf8';
import { messageToJson } from '../../../../src-core/proto/json-codec';
import { getCodec } from '../../../../src-core/proto/schema';
import { bigintToLong, longToBigint, protocol } from '../../../../src-core/proto/runtime';
import type { ParsedTransaction } from '../../model/tx';
import { errorBody, JAVA, nullPointer } from '../../java-json/error-body';
import { transactionJson } from '../format';
import { unsignedJson, unsignedJsonText, unsignedTransaction } from './transactions';
import { RawReply } from '../server';
import { stringifyJson } from '../../../../src-core/json/lossless';
import { mergeJsonFormat } from '../../java-json/json-format';
import {
  extraDataOf,
  fromHexString,
  getHexAddress,
  getString,
  jsonLongValue,
  permissionIdOf,
  type ServletBody,
} from '../servlet-body';
import type { ApiRequest } from '../request';
import { StateView, type StateReader } from '../../state/view';
import { addressValueParam } from '../request';
import type { NodeServices } from '../services';
import { catchUpToCycle, newContractState } from '../../vm/dynamic-energy';
import type { VmExecutionResult } from '../../vm/requests';
import type { ContractStateRecord } from '../../vm/world-state';
import type { ConstantCall } from '../../vm-host/constant-calls';
import { constantCall, estimateCall } from '../../vm-host/constant-calls';
import { constantCallFields } from '../../vm-host/receipt';
import type { AbiMessage, ContractRecord } from '../../vm-host/contract-records';
import {
  abiKey,
  addressHexOf,
  codeKey,
  contractKey,
  contractStateToMessage,
  contractToMessage,
  stateKey,
} from '../../vm-host/contract-records';
import { ContractValidateError, JavaError, ReturnCodeError, VmValidationError } from '../../errors';

/**
 * The smart-contract endpoints (java-tron's contract servlets, Wallet.triggerContract / estimateEnergy):
 * deploycontract, triggersmartcontract, triggerconstantcontract, estimateenergy, getcontract, getcontractinfo (the
 * owner settings updatesetting / updateenergylimit / clearabi are plain builders of the endpoint table).
 * trigger/constant/estimate always answer with their own message shape (a Return inside), never
 * `{"Error": …}`.
 */
type Json = Record<string, unknown>;
const ZERO_ADDRESS = `41${'00'.repeat(20)}` as HexAddress;
const INVALID_PARAMETER = 'java.security.InvalidParameterException';

function returnJson(result: boolean, code: string | undefined, message: string | undefined, visible: boolean): Json {
  const m: Json = {};
  if (result) m.result = true;
  if (code && code !== 'SUCCESS')
    m.code = protocol.Return.response_code[code as keyof typeof protocol.Return.response_code];
  if (message) m.message = utf8ToBytes(message);
  return messageToJson('protocol.Return', m, { visible });
}

/** `returnJson(true)` as text, in each address form (printed once). */
const resultTrueTexts = new Map<boolean, string>();

function resultTrueText(visible: boolean): string {
  let text = resultTrueTexts.get(visible);
  if (text === undefined)
    resultTrueTexts.set(visible, (text = stringifyJson(returnJson(true, undefined, undefined, visible))));
  return text;
}

/**
 * java-tron's catch blocks: validation → CONTRACT_VALIDATE_ERROR, anything else → OTHER_ERROR "class … : …" with `"` as
 * `'`.
 */
function failure(error: unknown, visible: boolean): Json {
  if (error instanceof ReturnCodeError) return { result: returnJson(false, error.code, error.message, visible) };
  if (error instanceof ContractValidateError || error instanceof VmValidationError)
    return { result: returnJson(false, 'CONTRACT_VALIDATE_ERROR', error.message, visible) };
  const text = errorBody(error).Error.replace(/"/g, "'");
  return { result: returnJson(false, 'OTHER_ERROR', text, visible) };
}

function visibleOf(req: ApiRequest): boolean {
  try {
    return req.visible();
  } catch {
    return false;
  }
}

/** JSONObject.parseObject of the body: null for a blank one, whose first getString is a NullPointerException. */
function servletJson(req: ApiRequest): ServletBody {
  if (req.text().trim() === '') throw nullPointer();
  return req.servletBody();
}

/** `Util.parseMethod` then ByteArray.fromHexString: keccak(selector)[0:4] ‖ parameter, hex. */
function methodData(selector: string, parameter: string | undefined): Uint8Array {
  const head = bytesToHex(keccak_256(utf8ToBytes(selector)).subarray(0, 4));
  return fromHexString(parameter ? head + parameter : head);
}

/**
 * The TriggerSmartContract of a trigger/constant/estimate request, as the three servlets build it:
 * the whole body merged by JsonFormat (so `data` if given), then a non-empty `function_selector`
 * with `parameter` replaces `data`. Neither: empty calldata (a call to the fallback or receive
 * function).
 */
function triggerMessage(req: ApiRequest, visible: boolean): Json {
  const message = mergeJsonFormat(req.text(), 'protocol.TriggerSmartContract', visible);
  const body = req.servletBody();
  const selector = getString(body, 'function_selector');
  if (selector) {
    const data = methodData(selector, getString(body, 'parameter'));
    if (data.length > 0) message.data = data;
    else delete message.data;
  }
  return message;
}

/** TriggerSmartContractServlet.validateParameter. */
function requireOwnerAndContract(body: ServletBody): void {
  if (!getString(body, 'owner_address')) throw new JavaError(INVALID_PARAMETER, "owner_address isn't set.");
  if (!getString(body, 'contract_address')) throw new JavaError(INVALID_PARAMETER, "contract_address isn't set.");
}

/**
 * Util.validateParameter (TriggerConstantContractServlet, EstimateEnergyServlet): an empty owner_address is not set.
 */
function requireConstantParameters(body: ServletBody): void {
  if (!getString(body, 'owner_address')) throw new JavaError(INVALID_PARAMETER, "owner_address isn't set.");
  const hasContract = Boolean(getString(body, 'contract_address'));
  const hasData = Boolean(getString(body, 'data'));
  if (!hasContract && !hasData)
    throw new JavaError(INVALID_PARAMETER, 'At least one of contract_address and data must be set.');
  if (!hasContract && getString(body, 'function_selector') && hasData)
    throw new JavaError(INVALID_PARAMETER, 'While trying to deploy, function_selector and data can not be both set.');
}

function encode(type: string, message: Json): Uint8Array {
  return getCodec(`protocol.${type}`).encode(message).finish();
}

const int64 = (v: unknown): bigint => longToBigint(v as never);

/** Selector → constant, per stored ABI object (records are replaced, never changed in place). */
const constantSelectors = new WeakMap<AbiMessage, Map<string, boolean>>();

function selectorsOf(abi: AbiMessage): Map<string, boolean> {
  let map = constantSelectors.get(abi);
  if (map) return map;
  map = new Map();
  const FUNCTION = protocol.SmartContract.ABI.Entry.EntryType.Function;
  const { View, Pure } = protocol.SmartContract.ABI.Entry.StateMutabilityType;
  for (const entry of (abi.entrys as Json[] | undefined) ?? []) {
    if (((entry.type as number | undefined) ?? 0) !== FUNCTION) continue;
    // java-tron joins the declared input types as they are (a tuple stays "tuple").
    const types = ((entry.inputs as Json[] | undefined) ?? [])
      .map((p) => (p.type as string | undefined) ?? '')
      .join(',');
    const selector = bytesToHex(
      keccak_256(utf8ToBytes(`${(entry.name as string | undefined) ?? ''}(${types})`)).subarray(0, 4),
    );
    const mutability = (entry.stateMutability as number | undefined) ?? 0;
    // The first matching entry decides.
    if (!map.has(selector)) map.set(selector, entry.constant === true || mutability === View || mutability === Pure);
  }
  constantSelectors.set(abi, map);
  return map;
}

/** `Wallet.isConstant`: the selector names a Function entry that is constant, view or pure. */
export function isConstantFunction(abi: AbiMessage | undefined, data: Uint8Array): boolean {
  if (!abi || data.length < 4) return false;
  return selectorsOf(abi).get(bytesToHex(data.subarray(0, 4))) ?? false;
}

/** A transaction with `ret` = [{ret}] (SUCESS prints `{}`), printed as java-tron prints it, plus `visible`. */
function transactionWithRet(tx: ParsedTransaction, failed: boolean, visible: boolean): Json {
  const bytes = protocol.Transaction.encode({
    raw_data: tx.raw,
    ret: [failed ? { ret: protocol.Transaction.Result.code.FAILED } : {}],
  } as protocol.ITransaction).finish();
  return { ...transactionJson(bytes, visible), visible };
}

/** Util.printTransactionExtention for a constant execution. */
function constantExtention(tx: ParsedTransaction, result: VmExecutionResult, visible: boolean): Json {
  if (result.exceptionClass !== undefined) throw new JavaError(result.exceptionClass, result.resMessage);
  const reverted = result.result === 'REVERT';
  const fields = messageToJson('protocol.TransactionExtention', constantCallFields(result), { visible });
  return {
    result: returnJson(true, undefined, reverted ? result.resMessage : undefined, visible),
    ...fields,
    transaction: transactionWithRet(tx, reverted, visible),
  };
}

interface ConstantRequest {
  readonly tx: ParsedTransaction;
  readonly call: Omit<ConstantCall, 'feeLimit'>;
}

/** The transaction a constant call or estimate is built as: a trigger, or (no contract_address) a deploy. */
async function constantRequest(
  s: NodeServices,
  req: ApiRequest,
  visible: boolean,
  withExtras: boolean,
): Promise<ConstantRequest> {
  const body = servletJson(req);
  requireConstantParameters(body);
  const trigger = triggerMessage(req, visible);
  const owner = (trigger.owner_address as Uint8Array | undefined) ?? new Uint8Array();
  const ownerHex = owner.length ? addressHexOf(owner) : ZERO_ADDRESS;
  const data = (trigger.data as Uint8Array | undefined) ?? new Uint8Array();
  const permissionId = withExtras ? permissionIdOf(body) : 0;
  const extra = withExtras ? extraDataOf(body, visible) : undefined;
  const values = {
    callValue: int64(trigger.call_value),
    tokenValue: int64(trigger.call_token_value),
    tokenId: int64(trigger.token_id),
  };
  const contract = trigger.contract_address as Uint8Array | undefined;
  if (!contract || contract.length === 0) {
    // Wallet.triggerConstantContract: a deploy with percent 100 and origin_energy_limit 1.
    const deploy: Json = {
      owner_address: owner,
      new_contract: {
        origin_address: owner,
        bytecode: data,
        ...(values.callValue ? { call_value: bigintToLong(values.callValue) } : {}),
        consume_user_resource_percent: bigintToLong(100n),
        origin_energy_limit: bigintToLong(1n),
      },
    };
    if (values.tokenValue) deploy.call_token_value = bigintToLong(values.tokenValue);
    if (values.tokenId) deploy.token_id = bigintToLong(values.tokenId);
    const tx = await unsignedTransaction(s, 'CreateSmartContract', encode('CreateSmartContract', deploy), {
      permissionId,
      data: extra,
    });
    return { tx, call: { owner: ownerHex, data, ...values, txId: tx.id } };
  }
  const contractHex = addressHexOf(contract);
  if (s.pool.view.getExt(contractKey(contractHex)) === undefined)
    throw new ContractValidateError('Smart contract is not exist.');
  const tx = await unsignedTransaction(s, 'TriggerSmartContract', encode('TriggerSmartContract', trigger), {
    permissionId,
    data: extra,
  });
  return { tx, call: { owner: ownerHex, contractAddress: contractHex, data, ...values, txId: tx.id } };
}

/**
 * The state a constant call or estimate runs on: the pending state for /wallet; for /walletsolidity
 * (TriggerConstantContractOnSolidityServlet, EstimateEnergyOnSolidityServlet: WalletOnSolidity's
 * solidified snapshot) the accounts and records of the solidified block. Contract code and storage
 * are the head block's: the solidified state keeps no undo of them, so the two differ only while
 * the head is not solidified yet (never with one representative, as TRE runs).
 */
function constantView(s: NodeServices, solid: boolean): StateView {
  if (!solid) return s.pool.view;
  const head = s.chain.state;
  const reader: StateReader = {
    ...s.chain.solidReader(),
    getExt: (key) => head.getExt(key),
    extKeys: (prefix) => head.extKeys(prefix),
  };
  return new StateView(reader, s.chain.props);
}

// --- endpoints ----------------------------------------------------------------------------------

export const triggerSmartContract =
  (s: NodeServices) =>
  async (req: ApiRequest): Promise<Json | RawReply> => {
    const visible = visibleOf(req);
    try {
      const body = servletJson(req);
      requireOwnerAndContract(body);
      const trigger = triggerMessage(req, visible);
      // The servlet reads these again with Util.getJsonLongValue after the merge.
      const values = {
        tokenValue: jsonLongValue(body, 'call_token_value'),
        tokenId: jsonLongValue(body, 'token_id'),
        callValue: jsonLongValue(body, 'call_value'),
      };
      const feeLimit = jsonLongValue(body, 'fee_limit');
      const tx = await unsignedTransaction(s, 'TriggerSmartContract', encode('TriggerSmartContract', trigger), {
        feeLimit,
        permissionId: permissionIdOf(body),
      });
      // Wallet.triggerContract: view/pure functions are executed right away.
      const contractHex = addressHexOf(trigger.contract_address as Uint8Array);
      if (s.pool.view.getExt(contractKey(contractHex)) === undefined)
        throw new ContractValidateError('No contract or not a valid smart contract');
      const data = (trigger.data as Uint8Array | undefined) ?? new Uint8Array();
      if (isConstantFunction(s.pool.view.getExt(abiKey(contractHex)) as AbiMessage | undefined, data)) {
        const owner = addressHexOf(trigger.owner_address as Uint8Array);
        const result = await constantCall(s.contracts, {
          owner,
          contractAddress: contractHex,
          data,
          ...values,
          txId: tx.id,
          feeLimit,
        });
        return constantExtention(tx, result, visible);
      }
      // The reply's text made here, so that its raw_data is remembered as printed.
      return new RawReply(
        `{"result":${resultTrueText(visible)},"transaction":${unsignedJsonText(tx, visible, s.built)}}\n`,
      );
    } catch (error) {
      return failure(error, visible);
    }
  };

export const triggerConstantContract =
  (s: NodeServices, solid: boolean) =>
  async (req: ApiRequest): Promise<Json> => {
    const visible = visibleOf(req);
    try {
      const { tx, call } = await constantRequest(s, req, visible, true);
      return constantExtention(tx, await constantCall(s.contracts, call, constantView(s, solid)), visible);
    } catch (error) {
      return failure(error, visible);
    }
  };

export const estimateEnergy =
  (s: NodeServices, solid: boolean) =>
  async (req: ApiRequest): Promise<Json> => {
    const visible = visibleOf(req);
    try {
      const { call } = await constantRequest(s, req, visible, false);
      // Wallet.estimateEnergy checks the setting after the servlet has read the request.
      if (!s.contracts.settings.estimateEnergy)
        throw new ContractValidateError('this node does not support estimate energy');
      const estimate = await estimateCall(s.contracts, call, constantView(s, solid));
      if (!estimate.ok)
        throw new ReturnCodeError('CONTRACT_EXE_ERROR', estimate.execution.resMessage || 'REVERT opcode executed');
      return messageToJson(
        'protocol.EstimateEnergyMessage',
        { result: { result: true }, energy_required: bigintToLong(estimate.energyRequired) },
        { visible },
      );
    } catch (error) {
      return failure(error, visible);
    }
  };

/**
 * The `entrys` DeployContractServlet merges: the `abi` value's text (a JSON array, or a string holding one) inside
 * {"entrys": …}.
 */
function abiOf(body: ServletBody, visible: boolean): Json {
  if (!Object.prototype.hasOwnProperty.call(body.json, 'abi')) return {};
  const abi = getString(body, 'abi') ?? 'null';
  return mergeJsonFormat(`{"entrys":${abi}}`, 'protocol.SmartContract.ABI', visible);
}

/**
 * DeployContractServlet: fields read one by one with fastjson (int64s through
 * Util.getJsonLongValue, so a string or an exponent that is a whole number is taken), `abi`
 * through JsonFormat, `parameter` appended to `bytecode`.
 */
export const deployContract =
  (s: NodeServices) =>
  async (req: ApiRequest): Promise<Json> => {
    const visible = req.visible();
    const body = servletJson(req);
    let ownerText = getString(body, 'owner_address');
    if (visible && ownerText !== undefined) ownerText = getHexAddress(ownerText);
    const owner = ownerText === undefined ? new Uint8Array() : fromHexString(ownerText);
    const message: Json = {};
    if (owner.length) message.owner_address = owner;
    const tokenValue = jsonLongValue(body, 'call_token_value');
    const tokenId = jsonLongValue(body, 'token_id');
    if (tokenValue) message.call_token_value = bigintToLong(tokenValue);
    if (tokenId) message.token_id = bigintToLong(tokenId);
    const spec: Json = { abi: abiOf(body, visible) };
    const callValue = jsonLongValue(body, 'call_value');
    const percent = jsonLongValue(body, 'consume_user_resource_percent');
    const originEnergyLimit = jsonLongValue(body, 'origin_energy_limit');
    if (callValue) spec.call_value = bigintToLong(callValue);
    if (percent) spec.consume_user_resource_percent = bigintToLong(percent);
    if (originEnergyLimit) spec.origin_energy_limit = bigintToLong(originEnergyLimit);
    if (owner.length) spec.origin_address = owner;
    // Java's string concatenation: a missing bytecode before a parameter reads "null".
    const hasParameter = Object.prototype.hasOwnProperty.call(body.json, 'parameter');
    const bytecodeText = hasParameter
      ? `${getString(body, 'bytecode') ?? 'null'}${getString(body, 'parameter') ?? 'null'}`
      : getString(body, 'bytecode');
    const bytecode = bytecodeText === undefined ? new Uint8Array() : fromHexString(bytecodeText);
    if (bytecode.length) spec.bytecode = bytecode;
    const name = getString(body, 'name');
    if (name) spec.name = name;
    const feeLimit = jsonLongValue(body, 'fee_limit');
    message.new_contract = spec;
    // Wallet.createTransactionCapsule checks only the percent for a deploy.
    if (percent < 0n || percent > 100n) throw new JavaError(JAVA.contractValidate, 'percent must be >= 0 and <= 100');
    const tx = await unsignedTransaction(s, 'CreateSmartContract', encode('CreateSmartContract', message), {
      feeLimit,
      permissionId: permissionIdOf(body),
    });
    return unsignedJson(tx, visible);
  };

function contractParam(req: ApiRequest): string | undefined {
  const value = addressValueParam(req);
  return value ? addressHexOf(value) : undefined;
}

function contractMessage(s: NodeServices, address: string): Json | undefined {
  const view = s.pool.view;
  // Wallet.getContract: the account must exist too.
  if (!view.getAccount(address)) return undefined;
  const record = view.getExt(contractKey(address)) as ContractRecord | undefined;
  if (!record) return undefined;
  return contractToMessage(record, view.getExt(abiKey(address)) as AbiMessage | undefined);
}

/** GetContractServlet: SmartContract with its ABI, `{}` when absent. */
export const getContract =
  (s: NodeServices) =>
  (req: ApiRequest): Json => {
    const address = contractParam(req);
    const message = address === undefined ? undefined : contractMessage(s, address);
    return message ? messageToJson('protocol.SmartContract', message, { visible: req.visible() }) : {};
  };

/** Wallet.getContractInfo: SmartContractDataWrapper with the runtime code and the state caught up to this cycle. */
export const getContractInfo =
  (s: NodeServices) =>
  (req: ApiRequest): Json => {
    const address = contractParam(req);
    const message = address === undefined ? undefined : contractMessage(s, address);
    if (!message) return {};
    const view = s.pool.view;
    const p = s.chain.props;
    const cycle = BigInt(p.maintenanceCycle);
    const stored = view.getExt(stateKey(address!)) as ContractStateRecord | undefined;
    let state = stored ?? newContractState(cycle);
    if (stored) {
      state =
        p.parameters.getAllowDynamicEnergy !== 0n
          ? catchUpToCycle(stored, cycle, {
              threshold: p.parameters.getDynamicEnergyThreshold,
              increaseFactor: p.parameters.getDynamicEnergyIncreaseFactor,
              maxFactor: p.parameters.getDynamicEnergyMaxFactor,
            })
          : newContractState(cycle);
    }
    const wrapper: Json = { smart_contract: message, contract_state: contractStateToMessage(state) };
    const code = view.getExt(codeKey(address!)) as Uint8Array | undefined;
    if (code?.length) wrapper.runtimecode = code;
    return messageToJson('protocol.SmartContractDataWrapper', wrapper, { visible: req.visible() });
  };
