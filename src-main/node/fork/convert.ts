import { hexToBytes } from '../../../src-core/bytes/hex';
import { DEFAULT_CHAIN_PARAMETERS, type ChainParameters } from '../../../src-core/chain/parameters';
import { jsonToMessage } from '../../../src-core/proto/json-codec';
import { protocol } from '../../../src-core/proto/runtime';
import type { AccountRecord } from '../state/account';
import { decodeAccount } from '../state/account';
import type { WitnessRecord } from '../state/witness';
import { decodeWitness } from '../state/witness';
import type { DelegatedResourceRecord } from '../staking/delegation';
import type { AssetRecord } from '../trc10/assets';
import type { AbiMessage, ContractRecord } from '../vm-host/contract-records';
import { contractFromMessage, contractStateFromMessage } from '../vm-host/contract-records';
import type { ContractStateRecord } from '../vm/world-state';
import { unwindFixedUsage, unwindWindowedUsage } from './unwind-usage';

/**
 * java-tron HTTP JSON (visible=false: bytes as hex) of the upstream node → this node's state
 * records. Each goes through the protobuf message it prints (JsonFormat in reverse, then the
 * record codecs), so a field is read the way the node's own store reads it.
 */
type Json = Record<string, unknown>;

const SLOT_MS = 3000;
const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : 0);
const big = (v: unknown): bigint => (typeof v === 'number' || typeof v === 'string' ? BigInt(v) : 0n);
const hex = (v: unknown): Uint8Array => (typeof v === 'string' ? hexToBytes(v) : new Uint8Array());

export const isEmpty = (json: unknown): boolean =>
  json === null || typeof json !== 'object' || Object.keys(json as object).length === 0;

/**
 * Wallet.getAccount's JSON → the account record. java-tron prints the usage already brought to its
 * head slot and the consume times in ms; the record keeps the usage upstream stored at those times
 * (unwind-usage.ts), or, where no stored value recovers to the printed one, the printed usage as of
 * `readSlot` (the upstream head's slot when it was read), which gives the same usage there.
 * frozenV2 is printed as three entries whatever the record holds: zero amounts are left out, as an
 * account that never staked has none. asset_issued_ID is printed as text even with visible=false
 * (Util.printAccount), so it is read as text.
 */
export function accountFromJson(json: Json, genesisTimestamp: number, readSlot: number): AccountRecord {
  const message = jsonToMessage('protocol.Account', json, { hexMode: 'java-tron' });
  const account = decodeAccount(protocol.Account.encode(message as protocol.IAccount).finish());
  account.frozenV2 = account.frozenV2.filter((f) => f.amount !== 0n);
  if (typeof json.asset_issued_ID === 'string') account.assetIssuedId = new TextEncoder().encode(json.asset_issued_ID);
  const slotOf = (ms: unknown): number => (num(ms) ? Math.floor((num(ms) - genesisTimestamp) / SLOT_MS) : 0);
  const resource = (json.account_resource ?? {}) as Json;

  const freeSlot = slotOf(json.latest_consume_free_time);
  const free = unwindFixedUsage(account.freeNetUsage, freeSlot, readSlot);
  if (free === undefined) account.latestConsumeFreeTime = readSlot;
  else [account.freeNetUsage, account.latestConsumeFreeTime] = [free, freeSlot];

  const netSlot = slotOf(json.latest_consume_time);
  const net = unwindWindowedUsage(
    { usage: account.netUsage, window: { windowSize: account.netWindowSize, optimized: account.netWindowOptimized } },
    netSlot,
    readSlot,
  );
  if (net === undefined) account.latestConsumeTime = readSlot;
  else {
    [account.netUsage, account.latestConsumeTime] = [net.usage, netSlot];
    [account.netWindowSize, account.netWindowOptimized] = [net.window.windowSize, net.window.optimized];
  }

  const energySlot = slotOf(resource.latest_consume_time_for_energy);
  const energy = unwindWindowedUsage(
    {
      usage: account.energyUsage,
      window: { windowSize: account.energyWindowSize, optimized: account.energyWindowOptimized },
    },
    energySlot,
    readSlot,
  );
  if (energy === undefined) account.latestConsumeTimeForEnergy = readSlot;
  else {
    [account.energyUsage, account.latestConsumeTimeForEnergy] = [energy.usage, energySlot];
    [account.energyWindowSize, account.energyWindowOptimized] = [energy.window.windowSize, energy.window.optimized];
  }
  return account;
}

/** Wallet.getContractInfo's JSON → ContractStore, AbiStore, CodeStore and ContractStateStore records. */
export function contractFromJson(json: Json): {
  contract: ContractRecord;
  abi: AbiMessage | undefined;
  code: Uint8Array;
  state: ContractStateRecord | undefined;
} {
  const smart = (json.smart_contract ?? {}) as Json;
  const message = jsonToMessage('protocol.SmartContract', smart, { hexMode: 'java-tron' });
  const decoded = protocol.SmartContract.decode(
    protocol.SmartContract.encode(message as protocol.ISmartContract).finish(),
  ) as unknown as Json;
  const abi = decoded.abi as AbiMessage | undefined;
  const state = json.contract_state
    ? contractStateFromMessage(
        protocol.ContractState.decode(
          protocol.ContractState.encode(
            jsonToMessage('protocol.ContractState', json.contract_state) as protocol.IContractState,
          ).finish(),
        ) as unknown as Json,
      )
    : undefined;
  return { contract: contractFromMessage(decoded), abi, code: hex(json.runtimecode), state };
}

/** Wallet.getWitnessList's JSON → witness records. */
export function witnessesFromJson(json: Json): WitnessRecord[] {
  const list = (json.witnesses ?? []) as Json[];
  return list.map((w) =>
    decodeWitness(
      protocol.Witness.encode(
        jsonToMessage('protocol.Witness', w, { hexMode: 'java-tron' }) as protocol.IWitness,
      ).finish(),
    ),
  );
}

/** Wallet.getAssetIssueById's JSON (AssetIssueContract) → the token record. */
export function assetFromJson(json: Json): AssetRecord {
  const owner = hex(json.owner_address);
  return {
    id: String(json.id ?? ''),
    ownerHex: String(json.owner_address ?? ''),
    owner,
    name: hex(json.name),
    abbr: hex(json.abbr),
    totalSupply: big(json.total_supply),
    frozenSupply: ((json.frozen_supply ?? []) as Json[]).map((f) => ({
      amount: big(f.frozen_amount),
      days: big(f.frozen_days),
    })),
    trxNum: num(json.trx_num),
    precision: num(json.precision),
    num: num(json.num),
    startTime: num(json.start_time),
    endTime: num(json.end_time),
    order: big(json.order),
    voteScore: num(json.vote_score),
    description: hex(json.description),
    url: hex(json.url),
    freeAssetNetLimit: big(json.free_asset_net_limit),
    publicFreeAssetNetLimit: big(json.public_free_asset_net_limit),
    publicFreeAssetNetUsage: big(json.public_free_asset_net_usage),
    publicLatestFreeNetTime: num(json.public_latest_free_net_time),
  };
}

/**
 * Wallet.getDelegatedResourceV2's JSON → the unlocked and the locked record of one (from, to) pair
 * (java-tron keeps them apart; the locked one has expire times).
 */
export function delegationsFromJson(json: Json): {
  unlocked?: DelegatedResourceRecord;
  locked?: DelegatedResourceRecord;
} {
  const out: { unlocked?: DelegatedResourceRecord; locked?: DelegatedResourceRecord } = {};
  for (const d of (json.delegatedResource ?? []) as Json[]) {
    const record: DelegatedResourceRecord = {
      from: hex(d.from),
      to: hex(d.to),
      bandwidth: big(d.frozen_balance_for_bandwidth),
      energy: big(d.frozen_balance_for_energy),
      expireBandwidth: num(d.expire_time_for_bandwidth),
      expireEnergy: num(d.expire_time_for_energy),
    };
    if (record.expireBandwidth || record.expireEnergy) out.locked = record;
    else out.unlocked = record;
  }
  return out;
}

/** Wallet.getChainParameters' JSON → this node's parameters (a listed key without a value is 0). */
export function chainParametersFromJson(json: Json): Partial<ChainParameters> {
  const out: Record<string, bigint> = {};
  for (const entry of (json.chainParameter ?? []) as Json[]) {
    const key = String(entry.key);
    if (key in DEFAULT_CHAIN_PARAMETERS) out[key] = big(entry.value);
  }
  return out as Partial<ChainParameters>;
}
