import type { HexAddress } from '../../../src-core/brand';
import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';
import { addressFromPrivateKey } from '../../../src-core/keys/keys';
import { bigintToLong, longToBigint, protocol } from '../../../src-core/proto/runtime';
import { CONTRACT_TYPE_IDS, typeUrlOf } from '../../../src-core/tx/contract-types';
import type { ContractTypeName } from '../../../src-core/tx/contract-types';
import { ContractValidateError, VmValidationError } from '../errors';
import { parseTransaction, parseRawTransaction } from '../model/tx';
import type { ParsedTransaction } from '../model/tx';
import { constantCall, estimateCall } from '../vm-host/constant-calls';
import type { ConstantCall } from '../vm-host/constant-calls';
import { isConstantFunction } from '../http/handlers/contracts';
import { abiKey, codeKey, contractKey, storageKey } from '../vm-host/contract-records';
import type { AbiMessage } from '../vm-host/contract-records';
import type { ContractRuntime } from '../vm-host/runtime';
import { splitBlock, transactionJson } from '../http/format';
import { unsignedJson, unsignedTransaction } from '../http/handlers/transactions';
import type { NodeServices } from '../http/services';
import type { VmExecutionResult } from '../vm/requests';
import { ContractRejected } from './errors';
import type { JsonOut } from './json';
import { energyPriceAt } from '../governance/price-history';
import { allAssets } from '../trc10/assets';
import type { AssetRecord } from '../trc10/assets';

/**
 * The one place the JSON-RPC endpoint touches the node: blocks, transactions and their infos,
 * accounts, contract code and storage rows as the TVM sees them, constant calls, energy estimates
 * and unsigned transactions. Everything else in `jsonrpc/` works on the shapes declared here, so a
 * change inside the node is absorbed in this file.
 *
 * State reads use the pending state the `/wallet` reads use (java-tron's stores include the
 * transactions applied to the pending session).
 */
export interface BlockRecord {
  readonly number: number;
  /** blockID: the number in the first 8 bytes, then sha256(raw header) (java-tron BlockId). */
  readonly id: Uint8Array;
  readonly parentHash: Uint8Array;
  /** Milliseconds. */
  readonly timestamp: number;
  /** 21-byte producer address; empty for the genesis block. */
  readonly witnessAddress: Uint8Array;
  readonly txTrieRoot: Uint8Array;
  readonly accountStateRoot: Uint8Array;
  readonly version: number;
  /** Serialized size of the whole block (Block.getSerializedSize). */
  readonly size: number;
  readonly transactions: readonly TransactionRecord[];
}

export interface TransactionRecord {
  readonly id: Uint8Array;
  readonly feeLimit: bigint;
  readonly signatures: readonly Uint8Array[];
  /** The first contract of raw_data; undefined when there is none. */
  readonly contract: ContractRecord | undefined;
}

export interface ContractRecord {
  readonly type: ContractTypeName | undefined;
  /** owner_address of the parameter; empty when it cannot be unpacked. */
  readonly owner: Uint8Array;
  /**
   * The parameter as the generated protobuf message of `type` (`protocol.TransferContract`, …),
   * undefined when the type_url does not name that type (java-tron's `Any.unpack` fails).
   */
  readonly parameter: unknown;
}

/** A call run like java-tron's constant calls: on the head block, never changing state. */
export interface CallInput {
  /** 21-byte caller. */
  readonly owner: Uint8Array;
  /** 21-byte contract; undefined = a simulated deploy of `data` (percent 100, origin_energy_limit 1). */
  readonly contract: Uint8Array | undefined;
  readonly data: Uint8Array;
  readonly callValue: bigint;
  /** Caps the energy at feeLimit / energy price when positive (the fee_limit of a built trigger). */
  readonly feeLimit?: bigint;
}

export type CallOutcome =
  | { readonly kind: 'success'; readonly returnData: Uint8Array; readonly energyUsed: bigint }
  /** Transaction result FAILED: REVERT ("REVERT opcode executed") or a runtime error the call reports. */
  | { readonly kind: 'failed'; readonly message: string; readonly returnData: Uint8Array }
  /** A TVM exception: java-tron throws it out of a constant call that is not an estimate. */
  | { readonly kind: 'exception'; readonly message: string };

export type EstimateOutcome =
  | { readonly kind: 'success'; readonly energyRequired: bigint }
  | { readonly kind: 'failed'; readonly message: string; readonly returnData: Uint8Array };

/** A transaction built as java-tron's builders build it (reference block, expiration, timestamp). */
export interface UnsignedTransaction {
  readonly id: Uint8Array;
  /** Util.printCreateTransaction: visible, txID, raw_data, raw_data_hex (+ contract_address of a deploy). */
  createJson(visible: boolean): JsonOut;
  /** Util.printTransaction; `ret` when a constant call ran while building (Wallet.triggerContract). */
  printJson(visible: boolean, ret?: 'SUCESS' | 'FAILED'): JsonOut;
}

export interface BuildOptions {
  readonly feeLimit?: bigint;
  readonly permissionId?: number;
  readonly extraData?: Uint8Array;
}

export type SystemContractType = 'TransferContract' | 'TransferAssetContract';

export interface NodeReads {
  headNumber(): number;
  solidNumber(): number;
  genesisBlockId(): Uint8Array;
  block(number: number): Promise<BlockRecord | undefined>;
  blockNumberOfId(id: Uint8Array): Promise<number | undefined>;
  /** Number of the block holding a packed transaction. */
  transactionBlockNumber(id: Uint8Array): Promise<number | undefined>;
  transactionInfo(id: Uint8Array): Promise<protocol.TransactionInfo | undefined>;
  /** The energy price now (Wallet.getEnergyFee); at a block's time when given (Wallet.getEnergyFee(timestamp)). */
  energyFee(timestamp?: number): bigint;
  /** TRX balance in sun; undefined when the account does not exist. */
  balance(address: Uint8Array): bigint | undefined;
  /** Wallet.getAssetIssueByAccount: the TRC-10 tokens `owner` issued. */
  assetsIssuedBy(owner: Uint8Array): readonly AssetRecord[];
  /** ContractStore holds a contract at `address`. */
  isContract(address: Uint8Array): boolean;
  /** Wallet.getContract: the account and its contract exist. */
  contractAccountExists(address: Uint8Array): boolean;
  /** CodeStore: runtime code (empty when none). */
  runtimeCode(address: Uint8Array): Uint8Array;
  /** The 32-byte storage row `key` of a contract; undefined when the row does not exist. */
  storageWord(address: Uint8Array, key: Uint8Array): Uint8Array | undefined;
  /** Wallet.getCoinbase: the first local witness key whose address is a witness (21 bytes). */
  coinbase(): Uint8Array | undefined;
  /** Wallet.isMining: a local witness key is an active representative's. */
  mining(): boolean;
  estimateEnabled(): boolean;
  constantCall(input: CallInput): Promise<CallOutcome>;
  estimateEnergy(input: CallInput): Promise<EstimateOutcome>;
  /** The contract's ABI names `data`'s selector as view, pure or constant (Wallet.isConstant). */
  isConstantCall(contract: Uint8Array, data: Uint8Array): boolean;
  /** java-tron's builder check (Wallet.createTransactionCapsule → actuator.validate); throws ContractRejected. */
  validateSystemContract(type: SystemContractType, parameter: Uint8Array): void;
  build(type: ContractTypeName, parameter: Uint8Array, options?: BuildOptions): Promise<UnsignedTransaction>;
}

export function nodeReads(services: NodeServices, runtime: ContractRuntime): NodeReads {
  const chain = services.chain;
  const view = () => services.pool.view;
  const hexAddress = (bytes: Uint8Array): HexAddress => bytesToHex(bytes) as string as HexAddress;

  const build = async (
    type: ContractTypeName,
    parameter: Uint8Array,
    options: BuildOptions = {},
  ): Promise<UnsignedTransaction> => {
    const tx = await unsignedTransaction(services, type, parameter, {
      feeLimit: options.feeLimit,
      permissionId: options.permissionId,
      data: options.extraData,
    });
    return unsignedOf(tx);
  };

  const callOf = async (input: CallInput): Promise<ConstantCall> => {
    const owner = hexAddress(input.owner);
    if (input.contract === undefined) {
      // Wallet.triggerConstantContract: a deploy with percent 100 and origin_energy_limit 1.
      const deploy = protocol.CreateSmartContract.encode({
        owner_address: input.owner,
        new_contract: {
          origin_address: input.owner,
          bytecode: input.data,
          call_value: bigintToLong(input.callValue),
          consume_user_resource_percent: bigintToLong(100n),
          origin_energy_limit: bigintToLong(1n),
        },
      }).finish();
      const tx = await build('CreateSmartContract', deploy);
      return { owner, data: input.data, callValue: input.callValue, tokenValue: 0n, tokenId: 0n, txId: tx.id };
    }
    const contract = hexAddress(input.contract);
    if (view().getExt(contractKey(contract)) === undefined) throw new ContractRejected('Smart contract is not exist.');
    const trigger = protocol.TriggerSmartContract.encode({
      owner_address: input.owner,
      contract_address: input.contract,
      data: input.data,
      call_value: bigintToLong(input.callValue),
    }).finish();
    const tx = await build('TriggerSmartContract', trigger);
    return {
      owner,
      contractAddress: contract,
      data: input.data,
      callValue: input.callValue,
      tokenValue: 0n,
      tokenId: 0n,
      txId: tx.id,
      ...(input.feeLimit ? { feeLimit: input.feeLimit } : {}),
    };
  };

  return {
    headNumber: () => chain.props.headNumber,
    solidNumber: () => chain.props.solidNumber,
    genesisBlockId: () => chain.genesisId,

    async block(number) {
      if (!Number.isSafeInteger(number)) return undefined;
      const bytes = await chain.blockBytes(number);
      return bytes ? blockRecordOf(bytes, hexToBytes(await chain.blockIdHex(number))) : undefined;
    },

    blockNumberOfId: (id) => chain.blockNumberOfId(bytesToHex(id)),

    async transactionBlockNumber(id) {
      return (await chain.transaction(bytesToHex(id)))?.blockNumber;
    },

    async transactionInfo(id) {
      const bytes = await chain.transactionInfo(bytesToHex(id));
      return bytes ? protocol.TransactionInfo.decode(bytes) : undefined;
    },

    energyFee: (timestamp?: number) =>
      timestamp === undefined ? chain.props.parameters.getEnergyFee : energyPriceAt(chain.props, timestamp),
    balance: (address) => view().getAccount(bytesToHex(address))?.balance,
    assetsIssuedBy: (owner) => {
      const ownerHex = bytesToHex(owner);
      return allAssets(view()).filter((asset) => asset.ownerHex === ownerHex);
    },
    isContract: (address) => view().getExt(contractKey(bytesToHex(address))) !== undefined,
    contractAccountExists: (address) =>
      view().getAccount(bytesToHex(address)) !== undefined &&
      view().getExt(contractKey(bytesToHex(address))) !== undefined,
    runtimeCode: (address) =>
      (view().getExt(codeKey(bytesToHex(address))) as Uint8Array | undefined) ?? new Uint8Array(),
    storageWord: (address, key) =>
      view().getExt(storageKey(bytesToHex(address), bytesToHex(key))) as Uint8Array | undefined,

    coinbase() {
      const address = localWitnessAddresses(services).find((hex) => view().getWitness(hex) !== undefined);
      return address === undefined ? undefined : hexToBytes(address);
    },

    mining() {
      const active = new Set(chain.props.activeWitnesses);
      return localWitnessAddresses(services).some((hex) => active.has(hex));
    },

    estimateEnabled: () => runtime.settings.estimateEnergy,

    async constantCall(input) {
      const call = await callOf(input);
      const result = await rejecting(() => constantCall(runtime, call));
      if (result.exceptionClass !== undefined) return { kind: 'exception', message: result.resMessage };
      if (result.result !== 'SUCCESS') return failedOf(result);
      return { kind: 'success', returnData: result.returnData, energyUsed: result.energyUsed };
    },

    async estimateEnergy(input) {
      const call = await callOf(input);
      const estimate = await rejecting(() => estimateCall(runtime, call));
      return estimate.ok ? { kind: 'success', energyRequired: estimate.energyRequired } : failedOf(estimate.execution);
    },

    isConstantCall(contract, data) {
      return isConstantFunction(view().getExt(abiKey(bytesToHex(contract))) as AbiMessage | undefined, data);
    },

    validateSystemContract(type, parameter) {
      const probe = parseRawTransaction(
        { contract: [{ type: CONTRACT_TYPE_IDS[type], parameter: { type_url: typeUrlOf(type), value: parameter } }] },
        [],
      );
      try {
        chain.actuators
          .get(CONTRACT_TYPE_IDS[type])
          ?.validate(probe.contract!, { view: view(), headTimestamp: chain.props.headTimestamp, building: true });
      } catch (error) {
        throw error instanceof ContractValidateError ? new ContractRejected(error.message) : error;
      }
    },

    build,
  };
}

/** The node's refusals before execution become ContractRejected (java-tron ContractValidateException). */
async function rejecting<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof VmValidationError || error instanceof ContractValidateError)
      throw new ContractRejected(error.message);
    throw error;
  }
}

function failedOf(result: VmExecutionResult): { kind: 'failed'; message: string; returnData: Uint8Array } {
  return { kind: 'failed', message: result.resMessage || 'REVERT opcode executed', returnData: result.returnData };
}

/**
 * java-tron's `Args.getLocalWitnesses()`: the configured localwitness keys, then the keys this node
 * holds for the genesis representatives (it signs their blocks), as addresses.
 */
function localWitnessAddresses(services: NodeServices): string[] {
  const configured = services.config.localWitness.map((key) => addressFromPrivateKey(hexToBytes(key)) as string);
  return [...configured, ...services.chain.props.genesisWitnesses];
}

function blockRecordOf(bytes: Uint8Array, id: Uint8Array): BlockRecord {
  const { transactions, header } = splitBlock(bytes);
  const raw = protocol.BlockHeader.decode(header).raw_data;
  return {
    number: Number(longToBigint(raw?.number)),
    id,
    parentHash: raw?.parentHash ?? new Uint8Array(),
    timestamp: Number(longToBigint(raw?.timestamp)),
    witnessAddress: raw?.witness_address ?? new Uint8Array(),
    txTrieRoot: raw?.txTrieRoot ?? new Uint8Array(),
    accountStateRoot: raw?.accountStateRoot ?? new Uint8Array(),
    version: raw?.version ?? 0,
    size: bytes.length,
    transactions: transactions.map((t) => transactionRecordOf(parseTransaction(t))),
  };
}

function transactionRecordOf(tx: ParsedTransaction): TransactionRecord {
  const contract = tx.contract;
  return {
    id: tx.id,
    feeLimit: longToBigint(tx.raw.fee_limit as never),
    signatures: tx.signatures,
    contract: contract && {
      type: contract.typeName as ContractTypeName | undefined,
      owner: contract.owner,
      parameter: contract.message,
    },
  };
}

function unsignedOf(tx: ParsedTransaction): UnsignedTransaction {
  return {
    id: tx.id,
    createJson: (visible) => unsignedJson(tx, visible) as JsonOut,
    printJson(visible, ret) {
      const results =
        ret === undefined ? [] : [ret === 'FAILED' ? { ret: protocol.Transaction.Result.code.FAILED } : {}];
      const bytes = protocol.Transaction.encode({
        raw_data: tx.raw as protocol.Transaction.Iraw,
        ret: results,
      }).finish();
      return transactionJson(bytes, visible) as JsonOut;
    },
  };
}
