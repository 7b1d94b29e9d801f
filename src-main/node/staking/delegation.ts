import { bytesToHex } from '../../../src-core/bytes/hex';
import { mergeReturnedUsage } from '../../../src-core/fee/resource-math';
import { addressValid } from '../model/validation';
import type { AccountRecord } from '../state/account';
import { addFrozenV2, frozenV2Of, RESOURCE } from '../state/account';
import { RECORD } from '../state/records';
import type { StateReader, StateView } from '../state/view';
import { addEnergyUsage, addNetUsage, bandwidthStakeOf, energyStakeOf, usageAsStake } from '../resources/account-usage';
import {
  DEFAULT_LOCK_BLOCKS,
  DELEGATE_COST_BASE_SIZE,
  INT64_MAX,
  nowMs,
  nowSlot,
  RESOURCE_NAMES,
  SLOT_MS,
  supportMaxDelegateLockPeriod,
  supportUnfreezeDelay,
  TRX,
} from './rules';
import { ContractValidateError } from '../errors';

/**
 * Stake 2.0 delegation (JT DelegateResourceActuator, UnDelegateResourceActuator,
 * DelegatedResourceStore, DelegatedResourceAccountIndexStore): a pair of records per
 * (owner, receiver) — unlocked and locked — the amounts on both accounts, the index of who
 * delegates to whom, and the usage handed back to the owner when a delegation ends.
 */
export interface DelegatedResourceRecord {
  readonly from: Uint8Array;
  readonly to: Uint8Array;
  readonly bandwidth: bigint;
  readonly energy: bigint;
  /** ms; 0 for the unlocked record. */
  readonly expireBandwidth: number;
  readonly expireEnergy: number;
}

interface IndexEntry {
  readonly account: Uint8Array;
  readonly timestamp: number;
}

export function delegationKey(fromHex: string, toHex: string, lock: boolean): string {
  return `${lock ? '1' : '0'}${fromHex}${toHex}`;
}

export function getDelegation(
  reader: StateReader,
  fromHex: string,
  toHex: string,
  lock: boolean,
): DelegatedResourceRecord | undefined {
  return reader.getRecord(RECORD.delegation, delegationKey(fromHex, toHex, lock)) as
    DelegatedResourceRecord | undefined;
}

function putDelegation(
  view: StateView,
  fromHex: string,
  toHex: string,
  lock: boolean,
  record: DelegatedResourceRecord | undefined,
): void {
  view.putRecord(RECORD.delegation, delegationKey(fromHex, toHex, lock), record);
}

function emptyRecord(from: Uint8Array, to: Uint8Array): DelegatedResourceRecord {
  return { from, to, bandwidth: 0n, energy: 0n, expireBandwidth: 0, expireEnergy: 0 };
}

/** DelegatedResourceCapsule.add…: adds the amount and sets the expiry. */
function addTo(record: DelegatedResourceRecord, type: number, amount: bigint, expire: number): DelegatedResourceRecord {
  return type === RESOURCE.Bandwidth
    ? { ...record, bandwidth: record.bandwidth + amount, expireBandwidth: expire }
    : { ...record, energy: record.energy + amount, expireEnergy: expire };
}

/** DelegatedResourceStore.unLockExpireResource: locked amounts whose lock ended move to the unlocked record. */
function unlockExpired(view: StateView, fromHex: string, toHex: string, now: number): void {
  const locked = getDelegation(view, fromHex, toHex, true);
  if (!locked) return;
  if (locked.expireEnergy >= now && locked.expireBandwidth >= now) return;
  let unlocked = getDelegation(view, fromHex, toHex, false) ?? emptyRecord(locked.from, locked.to);
  let stillLocked = locked;
  if (locked.expireEnergy < now) {
    unlocked = addTo(unlocked, RESOURCE.Energy, locked.energy, 0);
    stillLocked = { ...stillLocked, energy: 0n, expireEnergy: 0 };
  }
  if (locked.expireBandwidth < now) {
    unlocked = addTo(unlocked, RESOURCE.Bandwidth, locked.bandwidth, 0);
    stillLocked = { ...stillLocked, bandwidth: 0n, expireBandwidth: 0 };
  }
  putDelegation(
    view,
    fromHex,
    toHex,
    true,
    stillLocked.bandwidth === 0n && stillLocked.energy === 0n ? undefined : stillLocked,
  );
  putDelegation(view, fromHex, toHex, false, unlocked);
}

// --- available stake -----------------------------------------------------------------------------

/**
 * Stake the owner can still delegate: own stake minus what its current usage stands for
 * (DelegateResourceActuator.validate, Wallet.calcCanDelegated…MaxSize). `extraBandwidth` adds the
 * bandwidth the DelegateResource transaction itself will use (only when building one).
 */
export function delegatableStake(view: StateView, account: AccountRecord, type: number, extraBandwidth = 0n): bigint {
  const p = view.props.parameters;
  const copy = { ...account };
  const slot = nowSlot(view);
  if (type === RESOURCE.Bandwidth) {
    addNetUsage(copy, 0n, slot);
    const usage =
      usageAsStake(copy.netUsage + extraBandwidth, view.mutable.totalNetWeight, p.getTotalNetLimit) -
      copy.acquiredDelegatedFrozenV2Bandwidth;
    return frozenV2Of(account, type) - (usage > 0n ? usage : 0n);
  }
  addEnergyUsage(copy, 0n, slot);
  const usage =
    usageAsStake(copy.energyUsage, view.mutable.totalEnergyWeight, p.getTotalEnergyCurrentLimit) -
    copy.acquiredDelegatedFrozenV2Energy;
  return frozenV2Of(account, type) - (usage > 0n ? usage : 0n);
}

/**
 * TransactionUtil.estimateConsumeBandWidthSize: the bytes of a locked DelegateResource of `balance`, beyond a minimal
 * one.
 */
export function estimateDelegateBandwidth(view: StateView, balance: bigint): bigint {
  const p = view.props.parameters;
  const varint = (n: bigint): bigint => {
    let size = 1n;
    for (let v = n; v >= 0x80n; v >>= 7n) size++;
    return size;
  };
  // DelegateResourceContract{lock: true, lock_period?, balance} vs {balance: 1 TRX}: tags are one byte each.
  const withLock =
    2n +
    (balance ? 1n + varint(balance) : 0n) +
    (supportMaxDelegateLockPeriod(p) ? 1n + varint(p.getMaxDelegateLockPeriod) : 0n);
  const minimal = 1n + varint(TRX);
  const extra = withLock - minimal;
  return DELEGATE_COST_BASE_SIZE + (extra > 0n ? extra : 0n);
}

// --- DelegateResource ----------------------------------------------------------------------------

export interface DelegateInput {
  readonly owner: Uint8Array | undefined;
  readonly receiver: Uint8Array | undefined;
  readonly amount: bigint;
  readonly resource: number;
  readonly lock: boolean;
  /** Blocks; 0 = the default of 86,400 (3 days). */
  readonly lockPeriod: bigint;
}

function effectiveLockPeriod(view: StateView, lockPeriod: bigint): bigint {
  if (!supportMaxDelegateLockPeriod(view.props.parameters)) return DEFAULT_LOCK_BLOCKS;
  return lockPeriod === 0n ? DEFAULT_LOCK_BLOCKS : lockPeriod;
}

/** `building`: validated while /wallet/delegateresource builds the transaction (its own bandwidth is counted). */
export function validateDelegate(view: StateView, input: DelegateInput, building = false): void {
  const p = view.props.parameters;
  if (p.getAllowDelegateResource !== 1n) throw new ContractValidateError('No support for resource delegate');
  if (!supportUnfreezeDelay(p))
    throw new ContractValidateError('Not support Delegate resource transaction, need to be opened by the committee');
  if (!addressValid(input.owner)) throw new ContractValidateError('Invalid address');
  const ownerHex = bytesToHex(input.owner);
  const owner = view.getAccount(ownerHex);
  if (!owner) throw new ContractValidateError(`Account[${ownerHex}] not exists`);
  if (input.amount < TRX) throw new ContractValidateError('delegateBalance must be greater than or equal to 1 TRX');
  if (input.resource === RESOURCE.Bandwidth) {
    const extra = building ? estimateDelegateBandwidth(view, frozenV2Of(owner, RESOURCE.Bandwidth)) : 0n;
    if (delegatableStake(view, owner, RESOURCE.Bandwidth, extra) < input.amount)
      throw new ContractValidateError(
        'delegateBalance must be less than or equal to available FreezeBandwidthV2 balance',
      );
  } else if (input.resource === RESOURCE.Energy) {
    if (delegatableStake(view, owner, RESOURCE.Energy) < input.amount)
      throw new ContractValidateError('delegateBalance must be less than or equal to available FreezeEnergyV2 balance');
  } else {
    throw new ContractValidateError('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
  }
  if (!addressValid(input.receiver)) throw new ContractValidateError('Invalid receiverAddress');
  const receiverHex = bytesToHex(input.receiver);
  if (receiverHex === ownerHex) throw new ContractValidateError('receiverAddress must not be the same as ownerAddress');
  const receiver = view.getAccount(receiverHex);
  if (!receiver) throw new ContractValidateError(`Account[${receiverHex}] not exists`);
  if (input.lock && supportMaxDelegateLockPeriod(p)) {
    const lockPeriod = effectiveLockPeriod(view, input.lockPeriod);
    const max = p.getMaxDelegateLockPeriod;
    if (lockPeriod < 0n || lockPeriod > max)
      throw new ContractValidateError(
        `The lock period of delegate resource cannot be less than 0 and cannot exceed ${max}!`,
      );
    const locked = getDelegation(view, ownerHex, receiverHex, true);
    if (locked) {
      const name = RESOURCE_NAMES[input.resource]!;
      const remaining = BigInt(
        (input.resource === RESOURCE.Bandwidth ? locked.expireBandwidth : locked.expireEnergy) - nowMs(view),
      );
      if (lockPeriod * BigInt(SLOT_MS) < remaining) {
        throw new ContractValidateError(
          `The lock period for ${name} this time cannot be less than the remaining time[${remaining}ms] of the last ` +
            `lock period for ${name}!`,
        );
      }
    }
  }
  if (receiver.type === 2) throw new ContractValidateError('Do not allow delegate resources to contract addresses');
}

export function applyDelegate(view: StateView, input: DelegateInput): void {
  const ownerHex = bytesToHex(input.owner!);
  const receiverHex = bytesToHex(input.receiver!);
  const now = nowMs(view);
  unlockExpired(view, ownerHex, receiverHex, now);
  const expire = input.lock ? now + Number(effectiveLockPeriod(view, input.lockPeriod)) * SLOT_MS : 0;
  const record =
    getDelegation(view, ownerHex, receiverHex, input.lock) ??
    emptyRecord(Uint8Array.from(input.owner!), Uint8Array.from(input.receiver!));
  putDelegation(view, ownerHex, receiverHex, input.lock, addTo(record, input.resource, input.amount, expire));
  view.putRecord(RECORD.delegationIndex, `f${ownerHex}${receiverHex}`, {
    account: Uint8Array.from(input.receiver!),
    timestamp: now,
  } satisfies IndexEntry);
  view.putRecord(RECORD.delegationIndex, `t${receiverHex}${ownerHex}`, {
    account: Uint8Array.from(input.owner!),
    timestamp: now,
  } satisfies IndexEntry);
  const receiver = view.mutableAccount(receiverHex)!;
  const owner = view.mutableAccount(ownerHex)!;
  if (input.resource === RESOURCE.Bandwidth) {
    receiver.acquiredDelegatedFrozenV2Bandwidth += input.amount;
    owner.delegatedFrozenV2Bandwidth += input.amount;
  } else {
    receiver.acquiredDelegatedFrozenV2Energy += input.amount;
    owner.delegatedFrozenV2Energy += input.amount;
  }
  addFrozenV2(owner, input.resource, -input.amount);
}

// --- UnDelegateResource --------------------------------------------------------------------------

export interface UnDelegateInput {
  readonly owner: Uint8Array | undefined;
  readonly receiver: Uint8Array | undefined;
  readonly amount: bigint;
  readonly resource: number;
}

/** Delegated amount the owner may take back now: unlocked, plus locked whose lock has ended. */
export function undelegatableAmount(
  reader: StateReader,
  ownerHex: string,
  receiverHex: string,
  resource: number,
  now: number,
): bigint {
  const unlocked = getDelegation(reader, ownerHex, receiverHex, false);
  const locked = getDelegation(reader, ownerHex, receiverHex, true);
  let total = 0n;
  if (resource === RESOURCE.Bandwidth) {
    if (unlocked) total += unlocked.bandwidth;
    if (locked && locked.expireBandwidth < now) total += locked.bandwidth;
  } else {
    if (unlocked) total += unlocked.energy;
    if (locked && locked.expireEnergy < now) total += locked.energy;
  }
  return total;
}

export function validateUnDelegate(view: StateView, input: UnDelegateInput): void {
  const p = view.props.parameters;
  if (p.getAllowDelegateResource !== 1n) throw new ContractValidateError('No support for resource delegate');
  if (!supportUnfreezeDelay(p))
    throw new ContractValidateError('Not support unDelegate resource transaction, need to be opened by the committee');
  if (!addressValid(input.owner)) throw new ContractValidateError('Invalid address');
  const ownerHex = bytesToHex(input.owner);
  if (!view.getAccount(ownerHex)) throw new ContractValidateError(`Account[${ownerHex}] does not exist`);
  if (!addressValid(input.receiver)) throw new ContractValidateError('Invalid receiverAddress');
  const receiverHex = bytesToHex(input.receiver);
  if (receiverHex === ownerHex) throw new ContractValidateError('receiverAddress must not be the same as ownerAddress');
  if (!getDelegation(view, ownerHex, receiverHex, false) && !getDelegation(view, ownerHex, receiverHex, true))
    throw new ContractValidateError('delegated Resource does not exist');
  if (input.amount <= 0n) throw new ContractValidateError('unDelegateBalance must be more than 0 TRX');
  const now = nowMs(view);
  if (input.resource === RESOURCE.Bandwidth) {
    const available = undelegatableAmount(view, ownerHex, receiverHex, RESOURCE.Bandwidth, now);
    if (available < input.amount)
      throw new ContractValidateError(
        `insufficient delegatedFrozenBalance(BANDWIDTH), request=${input.amount}, unlock_balance=${available}`,
      );
  } else if (input.resource === RESOURCE.Energy) {
    const available = undelegatableAmount(view, ownerHex, receiverHex, RESOURCE.Energy, now);
    if (available < input.amount)
      throw new ContractValidateError(
        `insufficient delegateFrozenBalance(Energy), request=${input.amount}, unlock_balance=${available}`,
      );
  } else {
    throw new ContractValidateError('ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]');
  }
}

/** The receiver's usage that goes back to the owner with `amount` of stake (capped at what that stake is worth). */
function transferredUsage(
  usage: bigint,
  amount: bigint,
  allStake: bigint,
  totalLimit: bigint,
  totalWeight: bigint,
): bigint {
  const cap = totalWeight > 0n ? (amount * totalLimit) / (TRX * totalWeight) : INT64_MAX;
  const share = allStake > 0n ? (usage * amount) / allStake : 0n;
  return share < cap ? share : cap;
}

export function applyUnDelegate(view: StateView, input: UnDelegateInput): void {
  const p = view.props.parameters;
  const ownerHex = bytesToHex(input.owner!);
  const receiverHex = bytesToHex(input.receiver!);
  const slot = nowSlot(view);
  const isBandwidth = input.resource === RESOURCE.Bandwidth;
  const receiver = view.mutableAccount(receiverHex);
  let transfer = 0n;
  if (receiver) {
    if (isBandwidth) {
      addNetUsage(receiver, 0n, slot);
      if (receiver.acquiredDelegatedFrozenV2Bandwidth < input.amount) {
        receiver.acquiredDelegatedFrozenV2Bandwidth = 0n;
      } else {
        transfer = transferredUsage(
          receiver.netUsage,
          input.amount,
          bandwidthStakeOf(receiver),
          p.getTotalNetLimit,
          view.mutable.totalNetWeight,
        );
        receiver.acquiredDelegatedFrozenV2Bandwidth -= input.amount;
      }
      receiver.netUsage -= transfer;
      receiver.latestConsumeTime = slot;
    } else {
      addEnergyUsage(receiver, 0n, slot);
      if (receiver.acquiredDelegatedFrozenV2Energy < input.amount) {
        receiver.acquiredDelegatedFrozenV2Energy = 0n;
      } else {
        transfer = transferredUsage(
          receiver.energyUsage,
          input.amount,
          energyStakeOf(receiver),
          p.getTotalEnergyCurrentLimit,
          view.mutable.totalEnergyWeight,
        );
        receiver.acquiredDelegatedFrozenV2Energy -= input.amount;
      }
      receiver.energyUsage -= transfer;
      receiver.latestConsumeTimeForEnergy = slot;
    }
  }
  unlockExpired(view, ownerHex, receiverHex, nowMs(view));
  const unlocked = getDelegation(view, ownerHex, receiverHex, false)!;
  const reduced = addTo(unlocked, input.resource, -input.amount, 0);
  const owner = view.mutableAccount(ownerHex)!;
  if (isBandwidth) owner.delegatedFrozenV2Bandwidth -= input.amount;
  else owner.delegatedFrozenV2Energy -= input.amount;
  addFrozenV2(owner, input.resource, input.amount);
  if (receiver && transfer > 0n) giveBackUsage(owner, receiver, transfer, isBandwidth, slot);
  const empty = reduced.bandwidth === 0n && reduced.energy === 0n;
  putDelegation(view, ownerHex, receiverHex, false, empty ? undefined : reduced);
  if (empty && !getDelegation(view, ownerHex, receiverHex, true)) {
    view.putRecord(RECORD.delegationIndex, `f${ownerHex}${receiverHex}`, undefined);
    view.putRecord(RECORD.delegationIndex, `t${receiverHex}${ownerHex}`, undefined);
  }
}

/** ResourceProcessor.unDelegateIncreaseV2. */
function giveBackUsage(
  owner: AccountRecord,
  receiver: AccountRecord,
  transfer: bigint,
  isBandwidth: boolean,
  slot: number,
): void {
  if (isBandwidth) {
    addNetUsage(owner, 0n, slot);
    const merged = mergeReturnedUsage({
      ownerUsage: owner.netUsage,
      ownerWindow: { windowSize: owner.netWindowSize, optimized: owner.netWindowOptimized },
      transferUsage: transfer,
      receiverWindow: { windowSize: receiver.netWindowSize, optimized: receiver.netWindowOptimized },
    });
    owner.netUsage = merged.usage;
    owner.netWindowSize = merged.window.windowSize;
    owner.netWindowOptimized = merged.window.optimized;
    owner.latestConsumeTime = slot;
  } else {
    addEnergyUsage(owner, 0n, slot);
    const merged = mergeReturnedUsage({
      ownerUsage: owner.energyUsage,
      ownerWindow: { windowSize: owner.energyWindowSize, optimized: owner.energyWindowOptimized },
      transferUsage: transfer,
      receiverWindow: { windowSize: receiver.energyWindowSize, optimized: receiver.energyWindowOptimized },
    });
    owner.energyUsage = merged.usage;
    owner.energyWindowSize = merged.window.windowSize;
    owner.energyWindowOptimized = merged.window.optimized;
    owner.latestConsumeTimeForEnergy = slot;
  }
}

// --- reads ---------------------------------------------------------------------------------------

/** getdelegatedresourcev2: the unlocked record, then the locked one, skipping empty ones. */
export function delegatedResources(reader: StateReader, fromHex: string, toHex: string): DelegatedResourceRecord[] {
  const out: DelegatedResourceRecord[] = [];
  for (const lock of [false, true]) {
    const r = getDelegation(reader, fromHex, toHex, lock);
    if (r && !(r.bandwidth === 0n && r.energy === 0n && r.expireBandwidth === 0 && r.expireEnergy === 0)) out.push(r);
  }
  return out;
}

/** getdelegatedresourceaccountindexv2: receivers (toAccounts) and givers (fromAccounts), oldest first. */
export function delegationIndex(
  reader: StateReader,
  hex: string,
): { toAccounts: Uint8Array[]; fromAccounts: Uint8Array[] } {
  const collect = (prefix: string): Uint8Array[] => {
    const entries: IndexEntry[] = [];
    for (const key of reader.recordKeys(RECORD.delegationIndex, prefix)) {
      const entry = reader.getRecord(RECORD.delegationIndex, key) as IndexEntry | undefined;
      if (entry) entries.push(entry);
    }
    // Ties (same block) keep key order, as the LevelDB prefix scan java-tron sorts from.
    return entries
      .map((e, i) => ({ e, i, k: bytesToHex(e.account) }))
      .sort((a, b) => a.e.timestamp - b.e.timestamp || (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i))
      .map(({ e }) => e.account);
  };
  return { toAccounts: collect(`f${hex}`), fromAccounts: collect(`t${hex}`) };
}
