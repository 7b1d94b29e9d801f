import { protocol, bigintToLong } from '../../../src-core/proto/runtime';
import { hashToBytes, isUnsetData, quantityValue, tronAddress } from './arguments';
import { INVALID_BLOCK_NUMBER, requireLatest } from './block-params';
import {
  ContractRejected,
  internalError,
  invalidParams,
  invalidRequest,
  JsonRpcFailure,
  JavaRuntimeFailure,
  nullPointer,
} from './errors';
import { fromHexString, hexToBigInteger, longValue, quantity, toJsonHex } from './java-hex';
import type { JsonNode } from './json';
import type { CallInput, CallOutcome, EstimateOutcome, NodeReads } from './node-reads';
import { pojoParam, stringParam } from './params';
import { failedCallError } from './revert-message';

/**
 * eth_call and eth_estimateGas (TronJsonRpcImpl.getCall / call / estimateGas, CallArguments).
 * Calls run like /wallet/triggerconstantcontract on the head block; only "latest" is served.
 */
export type CallArguments = {
  readonly from: string | null;
  readonly to: string | null;
  readonly gas: string | null;
  readonly gasPrice: string | null;
  readonly value: string | null;
  readonly data: string | null;
  readonly nonce: string | null;
};

/** The String fields CallArguments and BuildArguments share. */
export const CALL_ARGUMENT_FIELDS = {
  from: stringParam,
  to: stringParam,
  gas: stringParam,
  gasPrice: stringParam,
  value: stringParam,
  data: stringParam,
  nonce: stringParam,
} as const;

export const callArgumentsParam = pojoParam<CallArguments>(
  'org.tron.core.services.jsonrpc.types.CallArguments',
  CALL_ARGUMENT_FIELDS,
  {
    from: '0x0000000000000000000000000000000000000000',
    to: null,
    gas: '',
    gasPrice: '',
    value: '',
    data: null,
    nonce: null,
  },
);

const JSON_ERROR = 'invalid json request';

/** The error text java-tron makes of an unexpected exception: its message with `"` as `'`. */
function internalOf(error: unknown, fallback: string): JsonRpcFailure {
  const message =
    error instanceof JavaRuntimeFailure || error instanceof JsonRpcFailure
      ? error.javaMessage
      : error instanceof Error
        ? error.message
        : null;
  return internalError(message === null ? fallback : message.replace(/"/g, "'"));
}

/**
 * eth_call's block parameter: a tag, or an EIP-1898 object that must name an existing block (then served as latest).
 */
async function callBlockTag(reads: NodeReads, block: JsonNode): Promise<string | null> {
  if (block.kind === 'string') return block.value;
  if (block.kind !== 'object') throw invalidRequest(JSON_ERROR);
  // `(String) map.get(key)` of a HashMap<String, String> holding a non-text value.
  const text = (node: JsonNode): string | null => {
    if (node.kind === 'null') return null;
    if (node.kind !== 'string') throw invalidParams(JSON_ERROR);
    return node.value;
  };
  const number = block.fields.get('blockNumber');
  const hash = block.fields.get('blockHash');
  if (number !== undefined) {
    const value = hexToBigInteger(text(number));
    if (value === undefined) throw invalidParams(INVALID_BLOCK_NUMBER);
    const n = longValue(value);
    if (n < 0n || n > BigInt(reads.headNumber()) || !(await reads.block(Number(n))))
      throw internalError('header not found');
  } else if (hash !== undefined) {
    if ((await reads.blockNumberOfId(hashToBytes(text(hash)))) === undefined)
      throw internalError('header for hash not found');
  } else {
    throw invalidRequest(JSON_ERROR);
  }
  return 'latest';
}

export async function ethCall(reads: NodeReads, args: CallArguments | null, block: JsonNode): Promise<string> {
  requireLatest(await callBlockTag(reads, block));
  if (args === null) throw nullPointer();
  const input: CallInput = {
    owner: tronAddress(args.from),
    contract: tronAddress(args.to),
    callValue: quantityValue(args.value),
    data: fromHexString(args.data),
  };
  let outcome;
  try {
    outcome = await reads.constantCall(input);
  } catch (error) {
    if (error instanceof ContractRejected) throw invalidRequest(error.message);
    throw internalOf(error, JSON_ERROR);
  }
  if (outcome.kind === 'exception') throw internalError(outcome.message.replace(/"/g, "'"));
  if (outcome.kind === 'failed') throw failedCallError(outcome.message, outcome.returnData);
  return toJsonHex(outcome.returnData);
}

type CallKind = 'CreateSmartContract' | 'TriggerSmartContract' | 'TransferContract';

/** CallArguments.getContractType. */
function callKindOf(reads: NodeReads, args: CallArguments): CallKind {
  if (isUnsetData(args.from)) throw invalidRequest(JSON_ERROR);
  if (isUnsetData(args.to)) {
    if (isUnsetData(args.data)) throw invalidRequest(JSON_ERROR);
    return 'CreateSmartContract';
  }
  if (reads.contractAccountExists(tronAddress(args.to))) return 'TriggerSmartContract';
  if (args.value !== null && args.value !== '') return 'TransferContract';
  throw invalidRequest('invalid json request: invalid value');
}

export async function estimateGas(reads: NodeReads, args: CallArguments | null): Promise<string> {
  if (args === null) throw nullPointer();
  const owner = tronAddress(args.from);
  const kind = callKindOf(reads, args);
  if (kind === 'TransferContract') {
    // buildTransferContractTransaction: the transfer is validated as a builder would, then costs no energy.
    const amount = quantityValue(args.value);
    const transfer = protocol.TransferContract.encode({
      owner_address: owner,
      to_address: tronAddress(args.to),
      amount: bigintToLong(amount),
    }).finish();
    try {
      reads.validateSystemContract('TransferContract', transfer);
    } catch (error) {
      if (error instanceof ContractRejected) throw invalidRequest(error.message);
      throw internalError(error instanceof Error ? error.message : null);
    }
    return '0x0';
  }
  const estimating = reads.estimateEnabled();
  let outcome: CallOutcome | EstimateOutcome;
  try {
    const input: CallInput = {
      owner,
      contract: kind === 'TriggerSmartContract' ? tronAddress(args.to) : undefined,
      callValue: quantityValue(args.value),
      data: fromHexString(args.data),
    };
    // Wallet.estimateEnergy when vm.estimateEnergy is on, otherwise one constant call's energy_used.
    outcome = estimating ? await reads.estimateEnergy(input) : await reads.constantCall(input);
  } catch (error) {
    if (error instanceof ContractRejected) throw invalidRequest(error.message || 'invalid contract');
    throw internalOf(error, JSON_ERROR);
  }
  switch (outcome.kind) {
    case 'exception':
      throw internalError(outcome.message.replace(/"/g, "'"));
    case 'failed':
      throw failedCallError(outcome.message, outcome.returnData);
    default:
      return quantity('energyRequired' in outcome ? outcome.energyRequired : outcome.energyUsed);
  }
}
