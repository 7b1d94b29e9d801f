import { bytesToHex, hexToBytes } from '../../../src-core/bytes/hex';

/**
 * Keyed records beside accounts and witnesses: java-tron's DelegatedResourceStore,
 * DelegatedResourceAccountIndexStore, VotesStore, DelegationStore (rewards) and AssetIssueV2Store.
 * Values are immutable plain data (bigint, number, string, boolean, Uint8Array, arrays, objects),
 * stored as JSON with bigints and bytes tagged, one LevelDB entry per record.
 */
export type RecordValue = unknown;

export const RECORD = {
  /** `<0|1 lock><from hex><to hex>` → DelegatedResourceRecord (staking/delegation.ts). */
  delegation: 'delegation',
  /** `f<from><to>` / `t<to><from>` → { account, timestamp } (DelegatedResourceAccountIndex V2). */
  delegationIndex: 'dindex',
  /** owner hex → { old, new } vote lists waiting for the next maintenance (VotesStore). */
  votes: 'votes',
  /** DelegationStore keys (`<cycle>-<hex>-reward`, `-vi`, `-brokerage`, `begin-<hex>` …) → values. */
  mortgage: 'mortgage',
  /** token id → AssetIssueContract message object (AssetIssueV2Store). */
  asset: 'asset',
  /** proposal id (decimal) → ProposalRecord (ProposalStore, governance/governance-proposals.ts). */
  proposal: 'proposal',
  /** exchange id (decimal) → ExchangeRecord (ExchangeV2Store, exchanges/store.ts). */
  exchange: 'exchange',
  /** account id (hex) → owner hex (AccountIdIndexStore). */
  accountId: 'accountid',
} as const;

/**
 * The namespaces whose keys are enumerated (`StateReader.recordKeys`), each with the length of
 * the key prefix its scans name: pending votes and tokens are read whole, the delegation index by
 * `f<from hex>` / `t<to hex>`. Every other namespace is read by key only.
 */
export const SCANNED_RECORDS: ReadonlyMap<string, number> = new Map([
  [RECORD.votes, 0],
  [RECORD.delegationIndex, 43],
  [RECORD.asset, 0],
  [RECORD.proposal, 0],
  [RECORD.exchange, 0],
]);

const SEPARATOR = '\u0000';

/** One string per (namespace, key): the overlay key in StateView and the LevelDB key body. */
export function recordSlot(namespace: string, key: string): string {
  return `${namespace}${SEPARATOR}${key}`;
}

export function splitSlot(slot: string): [string, string] {
  const at = slot.indexOf(SEPARATOR);
  return [slot.slice(0, at), slot.slice(at + 1)];
}

export function encodeRecord(value: RecordValue): Uint8Array {
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return { $n: v.toString() };
    if (v instanceof Uint8Array) return { $b: bytesToHex(v) };
    return v;
  });
  return new TextEncoder().encode(text);
}

export function decodeRecord(bytes: Uint8Array): RecordValue {
  return JSON.parse(new TextDecoder().decode(bytes), (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o);
      if (keys.length === 1 && typeof o.$n === 'string') return BigInt(o.$n);
      if (keys.length === 1 && typeof o.$b === 'string') return hexToBytes(o.$b);
    }
    return v;
  }) as RecordValue;
}
