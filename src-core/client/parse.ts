import { sha256 } from '@noble/hashes/sha2.js';
import type { Hex, HexAddress, TxId } from '../brand';
import { bytesToHex, hexToBytes, isHex } from '../bytes/hex';
import type { TransactionJson, UnsignedTransactionJson } from '../tx/types';
import type { JsonObject } from './read';
import {
  address,
  addressOf,
  asObject,
  badResponse,
  big,
  bool,
  child,
  decodeHexText,
  int,
  isEmptyObject,
  list,
  objects,
  optionalAddress,
  str,
  strings,
} from './read';
import type {
  AbiEntryJson,
  Account,
  AccountNet,
  AccountResource,
  AssetIssue,
  Block,
  ContractInfo,
  DelegatedResource,
  DelegatedResourceAccountIndex,
  InternalTransaction,
  NodeInfo,
  Permission,
  PermissionTypeName,
  PriceStep,
  ResourceCode,
  SmartContract,
  TransactionInfo,
  Witness,
} from './types';

/**
 * Turns java-tron JSON into the client's typed objects, filling in omitted defaults
 * (java-tron JsonFormat omits proto3 defaults; Util.printBlockToJSON, Util.printTransactionToJSON). Every function
 * takes the endpoint name for its errors.
 */

const HEX64 = /^[0-9a-fA-F]{64}$/;

/** A transaction as the node prints it (Util.printTransactionToJSON): txID, raw_data and raw_data_hex must be there. */
export function transaction(value: unknown, endpoint: string, what = 'the transaction'): TransactionJson {
  const tx = asObject(value, endpoint, what);
  if (typeof tx.txID !== 'string' || !HEX64.test(tx.txID)) throw badResponse(endpoint, `${what} has no valid txID`);
  const raw = asObject(tx.raw_data, endpoint, `${what}'s raw_data`);
  if (!Array.isArray(raw.contract)) throw badResponse(endpoint, `${what}'s raw_data has no contract list`);
  if (typeof tx.raw_data_hex !== 'string' || !isHex(tx.raw_data_hex))
    throw badResponse(endpoint, `${what} has no valid raw_data_hex`);
  return tx as unknown as TransactionJson;
}

/**
 * A freshly built transaction. Its txID must be sha256(raw_data_hex) (TransactionCapsule.getTransactionId); a node that
 * breaks that would make us sign one thing and show another. (JSON ⇄ hex agreement is the tx codec's job.)
 */
export function builtTransaction(value: unknown, endpoint: string): UnsignedTransactionJson {
  const tx = transaction(value, endpoint);
  const digest = bytesToHex(sha256(hexToBytes(tx.raw_data_hex)));
  if (digest !== tx.txID.toLowerCase()) throw badResponse(endpoint, 'the txID is not the SHA-256 of raw_data_hex');
  if (tx.signature !== undefined && (!Array.isArray(tx.signature) || tx.signature.length > 0)) {
    throw badResponse(endpoint, 'a new transaction already carries signatures');
  }
  return tx;
}

export function hexList(o: JsonObject, key: string, endpoint: string): Hex[] {
  return strings(o, key, endpoint).map((item) => {
    if (!isHex(item)) throw badResponse(endpoint, `an entry of "${key}" is not hex`);
    return item.toLowerCase() as Hex;
  });
}

const PERMISSION_TYPES: readonly PermissionTypeName[] = ['Owner', 'Witness', 'Active'];

function permissionType(value: unknown, endpoint: string): PermissionTypeName {
  if (value === undefined || value === null) return 'Owner';
  if (typeof value === 'number' && PERMISSION_TYPES[value] !== undefined) return PERMISSION_TYPES[value];
  if (typeof value === 'string' && (PERMISSION_TYPES as readonly string[]).includes(value))
    return value as PermissionTypeName;
  throw badResponse(endpoint, 'a permission has an unknown type');
}

export function permission(value: unknown, endpoint: string): Permission {
  const p = asObject(value, endpoint, 'a permission');
  return {
    type: permissionType(p.type, endpoint),
    id: int(p, 'id', endpoint),
    permission_name: str(p, 'permission_name', endpoint),
    threshold: big(p, 'threshold', endpoint),
    parent_id: int(p, 'parent_id', endpoint),
    operations: str(p, 'operations', endpoint).toLowerCase(),
    keys: objects(p, 'keys', endpoint).map((k) => ({
      address: address(k, 'address', endpoint),
      weight: big(k, 'weight', endpoint),
    })),
  };
}

const RESOURCE_CODES: readonly ResourceCode[] = ['BANDWIDTH', 'ENERGY', 'TRON_POWER'];

function resource(value: unknown, endpoint: string): ResourceCode {
  if (value === undefined || value === null) return 'BANDWIDTH';
  if (typeof value === 'number' && RESOURCE_CODES[value] !== undefined) return RESOURCE_CODES[value];
  if (typeof value === 'string' && (RESOURCE_CODES as readonly string[]).includes(value)) return value as ResourceCode;
  throw badResponse(endpoint, 'a resource type is unknown');
}

function keyValues(o: JsonObject, key: string, endpoint: string): Array<{ key: string; value: bigint }> {
  return objects(o, key, endpoint).map((entry) => ({
    key: str(entry, 'key', endpoint),
    value: big(entry, 'value', endpoint),
  }));
}

const ACCOUNT_TYPES = ['Normal', 'AssetIssue', 'Contract'] as const;

export function account(value: unknown, endpoint: string): Account | null {
  if (isEmptyObject(value)) return null;
  const a = asObject(value, endpoint);
  const own = address(a, 'address', endpoint);
  const type = a.type === undefined ? 'Normal' : ACCOUNT_TYPES.find((t, i) => t === a.type || i === a.type);
  if (type === undefined) throw badResponse(endpoint, 'the account type is unknown');
  const res = child(a, 'account_resource', endpoint);
  return {
    address: own,
    balance: big(a, 'balance', endpoint),
    type,
    account_name: decodeHexText(str(a, 'account_name', endpoint)),
    create_time: int(a, 'create_time', endpoint),
    latest_opration_time: int(a, 'latest_opration_time', endpoint),
    net_usage: int(a, 'net_usage', endpoint),
    free_net_usage: int(a, 'free_net_usage', endpoint),
    latest_consume_time: int(a, 'latest_consume_time', endpoint),
    latest_consume_free_time: int(a, 'latest_consume_free_time', endpoint),
    net_window_size: int(a, 'net_window_size', endpoint),
    net_window_optimized: bool(a, 'net_window_optimized', endpoint),
    allowance: big(a, 'allowance', endpoint),
    latest_withdraw_time: int(a, 'latest_withdraw_time', endpoint),
    is_witness: bool(a, 'is_witness', endpoint),
    // An account without an owner permission is controlled by its own address (threshold 1, one key
    // of weight 1), as AccountCapsule.createDefaultOwnerPermission builds it.
    owner_permission:
      a.owner_permission === undefined
        ? {
            type: 'Owner',
            id: 0,
            permission_name: 'owner',
            threshold: 1n,
            parent_id: 0,
            operations: '',
            keys: [{ address: own, weight: 1n }],
          }
        : permission(a.owner_permission, endpoint),
    witness_permission: a.witness_permission === undefined ? undefined : permission(a.witness_permission, endpoint),
    active_permission: list(a, 'active_permission', endpoint).map((p) => permission(p, endpoint)),
    frozenV2: objects(a, 'frozenV2', endpoint).map((f) => ({
      type: resource(f.type, endpoint),
      amount: big(f, 'amount', endpoint),
    })),
    unfrozenV2: objects(a, 'unfrozenV2', endpoint).map((u) => ({
      type: resource(u.type, endpoint),
      unfreeze_amount: big(u, 'unfreeze_amount', endpoint),
      unfreeze_expire_time: int(u, 'unfreeze_expire_time', endpoint),
    })),
    delegated_frozenV2_balance_for_bandwidth: big(a, 'delegated_frozenV2_balance_for_bandwidth', endpoint),
    acquired_delegated_frozenV2_balance_for_bandwidth: big(
      a,
      'acquired_delegated_frozenV2_balance_for_bandwidth',
      endpoint,
    ),
    account_resource: {
      energy_usage: int(res, 'energy_usage', endpoint),
      latest_consume_time_for_energy: int(res, 'latest_consume_time_for_energy', endpoint),
      energy_window_size: int(res, 'energy_window_size', endpoint),
      energy_window_optimized: bool(res, 'energy_window_optimized', endpoint),
      delegated_frozenV2_balance_for_energy: big(res, 'delegated_frozenV2_balance_for_energy', endpoint),
      acquired_delegated_frozenV2_balance_for_energy: big(
        res,
        'acquired_delegated_frozenV2_balance_for_energy',
        endpoint,
      ),
    },
    votes: objects(a, 'votes', endpoint).map((v) => ({
      vote_address: address(v, 'vote_address', endpoint),
      vote_count: big(v, 'vote_count', endpoint),
    })),
    assetV2: keyValues(a, 'assetV2', endpoint),
    asset_issued_ID: str(a, 'asset_issued_ID', endpoint),
    raw: a,
  };
}

function numberMap(o: JsonObject, key: string, endpoint: string): Array<{ key: string; value: number }> {
  return objects(o, key, endpoint).map((entry) => ({
    key: str(entry, 'key', endpoint),
    value: int(entry, 'value', endpoint),
  }));
}

export function accountNet(value: unknown, endpoint: string): AccountNet | null {
  if (isEmptyObject(value)) return null;
  const r = asObject(value, endpoint);
  return {
    freeNetUsed: int(r, 'freeNetUsed', endpoint),
    freeNetLimit: int(r, 'freeNetLimit', endpoint),
    NetUsed: int(r, 'NetUsed', endpoint),
    NetLimit: int(r, 'NetLimit', endpoint),
    TotalNetLimit: int(r, 'TotalNetLimit', endpoint),
    TotalNetWeight: int(r, 'TotalNetWeight', endpoint),
    assetNetUsed: numberMap(r, 'assetNetUsed', endpoint),
    assetNetLimit: numberMap(r, 'assetNetLimit', endpoint),
  };
}

export function accountResource(value: unknown, endpoint: string): AccountResource | null {
  const net = accountNet(value, endpoint);
  if (net === null) return null;
  const r = asObject(value, endpoint);
  return {
    ...net,
    TotalTronPowerWeight: int(r, 'TotalTronPowerWeight', endpoint),
    tronPowerUsed: int(r, 'tronPowerUsed', endpoint),
    tronPowerLimit: int(r, 'tronPowerLimit', endpoint),
    EnergyUsed: int(r, 'EnergyUsed', endpoint),
    EnergyLimit: int(r, 'EnergyLimit', endpoint),
    TotalEnergyLimit: int(r, 'TotalEnergyLimit', endpoint),
    TotalEnergyWeight: int(r, 'TotalEnergyWeight', endpoint),
  };
}

export function internalTransaction(value: unknown, endpoint: string): InternalTransaction {
  const t = asObject(value, endpoint, 'an internal transaction');
  // callValueInfo may be an empty object or an empty list when nothing moves.
  const info = t.callValueInfo;
  const infos = Array.isArray(info) ? info : info === undefined || info === null ? [] : [info];
  return {
    hash: str(t, 'hash', endpoint),
    caller_address: address(t, 'caller_address', endpoint),
    transferTo_address: optionalAddress(t, 'transferTo_address', endpoint),
    callValueInfo: infos.map((item) => {
      const v = asObject(item, endpoint, 'a callValueInfo entry');
      return { callValue: big(v, 'callValue', endpoint), tokenId: str(v, 'tokenId', endpoint) };
    }),
    note: decodeHexText(str(t, 'note', endpoint)),
    rejected: bool(t, 'rejected', endpoint),
    extra: str(t, 'extra', endpoint),
  };
}

export function transactionInfo(value: unknown, endpoint: string): TransactionInfo | null {
  if (isEmptyObject(value)) return null;
  const t = asObject(value, endpoint);
  const id = str(t, 'id', endpoint);
  if (!HEX64.test(id)) throw badResponse(endpoint, 'the transaction info has no valid id');
  const receipt = child(t, 'receipt', endpoint);
  const result = t.result === undefined ? 'SUCESS' : t.result;
  if (result !== 'SUCESS' && result !== 'FAILED') throw badResponse(endpoint, 'the transaction result is unknown');
  return {
    id: id.toLowerCase() as TxId,
    fee: big(t, 'fee', endpoint),
    blockNumber: int(t, 'blockNumber', endpoint),
    blockTimeStamp: int(t, 'blockTimeStamp', endpoint),
    contractResult: strings(t, 'contractResult', endpoint),
    contract_address: optionalAddress(t, 'contract_address', endpoint),
    receipt: {
      energy_usage: int(receipt, 'energy_usage', endpoint),
      energy_fee: big(receipt, 'energy_fee', endpoint),
      origin_energy_usage: int(receipt, 'origin_energy_usage', endpoint),
      energy_usage_total: int(receipt, 'energy_usage_total', endpoint),
      net_usage: int(receipt, 'net_usage', endpoint),
      net_fee: big(receipt, 'net_fee', endpoint),
      energy_penalty_total: int(receipt, 'energy_penalty_total', endpoint),
      result: str(receipt, 'result', endpoint) || 'DEFAULT',
    },
    log: objects(t, 'log', endpoint).map((entry) => ({
      address: str(entry, 'address', endpoint),
      topics: strings(entry, 'topics', endpoint),
      data: str(entry, 'data', endpoint),
    })),
    result,
    resMessage: decodeHexText(str(t, 'resMessage', endpoint)),
    internal_transactions: list(t, 'internal_transactions', endpoint).map((item) =>
      internalTransaction(item, endpoint),
    ),
    withdraw_amount: big(t, 'withdraw_amount', endpoint),
    unfreeze_amount: big(t, 'unfreeze_amount', endpoint),
    withdraw_expire_amount: big(t, 'withdraw_expire_amount', endpoint),
    raw: t,
  };
}

/**
 * Block 0's witness_address is no address on any java-tron network: BlockUtil.newGenesisBlockCapsule
 * writes the bytes of a sentence there. It names no producer, so it reads as none.
 */
function genesisWitness(raw: JsonObject, endpoint: string): HexAddress | undefined {
  try {
    return optionalAddress(raw, 'witness_address', endpoint);
  } catch {
    return undefined;
  }
}

export function block(value: unknown, endpoint: string): Block | null {
  if (isEmptyObject(value)) return null;
  const b = asObject(value, endpoint);
  const id = str(b, 'blockID', endpoint);
  if (!HEX64.test(id)) throw badResponse(endpoint, 'the block has no valid blockID');
  const header = child(b, 'block_header', endpoint);
  const raw = child(header, 'raw_data', endpoint);
  // The genesis block prints no number and no timestamp (both 0, omitted).
  const number = int(raw, 'number', endpoint);
  return {
    blockID: id.toLowerCase(),
    block_header: {
      raw_data: {
        number,
        timestamp: int(raw, 'timestamp', endpoint),
        txTrieRoot: str(raw, 'txTrieRoot', endpoint),
        parentHash: str(raw, 'parentHash', endpoint),
        witness_address:
          number === 0 ? genesisWitness(raw, endpoint) : optionalAddress(raw, 'witness_address', endpoint),
        version: int(raw, 'version', endpoint),
      },
      witness_signature: str(header, 'witness_signature', endpoint),
    },
    transactions: list(b, 'transactions', endpoint).map((tx) => transaction(tx, endpoint, 'a block transaction')),
  };
}

function abiEntries(value: unknown, endpoint: string): AbiEntryJson[] {
  if (value === undefined || value === null) return [];
  const abi = asObject(value, endpoint, 'the ABI');
  return objects(abi, 'entrys', endpoint) as AbiEntryJson[];
}

export function smartContract(value: unknown, endpoint: string): SmartContract | null {
  if (isEmptyObject(value)) return null;
  const c = asObject(value, endpoint);
  return {
    origin_address: optionalAddress(c, 'origin_address', endpoint),
    contract_address: optionalAddress(c, 'contract_address', endpoint),
    abi: { entrys: abiEntries(c.abi, endpoint) },
    bytecode: str(c, 'bytecode', endpoint),
    call_value: big(c, 'call_value', endpoint),
    consume_user_resource_percent: int(c, 'consume_user_resource_percent', endpoint),
    name: str(c, 'name', endpoint),
    origin_energy_limit: int(c, 'origin_energy_limit', endpoint),
    code_hash: str(c, 'code_hash', endpoint),
    trx_hash: str(c, 'trx_hash', endpoint),
    version: int(c, 'version', endpoint),
  };
}

export function contractInfo(value: unknown, endpoint: string): ContractInfo | null {
  if (isEmptyObject(value)) return null;
  const c = asObject(value, endpoint);
  const state = child(c, 'contract_state', endpoint);
  const contract = smartContract(child(c, 'smart_contract', endpoint), endpoint);
  if (contract === null) throw badResponse(endpoint, 'smart_contract is missing');
  return {
    smart_contract: contract,
    runtimecode: str(c, 'runtimecode', endpoint),
    contract_state: {
      energy_usage: int(state, 'energy_usage', endpoint),
      energy_factor: int(state, 'energy_factor', endpoint),
      update_cycle: int(state, 'update_cycle', endpoint),
    },
  };
}

export function witness(value: unknown, endpoint: string): Witness {
  const w = asObject(value, endpoint, 'a witness');
  return {
    address: address(w, 'address', endpoint),
    voteCount: big(w, 'voteCount', endpoint),
    url: str(w, 'url', endpoint),
    totalProduced: int(w, 'totalProduced', endpoint),
    totalMissed: int(w, 'totalMissed', endpoint),
    latestBlockNum: int(w, 'latestBlockNum', endpoint),
    latestSlotNum: int(w, 'latestSlotNum', endpoint),
    isJobs: bool(w, 'isJobs', endpoint),
  };
}

/** "Num:66985120,ID:0000000003fe2e60…" (java-tron NodeInfo.block). */
function blockSummary(text: string, endpoint: string, key: string): { number: number; id: string } {
  if (text === '') return { number: 0, id: '' };
  const match = /^Num:(\d+),ID:([0-9a-fA-F]*)$/.exec(text.trim());
  if (!match) throw badResponse(endpoint, `"${key}" is not "Num:<n>,ID:<hex>"`);
  return { number: Number(match[1]), id: match[2]!.toLowerCase() };
}

export function nodeInfo(value: unknown, endpoint: string): NodeInfo {
  const n = asObject(value, endpoint);
  const config = child(n, 'configNodeInfo', endpoint);
  return {
    beginSyncNum: int(n, 'beginSyncNum', endpoint),
    block: blockSummary(str(n, 'block', endpoint), endpoint, 'block'),
    solidityBlock: blockSummary(str(n, 'solidityBlock', endpoint), endpoint, 'solidityBlock'),
    currentConnectCount: int(n, 'currentConnectCount', endpoint),
    activeConnectCount: int(n, 'activeConnectCount', endpoint),
    passiveConnectCount: int(n, 'passiveConnectCount', endpoint),
    configNodeInfo: {
      codeVersion: str(config, 'codeVersion', endpoint),
      versionNum: str(config, 'versionNum', endpoint),
      p2pVersion: str(config, 'p2pVersion', endpoint),
      supportConstant: bool(config, 'supportConstant', endpoint),
      allowCreationOfContracts: int(config, 'allowCreationOfContracts', endpoint),
      allowAdaptiveEnergy: int(config, 'allowAdaptiveEnergy', endpoint),
    },
    raw: n,
  };
}

export function delegatedResource(value: unknown, endpoint: string): DelegatedResource {
  const d = asObject(value, endpoint, 'a delegated resource');
  return {
    from: address(d, 'from', endpoint),
    to: address(d, 'to', endpoint),
    frozen_balance_for_bandwidth: big(d, 'frozen_balance_for_bandwidth', endpoint),
    frozen_balance_for_energy: big(d, 'frozen_balance_for_energy', endpoint),
    expire_time_for_bandwidth: int(d, 'expire_time_for_bandwidth', endpoint),
    expire_time_for_energy: int(d, 'expire_time_for_energy', endpoint),
  };
}

export function delegatedResourceAccountIndex(value: unknown, endpoint: string): DelegatedResourceAccountIndex | null {
  if (isEmptyObject(value)) return null;
  const d = asObject(value, endpoint);
  const addresses = (key: string): HexAddress[] => list(d, key, endpoint).map((item) => addressOf(item, endpoint, key));
  return {
    account: address(d, 'account', endpoint),
    fromAccounts: addresses('fromAccounts'),
    toAccounts: addresses('toAccounts'),
  };
}

export function assetIssue(value: unknown, endpoint: string): AssetIssue {
  const a = asObject(value, endpoint, 'a token');
  return {
    id: str(a, 'id', endpoint),
    owner_address: optionalAddress(a, 'owner_address', endpoint),
    name: decodeHexText(str(a, 'name', endpoint)),
    abbr: decodeHexText(str(a, 'abbr', endpoint)),
    total_supply: big(a, 'total_supply', endpoint),
    precision: int(a, 'precision', endpoint),
    trx_num: int(a, 'trx_num', endpoint),
    num: int(a, 'num', endpoint),
    start_time: int(a, 'start_time', endpoint),
    end_time: int(a, 'end_time', endpoint),
    description: decodeHexText(str(a, 'description', endpoint)),
    url: decodeHexText(str(a, 'url', endpoint)),
    free_asset_net_limit: big(a, 'free_asset_net_limit', endpoint),
    public_free_asset_net_limit: big(a, 'public_free_asset_net_limit', endpoint),
    frozen_supply: objects(a, 'frozen_supply', endpoint).map((f) => ({
      frozen_amount: big(f, 'frozen_amount', endpoint),
      frozen_days: big(f, 'frozen_days', endpoint),
    })),
  };
}

/** getenergyprices / getbandwidthprices: `{"prices":"0:100,1575871200000:10,…"}`. */
export function prices(value: unknown, endpoint: string): PriceStep[] {
  const text = str(asObject(value, endpoint), 'prices', endpoint).trim();
  if (text === '') return [];
  return text.split(',').map((step) => {
    const match = /^(\d+):(\d+)$/.exec(step.trim());
    if (!match) throw badResponse(endpoint, '"prices" is not a list of "time:price" pairs');
    const since = Number(match[1]);
    if (!Number.isSafeInteger(since)) throw badResponse(endpoint, '"prices" has a time out of range');
    return { since, price: BigInt(match[2]!) };
  });
}
