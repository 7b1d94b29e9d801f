import type { AccountRecord } from '../state/account';
import type { StateView } from '../state/view';
import { PUBLIC_NET_LIMIT } from '../state/dynamic';
import { increaseUsage } from './usage';

/**
 * java-tron BandwidthProcessor (java-tron-http.md §6.1), for one contract per transaction:
 * account-creating contracts pay staked bandwidth × rate or the create-account fee; the others
 * use staked bandwidth, then the free daily allowance, then burn bytes × getTransactionFee.
 */
export interface NetBill {
  readonly netUsage: bigint;
  readonly netFee: bigint;
}

export class BandwidthInsufficient extends Error {}

const TRX = 1_000_000n;

/** Staked bandwidth of an account (Stake 2.0 calculateGlobalNetLimitV2); 0 until staking lands. */
export function netLimitOf(account: AccountRecord, totalNetLimit: bigint, totalNetWeight: bigint): bigint {
  let frozen = 0n;
  for (const f of account.frozenV2) if (f.type === 0) frozen += f.amount;
  if (frozen < TRX || totalNetWeight <= 0n) return 0n;
  const weight = Number(frozen / TRX);
  return BigInt(Math.floor(weight * (Number(totalNetLimit) / Number(totalNetWeight))));
}

export interface BandwidthContext {
  readonly view: StateView;
  readonly owner: AccountRecord;
  readonly bytes: bigint;
  readonly createsAccount: boolean;
  /** Head slot and head block time. */
  readonly nowSlot: number;
  readonly headTimestamp: number;
  readonly totalNetWeight: bigint;
}

export function consumeBandwidth(ctx: BandwidthContext): NetBill {
  const { view, owner, bytes, nowSlot } = ctx;
  const p = view.props.parameters;
  const netLimit = netLimitOf(owner, p.getTotalNetLimit, ctx.totalNetWeight);
  if (ctx.createsAccount) {
    const needed = bytes * p.getCreateNewAccountBandwidthRate;
    const current = increaseUsage(owner.netUsage, 0n, owner.latestConsumeTime, nowSlot);
    if (needed <= netLimit - current) {
      owner.netUsage = increaseUsage(owner.netUsage, needed, owner.latestConsumeTime, nowSlot);
      owner.latestConsumeTime = nowSlot;
      owner.latestOprationTime = ctx.headTimestamp;
      return { netUsage: needed, netFee: 0n };
    }
    const fee = p.getCreateAccountFee;
    if (owner.balance < fee) throw new BandwidthInsufficient('create account fee');
    owner.balance -= fee;
    view.mutable.burnedSun += fee;
    owner.latestOprationTime = ctx.headTimestamp;
    return { netUsage: 0n, netFee: fee };
  }
  // Staked bandwidth first.
  const staked = increaseUsage(owner.netUsage, 0n, owner.latestConsumeTime, nowSlot);
  if (bytes <= netLimit - staked) {
    owner.netUsage = increaseUsage(owner.netUsage, bytes, owner.latestConsumeTime, nowSlot);
    owner.latestConsumeTime = nowSlot;
    owner.latestOprationTime = ctx.headTimestamp;
    return { netUsage: bytes, netFee: 0n };
  }
  // Then the free daily allowance, also bounded by the public pool.
  const freeUsed = increaseUsage(owner.freeNetUsage, 0n, owner.latestConsumeFreeTime, nowSlot);
  if (bytes <= p.getFreeNetLimit - freeUsed) {
    const publicUsed = increaseUsage(view.mutable.publicNetUsage, 0n, view.mutable.publicNetTime, nowSlot);
    if (bytes <= PUBLIC_NET_LIMIT - publicUsed) {
      owner.freeNetUsage = increaseUsage(owner.freeNetUsage, bytes, owner.latestConsumeFreeTime, nowSlot);
      owner.latestConsumeFreeTime = nowSlot;
      owner.latestOprationTime = ctx.headTimestamp;
      view.mutable.publicNetUsage = increaseUsage(view.mutable.publicNetUsage, bytes, view.mutable.publicNetTime, nowSlot);
      view.mutable.publicNetTime = nowSlot;
      return { netUsage: bytes, netFee: 0n };
    }
  }
  // Finally burn TRX at the bandwidth price.
  const fee = bytes * p.getTransactionFee;
  if (owner.balance < fee) throw new BandwidthInsufficient('bandwidth fee');
  owner.balance -= fee;
  view.mutable.burnedSun += fee;
  owner.latestOprationTime = ctx.headTimestamp;
  return { netUsage: 0n, netFee: fee };
}
