import type { AccountRecord } from '../state/account';
import type { StateView } from '../state/view';
import { PUBLIC_NET_LIMIT } from '../state/dynamic';
import { RECORD } from '../state/records';
import type { AssetRecord } from '../trc10/assets';
import { addNetUsage, freeNetUsageAt, increaseFixed, netLimitOf, netUsageAt } from './account-usage';
import { BandwidthInsufficient, UnknownAssetForBandwidth } from '../errors';

/**
 * java-tron BandwidthProcessor, for one contract per transaction:
 * account-creating contracts pay staked bandwidth × rate or the create-account fee; TRC-10
 * transfers may use the issuer's bandwidth; the others use staked bandwidth (recovering in the
 * account's own window), then the free daily allowance, then burn bytes × getTransactionFee.
 */
export interface NetBill {
  readonly netUsage: bigint;
  readonly netFee: bigint;
}

export interface BandwidthContext {
  readonly view: StateView;
  /** The owner, as a private copy of this transaction. */
  readonly owner: AccountRecord;
  readonly bytes: bigint;
  readonly createsAccount: boolean;
  /** Head slot and head block time. */
  readonly nowSlot: number;
  readonly headTimestamp: number;
  /** TransferAssetContract: the token id, for the issuer's-bandwidth path. */
  readonly transferAssetId?: string;
}

/** Staked bandwidth of an account (calculateGlobalNetLimitV2) with the view's current stake totals. */
export function netLimitIn(view: StateView, account: AccountRecord): bigint {
  return netLimitOf(account, view.props.parameters, view.mutable);
}

function useAccountNet(ctx: BandwidthContext, account: AccountRecord): boolean {
  const { bytes, nowSlot } = ctx;
  if (bytes > netLimitIn(ctx.view, account) - netUsageAt(account, nowSlot)) return false;
  addNetUsage(account, bytes, nowSlot);
  account.latestConsumeTime = nowSlot;
  account.latestOprationTime = ctx.headTimestamp;
  return true;
}

/** useAssetAccountNet: the token's free bandwidth, paid from the issuer's staked bandwidth. */
function useAssetAccountNet(ctx: BandwidthContext, tokenId: string): boolean {
  const { view, owner, bytes, nowSlot } = ctx;
  const asset = view.getRecord(RECORD.asset, tokenId) as AssetRecord | undefined;
  if (!asset) throw new UnknownAssetForBandwidth(`asset [${tokenId}] does not exist`);
  if (asset.ownerHex === owner.addressHex) return useAccountNet(ctx, owner);
  const publicUsage = increaseFixed(asset.publicFreeAssetNetUsage, 0n, asset.publicLatestFreeNetTime, nowSlot);
  if (bytes > asset.publicFreeAssetNetLimit - publicUsage) return false;
  const freeUsage = increaseFixed(
    owner.freeAssetNetUsageV2.get(tokenId) ?? 0n,
    0n,
    owner.latestAssetOperationTimeV2.get(tokenId) ?? 0,
    nowSlot,
  );
  if (bytes > asset.freeAssetNetLimit - freeUsage) return false;
  const issuer = view.mutableAccount(asset.ownerHex);
  if (!issuer) return false;
  if (bytes > netLimitIn(view, issuer) - netUsageAt(issuer, nowSlot)) return false;
  addNetUsage(issuer, bytes, nowSlot);
  issuer.latestConsumeTime = nowSlot;
  owner.latestOprationTime = ctx.headTimestamp;
  owner.freeAssetNetUsageV2 = new Map(owner.freeAssetNetUsageV2).set(
    tokenId,
    increaseFixed(freeUsage, bytes, nowSlot, nowSlot),
  );
  owner.latestAssetOperationTimeV2 = new Map(owner.latestAssetOperationTimeV2).set(tokenId, nowSlot);
  view.putRecord(RECORD.asset, tokenId, {
    ...asset,
    publicFreeAssetNetUsage: increaseFixed(publicUsage, bytes, nowSlot, nowSlot),
    publicLatestFreeNetTime: nowSlot,
  } satisfies AssetRecord);
  return true;
}

function burn(ctx: BandwidthContext, fee: bigint, what: string): void {
  const { owner, view } = ctx;
  if (owner.balance < fee) throw new BandwidthInsufficient(what);
  owner.latestOprationTime = ctx.headTimestamp;
  owner.balance -= fee;
  view.mutable.burnedSun += fee;
}

export function consumeBandwidth(ctx: BandwidthContext): NetBill {
  const { view, owner, bytes, nowSlot } = ctx;
  const p = view.props.parameters;
  if (ctx.createsAccount) {
    const needed = bytes * p.getCreateNewAccountBandwidthRate;
    if (needed <= netLimitIn(view, owner) - netUsageAt(owner, nowSlot)) {
      addNetUsage(owner, needed, nowSlot);
      owner.latestConsumeTime = nowSlot;
      owner.latestOprationTime = ctx.headTimestamp;
      return { netUsage: needed, netFee: 0n };
    }
    burn(ctx, p.getCreateAccountFee, 'create account fee');
    return { netUsage: 0n, netFee: p.getCreateAccountFee };
  }
  if (ctx.transferAssetId !== undefined && useAssetAccountNet(ctx, ctx.transferAssetId))
    return { netUsage: bytes, netFee: 0n };
  // Staked bandwidth first.
  if (useAccountNet(ctx, owner)) return { netUsage: bytes, netFee: 0n };
  // Then the free daily allowance, also bounded by the public pool.
  const freeUsed = freeNetUsageAt(owner, nowSlot);
  if (bytes <= p.getFreeNetLimit - freeUsed) {
    const publicUsed = increaseFixed(view.mutable.publicNetUsage, 0n, view.mutable.publicNetTime, nowSlot);
    if (bytes <= PUBLIC_NET_LIMIT - publicUsed) {
      owner.freeNetUsage = increaseFixed(freeUsed, bytes, nowSlot, nowSlot);
      owner.latestConsumeFreeTime = nowSlot;
      owner.latestOprationTime = ctx.headTimestamp;
      view.mutable.publicNetUsage = increaseFixed(publicUsed, bytes, nowSlot, nowSlot);
      view.mutable.publicNetTime = nowSlot;
      return { netUsage: bytes, netFee: 0n };
    }
  }
  // Finally burn TRX at the bandwidth price.
  const fee = bytes * p.getTransactionFee;
  burn(ctx, fee, 'bandwidth fee');
  return { netUsage: 0n, netFee: fee };
}
