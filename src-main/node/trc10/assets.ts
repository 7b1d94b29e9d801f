import { bigintToLong } from '../../../src-core/proto/runtime';
import type { StateReader, StateView } from '../state/view';
import { RECORD } from '../state/records';

/**
 * TRC-10 tokens (java-tron AssetIssueV2Store, ALLOW_SAME_TOKEN_NAME on, i.e. the rule since block
 * 5537806): a token is keyed by its numeric id (TOKEN_ID_NUM + 1 at issue, the first is 1000001),
 * balances live in Account.assetV2 under that id, and TransferAsset names the id as text.
 */
export interface AssetRecord {
  readonly id: string;
  readonly ownerHex: string;
  readonly owner: Uint8Array;
  readonly name: Uint8Array;
  readonly abbr: Uint8Array;
  readonly totalSupply: bigint;
  readonly frozenSupply: readonly { readonly amount: bigint; readonly days: bigint }[];
  readonly trxNum: number;
  readonly precision: number;
  readonly num: number;
  readonly startTime: number;
  readonly endTime: number;
  readonly order: bigint;
  readonly voteScore: number;
  readonly description: Uint8Array;
  readonly url: Uint8Array;
  readonly freeAssetNetLimit: bigint;
  readonly publicFreeAssetNetLimit: bigint;
  readonly publicFreeAssetNetUsage: bigint;
  readonly publicLatestFreeNetTime: number;
}

export function getAsset(reader: StateReader, id: string): AssetRecord | undefined {
  return reader.getRecord(RECORD.asset, id) as AssetRecord | undefined;
}

export function putAsset(view: StateView, asset: AssetRecord): void {
  view.putRecord(RECORD.asset, asset.id, asset);
}

/** Every token, by id in issue order. */
export function allAssets(reader: StateReader): AssetRecord[] {
  const out: AssetRecord[] = [];
  for (const id of reader.recordKeys(RECORD.asset)) {
    const asset = getAsset(reader, id);
    if (asset) out.push(asset);
  }
  return out.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
}

/** The protobufjs message object of AssetIssueContract (for JSON output; defaults left out). */
export function assetToMessage(a: AssetRecord): Record<string, unknown> {
  const m: Record<string, unknown> = { id: a.id, owner_address: a.owner, name: a.name };
  const long = (n: bigint | number): unknown => bigintToLong(BigInt(n));
  if (a.abbr.length) m.abbr = a.abbr;
  if (a.totalSupply) m.total_supply = long(a.totalSupply);
  if (a.frozenSupply.length)
    m.frozen_supply = a.frozenSupply.map((f) => ({ frozen_amount: long(f.amount), frozen_days: long(f.days) }));
  if (a.trxNum) m.trx_num = a.trxNum;
  if (a.precision) m.precision = a.precision;
  if (a.num) m.num = a.num;
  if (a.startTime) m.start_time = long(a.startTime);
  if (a.endTime) m.end_time = long(a.endTime);
  if (a.order) m.order = long(a.order);
  if (a.voteScore) m.vote_score = a.voteScore;
  if (a.description.length) m.description = a.description;
  if (a.url.length) m.url = a.url;
  if (a.freeAssetNetLimit) m.free_asset_net_limit = long(a.freeAssetNetLimit);
  if (a.publicFreeAssetNetLimit) m.public_free_asset_net_limit = long(a.publicFreeAssetNetLimit);
  if (a.publicFreeAssetNetUsage) m.public_free_asset_net_usage = long(a.publicFreeAssetNetUsage);
  if (a.publicLatestFreeNetTime) m.public_latest_free_net_time = long(a.publicLatestFreeNetTime);
  return m;
}

/** TRC-10 balance of an account for a token id (0 when it holds none). */
export function assetBalance(account: { assetV2: ReadonlyMap<string, bigint> }, id: string): bigint {
  return account.assetV2.get(id) ?? 0n;
}

const lenient = new TextDecoder();

/** java-tron ByteArray.toStr: the token id a TransferAsset / ParticipateAssetIssue names. */
export function tokenIdText(bytes: Uint8Array): string {
  return lenient.decode(bytes);
}
