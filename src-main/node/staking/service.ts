import { hexToBytes } from '../../../src-core/bytes/hex';
import { addFrozenV2, frozenV2Of, RESOURCE } from '../state/account';
import { RECORD } from '../state/records';
import type { StateView } from '../state/view';
import { addEnergyUsage, addNetUsage, bandwidthStakeOf, energyStakeOf, headSlotOf } from '../resources/account-usage';
import { mergeReturnedUsage } from '../../../src-core/fee/resource-math';
import type { CanceledUnfreeze } from './freeze';
import {
  applyCancelAllUnfreezeV2,
  applyFreezeV2,
  applyUnfreezeV2,
  applyWithdrawExpireUnfreeze,
  maturedUnfreeze,
  unfreezingCount,
  validateCancelAllUnfreezeV2,
  validateFreezeV2,
  validateUnfreezeV2,
  validateWithdrawExpireUnfreeze,
} from './freeze';
import {
  applyDelegate,
  applyUnDelegate,
  delegatableStake,
  getDelegation,
  validateDelegate,
  validateUnDelegate,
} from './delegation';
import { applyVote, validateVote } from './votes';
import { queryReward, withdrawVoteReward } from './rewards';
import { nowMs, TRX, UNFREEZE_MAX_TIMES } from './rules';
import { tronPowerOf, tronPowerUsedOf, votingPowerOf } from './tron-power';
import { ContractValidateError } from '../errors';

/**
 * The staking service: Stake 2.0, votes and rewards as plain functions over a StateView, for the
 * VM's `StakingHooks` (TRON opcodes 0xd8–0xdf, SELFDESTRUCT, the query precompiles) and any other
 * caller that is not a transaction actuator. Each operation validates with java-tron's messages,
 * applies inside a savepoint of the view and reports the amounts the internal transactions need;
 * a refusal returns `{ ok: false, reason }` and changes nothing. Addresses are 21-byte hex
 * (`41…`); amounts are sun; the clock is the view's head block.
 */
export type StakingResult<T extends object = object> =
  ({ readonly ok: true } & T) | { readonly ok: false; readonly reason: string };

function attempt<T extends object>(view: StateView, run: () => T): StakingResult<T> {
  view.begin();
  try {
    const value = run();
    view.commitTx();
    return { ok: true, ...value };
  } catch (error) {
    view.rollback();
    if (error instanceof ContractValidateError) return { ok: false, reason: error.message };
    throw error;
  }
}

const bytes = (hex: string): Uint8Array => hexToBytes(hex);

/** FreezeBalanceV2 (resource 0 bandwidth, 1 energy, 2 TRON power). */
export function freezeV2(
  view: StateView,
  ownerHex: string,
  amount: bigint,
  resource: number,
): StakingResult<{ amount: bigint }> {
  return attempt(view, () => {
    validateFreezeV2(view, bytes(ownerHex), amount, resource);
    applyFreezeV2(view, ownerHex, amount, resource);
    return { amount };
  });
}

/**
 * UnfreezeBalanceV2; `withdrawnExpired` = matured unfreezes paid out first (itx withdrawExpireUnfreezeWhileUnfreezing).
 */
export function unfreezeV2(
  view: StateView,
  ownerHex: string,
  amount: bigint,
  resource: number,
): StakingResult<{ amount: bigint; withdrawnExpired: bigint }> {
  return attempt(view, () => {
    validateUnfreezeV2(view, bytes(ownerHex), amount, resource);
    return { amount, withdrawnExpired: applyUnfreezeV2(view, ownerHex, amount, resource) };
  });
}

/** WithdrawExpireUnfreeze: matured unfreezes to the balance. */
export function withdrawExpireUnfreeze(view: StateView, ownerHex: string): StakingResult<{ amount: bigint }> {
  return attempt(view, () => {
    validateWithdrawExpireUnfreeze(view, bytes(ownerHex));
    return { amount: applyWithdrawExpireUnfreeze(view, ownerHex) };
  });
}

/** CancelAllUnfreezeV2: pending unfreezes staked again (`canceled` per resource), matured ones paid out. */
export function cancelAllUnfreezeV2(
  view: StateView,
  ownerHex: string,
): StakingResult<{ withdrawnExpired: bigint; canceled: CanceledUnfreeze }> {
  return attempt(view, () => {
    validateCancelAllUnfreezeV2(view, bytes(ownerHex));
    return applyCancelAllUnfreezeV2(view, ownerHex);
  });
}

/** DelegateResource (resource 0 or 1); `lockPeriod` in blocks, 0 = the default 3 days. */
export function delegate(
  view: StateView,
  ownerHex: string,
  receiverHex: string,
  amount: bigint,
  resource: number,
  lock = false,
  lockPeriod = 0n,
): StakingResult<{ amount: bigint }> {
  return attempt(view, () => {
    const input = { owner: bytes(ownerHex), receiver: bytes(receiverHex), amount, resource, lock, lockPeriod };
    validateDelegate(view, input);
    applyDelegate(view, input);
    return { amount };
  });
}

/** UnDelegateResource. */
export function undelegate(
  view: StateView,
  ownerHex: string,
  receiverHex: string,
  amount: bigint,
  resource: number,
): StakingResult<{ amount: bigint }> {
  return attempt(view, () => {
    const input = { owner: bytes(ownerHex), receiver: bytes(receiverHex), amount, resource };
    validateUnDelegate(view, input);
    applyUnDelegate(view, input);
    return { amount };
  });
}

/** VoteWitness: replaces the owner's votes (counts in whole TRX of TRON power). */
export function vote(
  view: StateView,
  ownerHex: string,
  votes: readonly { witnessHex: string; count: bigint }[],
): StakingResult<{ total: bigint }> {
  return attempt(view, () => {
    const input = votes.map((v) => ({ address: bytes(v.witnessHex), count: v.count }));
    validateVote(view, bytes(ownerHex), input);
    applyVote(view, ownerHex, input);
    return { total: votes.reduce((sum, v) => sum + v.count, 0n) };
  });
}

/**
 * WithdrawReward as the VM's WithdrawRewardProcessor does it: vote rewards into the allowance,
 * then the allowance to the balance (no 24 h limit); 0 when there is nothing to withdraw.
 */
export function withdrawReward(view: StateView, ownerHex: string): StakingResult<{ amount: bigint }> {
  return attempt(view, () => {
    if (view.props.genesisWitnesses.includes(ownerHex))
      throw new ContractValidateError(
        `Account[${ownerHex}] is a guard representative and is not allowed to withdraw Balance`,
      );
    if (!view.getAccount(ownerHex)) throw new ContractValidateError(`Account[${ownerHex}] not exists`);
    withdrawVoteReward(view, ownerHex);
    const account = view.mutableAccount(ownerHex)!;
    const amount = account.allowance;
    if (amount <= 0n) return { amount: 0n };
    account.balance += amount;
    account.allowance = 0n;
    account.latestWithdrawTime = nowMs(view);
    return { amount };
  });
}

// --- SELFDESTRUCT (java-tron Program.suicide) ----------------------------------------------------

/** Program.canSuicide with FreezeV2: no delegated-out stake and no unfreeze still pending. */
export function canSuicide(view: StateView, ownerHex: string): boolean {
  const account = view.getAccount(ownerHex);
  if (!account) return true;
  const now = nowMs(view);
  return (
    account.delegatedFrozenV2Bandwidth === 0n &&
    account.delegatedFrozenV2Energy === 0n &&
    account.unfrozenV2.every((u) => u.expireTime <= now)
  );
}

/** Program.withdrawRewardAndCancelVote: rewards paid into the balance, votes cancelled from the next maintenance. */
export function withdrawRewardAndCancelVotes(view: StateView, ownerHex: string): void {
  withdrawVoteReward(view, ownerHex);
  const account = view.mutableAccount(ownerHex);
  if (!account) return;
  if (account.votes.length > 0) {
    const pending = view.getRecord(RECORD.votes, ownerHex) as { old: unknown[] } | undefined;
    const old = pending?.old ?? account.votes.map((v) => ({ address: v.address, count: v.count }));
    view.putRecord(RECORD.votes, ownerHex, { old, new: [] });
    account.votes = [];
    account.oldTronPower = 0n;
  }
  account.balance += account.allowance;
  account.allowance = 0n;
  account.latestWithdrawTime = nowMs(view);
}

/**
 * Program.transferFrozenV2BalanceToInheritor: the stake, its usage and matured unfreezes go to the
 * inheritor; the owner's Stake 2.0 state is cleared. Returns the matured amount
 * (itx withdrawExpireUnfreezeWhileSuiciding). Total weights do not change.
 */
export function transferStakeToInheritor(
  view: StateView,
  ownerHex: string,
  inheritorHex: string,
): { withdrawnExpired: bigint } {
  const owner = view.mutableAccount(ownerHex);
  const heir = view.mutableAccount(inheritorHex);
  if (!owner || !heir) return { withdrawnExpired: 0n };
  const slot = headSlotOf(view.props);
  for (const f of owner.frozenV2) if (f.amount > 0n) addFrozenV2(heir, f.type, f.amount);
  addNetUsage(owner, 0n, slot);
  owner.latestConsumeTime = slot;
  if (owner.netUsage > 0n) {
    addNetUsage(heir, 0n, slot);
    const merged = mergeReturnedUsage({
      ownerUsage: heir.netUsage,
      ownerWindow: { windowSize: heir.netWindowSize, optimized: heir.netWindowOptimized },
      transferUsage: owner.netUsage,
      receiverWindow: { windowSize: owner.netWindowSize, optimized: owner.netWindowOptimized },
    });
    [heir.netUsage, heir.netWindowSize, heir.netWindowOptimized, heir.latestConsumeTime] = [
      merged.usage,
      merged.window.windowSize,
      merged.window.optimized,
      slot,
    ];
  }
  addEnergyUsage(owner, 0n, slot);
  owner.latestConsumeTimeForEnergy = slot;
  if (owner.energyUsage > 0n) {
    addEnergyUsage(heir, 0n, slot);
    const merged = mergeReturnedUsage({
      ownerUsage: heir.energyUsage,
      ownerWindow: { windowSize: heir.energyWindowSize, optimized: heir.energyWindowOptimized },
      transferUsage: owner.energyUsage,
      receiverWindow: { windowSize: owner.energyWindowSize, optimized: owner.energyWindowOptimized },
    });
    [heir.energyUsage, heir.energyWindowSize, heir.energyWindowOptimized, heir.latestConsumeTimeForEnergy] = [
      merged.usage,
      merged.window.windowSize,
      merged.window.optimized,
      slot,
    ];
  }
  const withdrawnExpired = maturedUnfreeze(owner, nowMs(view));
  heir.balance += withdrawnExpired;
  owner.frozenV2 = [];
  owner.netUsage = 0n;
  owner.netWindowSize = 0n;
  owner.energyUsage = 0n;
  owner.energyWindowSize = 0n;
  owner.unfrozenV2 = [];
  return { withdrawnExpired };
}

// --- queries (the VM's 0x01000005… precompiles, the Stake 2.0 read endpoints) ----------------------

/** Unclaimed reward including the vote reward not yet moved to the allowance (getReward). */
export function rewardBalance(view: StateView, hex: string): bigint {
  return queryReward(view, view.props.maintenanceCycle, view.props.parameters, hex);
}

export function isWitness(view: StateView, hex: string): boolean {
  return view.getWitness(hex) !== undefined;
}

/** Votes `voterHex` gives `witnessHex` now (whole TRX). */
export function voteCount(view: StateView, voterHex: string, witnessHex: string): bigint {
  return (
    view
      .getAccount(voterHex)
      ?.votes.filter((v) => v.addressHex === witnessHex)
      .reduce((sum, v) => sum + v.count, 0n) ?? 0n
  );
}

/** Σ of the voter's votes (tronPowerUsed). */
export function usedVoteCount(view: StateView, voterHex: string): bigint {
  const account = view.getAccount(voterHex);
  return account ? tronPowerUsedOf(account) : 0n;
}

/** The witness's vote count as of the last maintenance. */
export function receivedVoteCount(view: StateView, witnessHex: string): bigint {
  return view.getWitness(witnessHex)?.voteCount ?? 0n;
}

/** TRON power in whole TRX. */
export function totalVoteCount(view: StateView, voterHex: string): bigint {
  const account = view.getAccount(voterHex);
  return account ? votingPowerOf(view, account) / TRX : 0n;
}

/** Unfreeze operations still possible now (32 minus those pending). */
export function availableUnfreezeV2Size(view: StateView, hex: string): bigint {
  const account = view.getAccount(hex);
  return account ? BigInt(UNFREEZE_MAX_TIMES - unfreezingCount(account, nowMs(view))) : 0n;
}

/** Own stake of `resource` that could be unfrozen. */
export function unfreezableBalanceV2(view: StateView, hex: string, resource: number): bigint {
  const account = view.getAccount(hex);
  return account && resource >= 0 && resource <= 2 ? frozenV2Of(account, resource) : 0n;
}

/** Unfreezes matured at `timeMs`. */
export function expireUnfreezeBalanceV2(view: StateView, hex: string, timeMs: number): bigint {
  const account = view.getAccount(hex);
  return account ? maturedUnfreeze(account, timeMs) : 0n;
}

/** Stake of `resource` (0/1) the account can delegate now, without a transaction's own bandwidth. */
export function delegatableResource(view: StateView, hex: string, resource: number): bigint {
  const account = view.getAccount(hex);
  if (!account || (resource !== RESOURCE.Bandwidth && resource !== RESOURCE.Energy)) return 0n;
  const size = delegatableStake(view, account, resource);
  return size > 0n ? size : 0n;
}

/** Amount `fromHex` delegates to `toHex` (locked and unlocked). */
export function resourceV2(view: StateView, toHex: string, fromHex: string, resource: number): bigint {
  let total = 0n;
  for (const lock of [false, true]) {
    const r = getDelegation(view, fromHex, toHex, lock);
    if (r) total += resource === RESOURCE.Bandwidth ? r.bandwidth : resource === RESOURCE.Energy ? r.energy : 0n;
  }
  return total;
}

/** Own plus received stake of `resource`. */
export function totalResource(view: StateView, hex: string, resource: number): bigint {
  const account = view.getAccount(hex);
  if (!account) return 0n;
  return resource === RESOURCE.Bandwidth
    ? bandwidthStakeOf(account)
    : resource === RESOURCE.Energy
      ? energyStakeOf(account)
      : 0n;
}

export function totalDelegatedResource(view: StateView, hex: string, resource: number): bigint {
  const account = view.getAccount(hex);
  if (!account) return 0n;
  return resource === RESOURCE.Bandwidth
    ? account.delegatedFrozenV2Bandwidth
    : resource === RESOURCE.Energy
      ? account.delegatedFrozenV2Energy
      : 0n;
}

export function totalAcquiredResource(view: StateView, hex: string, resource: number): bigint {
  const account = view.getAccount(hex);
  if (!account) return 0n;
  return resource === RESOURCE.Bandwidth
    ? account.acquiredDelegatedFrozenV2Bandwidth
    : resource === RESOURCE.Energy
      ? account.acquiredDelegatedFrozenV2Energy
      : 0n;
}

/** TRON power in sun (getTronPower), for callers that need the raw figure. */
export function tronPower(view: StateView, hex: string): bigint {
  const account = view.getAccount(hex);
  return account ? tronPowerOf(account) : 0n;
}
