import { utf8ToBytes } from '../../../src-core/bytes/utf8';
import { parseJsonLossless } from '../../../src-core/json/lossless';
import { jsonToMessage } from '../../../src-core/proto/json-codec';
import { bigintToLong, protocol } from '../../../src-core/proto/runtime';
import type { ContractTypeName } from '../../../src-core/tx/contract-types';
import { isUnsetData, isUnsetQuantity, quantityValue, tronAddress } from './arguments';
import { CALL_ARGUMENT_FIELDS } from './calls';
import type { CallArguments } from './calls';
import {
  ContractRejected,
  internalError,
  invalidRequest,
  JsonRpcFailure,
  JavaRuntimeFailure,
  nullPointer,
} from './errors';
import { fromHexString } from './java-hex';
import type { JsonOut } from './json';
import type { NodeReads, UnsignedTransaction } from './node-reads';
import { intParam, longParam, pojoParam, primitiveBoolean, stringParam } from './params';

/**
 * `buildTransaction` (TronJsonRpcImpl.buildTransaction, BuildArguments): an unsigned
 * CreateSmartContract, TriggerSmartContract, TransferContract or TransferAssetContract from
 * Ethereum-style arguments, answered as `{"transaction": …}` in java-tron's transaction JSON.
 * `gas` is energy: fee_limit = gas × energy price.
 */
export type BuildArguments = CallArguments & {
  readonly tokenId: bigint | null;
  readonly tokenValue: bigint | null;
  readonly abi: string | null;
  readonly consumeUserResourcePercent: bigint | null;
  readonly originEnergyLimit: bigint | null;
  readonly name: string | null;
  readonly permissionId: bigint | null;
  readonly extraData: string | null;
  readonly visible: boolean;
};

export const buildArgumentsParam = pojoParam<BuildArguments>(
  'org.tron.core.services.jsonrpc.types.BuildArguments',
  {
    ...CALL_ARGUMENT_FIELDS,
    tokenId: longParam,
    tokenValue: longParam,
    abi: stringParam,
    consumeUserResourcePercent: longParam,
    originEnergyLimit: longParam,
    name: stringParam,
    permissionId: intParam,
    extraData: stringParam,
    visible: primitiveBoolean,
  },
  {
    from: null,
    to: null,
    gas: '0x0',
    gasPrice: '',
    value: null,
    data: null,
    nonce: '',
    tokenId: 0n,
    tokenValue: 0n,
    abi: '',
    consumeUserResourcePercent: 0n,
    originEnergyLimit: 0n,
    name: '',
    permissionId: 0n,
    extraData: '',
    visible: false,
  },
);

const JSON_ERROR = 'invalid json request';

/** A boxed Long/Integer read where Java unboxes it. */
function unboxed(value: bigint | null): bigint {
  if (value === null) throw nullPointer();
  return value;
}

const isNotEmpty = (text: string | null): text is string => text !== null && text.length > 0;

type BuildKind = 'CreateSmartContract' | 'TriggerSmartContract' | 'TransferContract' | 'TransferAssetContract';

/** BuildArguments.getContractType. */
function buildKindOf(reads: NodeReads, args: BuildArguments): BuildKind {
  if (isUnsetData(args.to)) {
    if (isUnsetData(args.data)) throw invalidRequest(JSON_ERROR);
    return 'CreateSmartContract';
  }
  if (reads.contractAccountExists(tronAddress(args.to))) return 'TriggerSmartContract';
  // tokenId and tokenValue: TRC-10; value: TRX.
  if (unboxed(args.tokenId) > 0n && unboxed(args.tokenValue) > 0n && isUnsetQuantity(args.value))
    return 'TransferAssetContract';
  if (isNotEmpty(args.value)) return 'TransferContract';
  throw invalidRequest(JSON_ERROR);
}

export async function buildTransaction(
  reads: NodeReads,
  args: BuildArguments | null,
): Promise<{ transaction: JsonOut } | null> {
  if (args === null) throw nullPointer();
  let from: Uint8Array;
  try {
    from = tronAddress(args.from);
  } catch {
    throw invalidRequest(JSON_ERROR);
  }
  switch (buildKindOf(reads, args)) {
    case 'CreateSmartContract':
      return { transaction: await createSmartContract(reads, from, args) };
    case 'TriggerSmartContract':
      return { transaction: await triggerSmartContract(reads, from, args) };
    case 'TransferContract': {
      const amount = quantityValue(args.value);
      const parameter = protocol.TransferContract.encode({
        owner_address: from,
        to_address: tronAddress(args.to),
        amount: bigintToLong(amount),
      }).finish();
      return { transaction: await systemContract(reads, 'TransferContract', parameter, args) };
    }
    case 'TransferAssetContract': {
      const parameter = protocol.TransferAssetContract.encode({
        asset_name: utf8ToBytes(String(args.tokenId)),
        owner_address: from,
        to_address: tronAddress(args.to),
        amount: bigintToLong(unboxed(args.tokenValue)),
      }).finish();
      return { transaction: await systemContract(reads, 'TransferAssetContract', parameter, args) };
    }
  }
}

/** What java-tron makes of an exception a builder did not expect: its message (null when it has none). */
function messageOf(error: unknown): string | null {
  if (error instanceof JsonRpcFailure || error instanceof JavaRuntimeFailure) return error.javaMessage;
  return error instanceof Error ? error.message : null;
}

/** feeLimit = gas × energy price, Java long arithmetic. */
function feeLimitOf(reads: NodeReads, args: BuildArguments): bigint {
  return BigInt.asIntN(64, quantityValue(args.gas) * reads.energyFee());
}

function permissionIdOf(args: BuildArguments): number {
  return Number(unboxed(args.permissionId));
}

async function createSmartContract(reads: NodeReads, from: Uint8Array, args: BuildArguments): Promise<JsonOut> {
  try {
    const callTokenValue = bigintToLong(unboxed(args.tokenValue));
    const tokenId = bigintToLong(unboxed(args.tokenId));
    const abi = isNotEmpty(args.abi)
      ? jsonToMessage(
          'protocol.SmartContract.ABI',
          parseJsonLossless(`{"entrys":${args.abi}}`) as Record<string, unknown>,
          { visible: args.visible, hexMode: 'java-tron' },
        )
      : {};
    const newContract: protocol.SmartContract.$Properties = {
      abi: abi as protocol.SmartContract.ABI.$Properties,
      call_value: bigintToLong(quantityValue(args.value)),
      consume_user_resource_percent: bigintToLong(unboxed(args.consumeUserResourcePercent)),
      origin_energy_limit: bigintToLong(unboxed(args.originEnergyLimit)),
      origin_address: from,
      bytecode: fromHexString(args.data),
      ...(isNotEmpty(args.name) ? { name: args.name } : {}),
    };
    const parameter = protocol.CreateSmartContract.encode({
      owner_address: from,
      call_token_value: callTokenValue,
      token_id: tokenId,
      new_contract: newContract,
    }).finish();
    const tx = await reads.build('CreateSmartContract', parameter, {
      feeLimit: feeLimitOf(reads, args),
      permissionId: permissionIdOf(args),
    });
    // Util.printCreateTransaction(tx, false): a deploy is always printed with hex addresses.
    return tx.createJson(false);
  } catch (error) {
    if (error instanceof JsonRpcFailure && error.kind === 'invalidParams') throw error;
    if (error instanceof ContractRejected) throw invalidRequest(error.message);
    throw internalError(messageOf(error));
  }
}

async function triggerSmartContract(reads: NodeReads, from: Uint8Array, args: BuildArguments): Promise<JsonOut> {
  const contract = tronAddress(args.to);
  let tx: UnsignedTransaction;
  let ret: 'SUCESS' | 'FAILED' | undefined;
  try {
    const data = isNotEmpty(args.data) ? fromHexString(args.data) : new Uint8Array();
    const parameter = protocol.TriggerSmartContract.encode({
      owner_address: from,
      contract_address: contract,
      data,
      call_token_value: bigintToLong(unboxed(args.tokenValue)),
      token_id: bigintToLong(unboxed(args.tokenId)),
      call_value: bigintToLong(quantityValue(args.value)),
    }).finish();
    tx = await reads.build('TriggerSmartContract', parameter, {
      feeLimit: feeLimitOf(reads, args),
      permissionId: permissionIdOf(args),
    });
    // Wallet.triggerContract: view and pure functions are executed right away.
    if (!reads.isContract(contract)) throw new ContractRejected('No contract or not a valid smart contract');
    if (reads.isConstantCall(contract, data)) {
      const outcome = await reads.constantCall({
        owner: from,
        contract,
        data,
        callValue: quantityValue(args.value),
        feeLimit: feeLimitOf(reads, args),
      });
      if (outcome.kind === 'exception') throw new Error(outcome.message);
      ret = outcome.kind === 'success' ? 'SUCESS' : 'FAILED';
    }
  } catch (error) {
    if (error instanceof JsonRpcFailure && error.kind === 'invalidParams') throw error;
    if (error instanceof ContractRejected) throw invalidRequest(error.message);
    const message = messageOf(error);
    throw internalError(message === null ? JSON_ERROR : message.replace(/"/g, "'"));
  }
  return tx.printJson(args.visible, ret);
}

/** createTransactionJson: validated like a /wallet builder, with Permission_id and extra data. */
async function systemContract(
  reads: NodeReads,
  type: ContractTypeName & ('TransferContract' | 'TransferAssetContract'),
  parameter: Uint8Array,
  args: BuildArguments,
): Promise<JsonOut> {
  try {
    reads.validateSystemContract(type, parameter);
    const extra = args.extraData ?? '';
    const extraData = extra.length === 0 ? undefined : args.visible ? utf8ToBytes(extra) : fromHexString(extra);
    const tx = await reads.build(type, parameter, { permissionId: permissionIdOf(args), extraData });
    return tx.createJson(args.visible);
  } catch (error) {
    if (error instanceof ContractRejected) throw invalidRequest(error.message);
    throw internalError(messageOf(error));
  }
}
