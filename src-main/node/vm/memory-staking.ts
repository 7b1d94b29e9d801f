import type { HexAddress } from '../../../src-core/brand';
import type {
  CanceledUnfreeze,
  StakingContext,
  StakingHooks,
  StakingOutcome,
  StakingQueries,
  Vote,
} from './staking-hooks';
import { AccountType, addBalance } from './world-state';

/**
 * Stake 2.0 rules for the in-memory world (tests, bench, and a template for the node): freezing,
 * unfreezing with a delay, withdrawals, cancel-all, delegation, votes and rewards, kept as
 * immutable records in the world's `stake` namespace so that they revert with the VM frame.
 * Refusals carry java-tron's validation messages. Resource usage windows, bandwidth and the
 * legacy Stake 1.0 operations are not modelled.
 */

const TRX = 1_000_000n;
const DAY_MS = 86_400_000n;
const UNFREEZE_MAX_TIMES = 32;
const NAMES = ['BANDWIDTH', 'ENERGY', 'TRON_POWER'] as const;

interface PendingUnfreeze {
  readonly type: number;
  readonly amount: bigint;
  readonly expireTime: bigint;
}

export interface StakeRecord {
  /** Frozen V2 balance by resource: [bandwidth, energy, tron power]. */
  readonly frozen: readonly [bigint, bigint, bigint];
  readonly unfrozen: readonly PendingUnfreeze[];
  /** Delegated to others: receiver → [bandwidth, energy]. */
  readonly delegatedTo: Readonly<Record<string, readonly [bigint, bigint]>>;
  /** Received from others: [bandwidth, energy]. */
  readonly acquired: readonly [bigint, bigint];
  readonly votes: readonly Vote[];
  /** Unclaimed voting reward (sun). */
  readonly allowance: bigint;
}

const EMPTY_STAKE: StakeRecord = {
  frozen: [0n, 0n, 0n],
  unfrozen: [],
  delegatedTo: {},
  acquired: [0n, 0n],
  votes: [],
  allowance: 0n,
};

const ok: StakingOutcome = { ok: true };
function refused(
  reason: string,
): StakingOutcome & { withdrawnExpired: bigint; amount: bigint; canceled: CanceledUnfreeze } {
  return {
    ok: false,
    reason,
    withdrawnExpired: 0n,
    amount: 0n,
    canceled: { BANDWIDTH: 0n, ENERGY: 0n, TRON_POWER: 0n },
  };
}

export function readStake(ctx: Pick<StakingContext, 'world'>, address: HexAddress): StakeRecord {
  return (ctx.world.getRecord('stake', address) as StakeRecord | undefined) ?? EMPTY_STAKE;
}

function writeStake(ctx: StakingContext, address: HexAddress, record: StakeRecord): void {
  ctx.world.putRecord('stake', address, record);
}

function now(ctx: StakingContext): bigint {
  return ctx.block.latestBlockTimestampMs;
}

function param(ctx: StakingContext, key: string): bigint {
  return (ctx.parameters as unknown as Partial<Record<string, bigint>>)[key] ?? 0n;
}

function setFrozen(frozen: StakeRecord['frozen'], type: number, value: bigint): StakeRecord['frozen'] {
  const next = [...frozen] as [bigint, bigint, bigint];
  next[type] = value;
  return next;
}

function delegatedTotal(record: StakeRecord, type: number): bigint {
  let total = 0n;
  for (const amounts of Object.values(record.delegatedTo)) total += amounts[type] ?? 0n;
  return total;
}

function matured(record: StakeRecord, time: bigint): bigint {
  return record.unfrozen.filter((u) => u.expireTime <= time).reduce((sum, u) => sum + u.amount, 0n);
}

function resourceError(ctx: StakingContext): string {
  return param(ctx, 'getAllowNewResourceModel') !== 0n
    ? 'Unknown ResourceCode, valid ResourceCode[BANDWIDTH、ENERGY、TRON_POWER]'
    : 'Unknown ResourceCode, valid ResourceCode[BANDWIDTH、ENERGY]';
}

function validResource(ctx: StakingContext, resource: number): boolean {
  return resource === 0 || resource === 1 || (resource === 2 && param(ctx, 'getAllowNewResourceModel') !== 0n);
}

function tronPower(record: StakeRecord): bigint {
  return (
    (record.frozen[0] + record.frozen[1] + record.frozen[2] + delegatedTotal(record, 0) + delegatedTotal(record, 1)) /
    TRX
  );
}

export class MemoryStaking implements StakingHooks {
  /** Energy left from stake, when a test wants a fixed figure instead of the frozen-balance formula. */
  readonly energyLeft = new Map<HexAddress, bigint>();

  freezeBalanceV2(ctx: StakingContext, owner: HexAddress, amount: bigint, resource: number): StakingOutcome {
    const account = ctx.world.getAccount(owner);
    if (account === undefined) return refused(`Account[${owner}] not exists`);
    if (amount <= 0n) return refused('FrozenBalance must be positive');
    if (amount < TRX) return refused('FrozenBalance must be greater than or equal to 1 TRX');
    if (amount > account.balance) return refused('FrozenBalance must be less than or equal to accountBalance');
    if (!validResource(ctx, resource)) return refused(resourceError(ctx));
    const record = readStake(ctx, owner);
    writeStake(ctx, owner, {
      ...record,
      frozen: setFrozen(record.frozen, resource, record.frozen[resource as 0 | 1 | 2] + amount),
    });
    addBalance(ctx.world, owner, -amount);
    return ok;
  }

  unfreezeBalanceV2(
    ctx: StakingContext,
    owner: HexAddress,
    amount: bigint,
    resource: number,
  ): StakingOutcome & { withdrawnExpired: bigint } {
    if (ctx.world.getAccount(owner) === undefined) return refused(`Account[${owner}] does not exist`);
    const record = readStake(ctx, owner);
    const time = now(ctx);
    if (record.unfrozen.filter((u) => u.expireTime > time).length >= UNFREEZE_MAX_TIMES)
      return refused('Invalid unfreeze operation, unfreezing times is over limit');
    if (!validResource(ctx, resource)) return refused(resourceError(ctx));
    const frozen = record.frozen[resource as 0 | 1 | 2];
    if (frozen <= 0n) return refused(`no frozenBalance(${NAMES[resource]})`);
    if (amount <= 0n || amount > frozen) return refused(`Invalid unfreeze_balance, [${amount}] is invalid`);
    const withdrawnExpired = matured(record, time);
    const pending = record.unfrozen.filter((u) => u.expireTime > time);
    const expireTime = time + param(ctx, 'getUnfreezeDelayDays') * DAY_MS;
    writeStake(ctx, owner, {
      ...record,
      frozen: setFrozen(record.frozen, resource, frozen - amount),
      unfrozen: [...pending, { type: resource, amount, expireTime }],
    });
    if (withdrawnExpired > 0n) addBalance(ctx.world, owner, withdrawnExpired);
    return { ok: true, withdrawnExpired };
  }

  withdrawExpireUnfreeze(ctx: StakingContext, owner: HexAddress): StakingOutcome & { amount: bigint } {
    if (ctx.world.getAccount(owner) === undefined) return refused(`Account[${owner}] not exists`);
    const record = readStake(ctx, owner);
    const time = now(ctx);
    const amount = matured(record, time);
    if (amount > 0n) {
      writeStake(ctx, owner, { ...record, unfrozen: record.unfrozen.filter((u) => u.expireTime > time) });
      addBalance(ctx.world, owner, amount);
    }
    return { ok: true, amount };
  }

  cancelAllUnfreezeV2(
    ctx: StakingContext,
    owner: HexAddress,
  ): StakingOutcome & { withdrawnExpired: bigint; canceled: CanceledUnfreeze } {
    if (ctx.world.getAccount(owner) === undefined) return refused(`Account[${owner}] not exists`);
    const record = readStake(ctx, owner);
    const time = now(ctx);
    let frozen = record.frozen;
    const canceled = [0n, 0n, 0n];
    let withdrawnExpired = 0n;
    for (const entry of record.unfrozen) {
      if (entry.expireTime > time) {
        frozen = setFrozen(frozen, entry.type, frozen[entry.type as 0 | 1 | 2] + entry.amount);
        canceled[entry.type] = canceled[entry.type]! + entry.amount;
      } else {
        withdrawnExpired += entry.amount;
      }
    }
    writeStake(ctx, owner, { ...record, frozen, unfrozen: [] });
    if (withdrawnExpired > 0n) addBalance(ctx.world, owner, withdrawnExpired);
    return {
      ok: true,
      withdrawnExpired,
      canceled: { BANDWIDTH: canceled[0]!, ENERGY: canceled[1]!, TRON_POWER: canceled[2]! },
    };
  }

  delegateResource(
    ctx: StakingContext,
    owner: HexAddress,
    receiver: HexAddress,
    amount: bigint,
    resource: number,
  ): StakingOutcome {
    if (ctx.world.getAccount(owner) === undefined) return refused(`Account[${owner}] not exists`);
    if (resource !== 0 && resource !== 1) return refused('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
    if (amount < TRX) return refused('delegateBalance must be greater than or equal to 1 TRX');
    const record = readStake(ctx, owner);
    const available = record.frozen[resource] - delegatedTotal(record, resource);
    if (amount > available)
      return refused(
        `delegateBalance must be less than or equal to available Freeze${resource === 0 ? 'Bandwidth' : 'Energy'}V2 balance`,
      );
    if (receiver === owner) return refused('receiverAddress must not be the same as ownerAddress');
    const target = ctx.world.getAccount(receiver);
    if (target === undefined) return refused(`Account[${receiver}] not exists`);
    if (target.type === AccountType.Contract) return refused('Do not allow delegate resources to contract addresses');
    const current = record.delegatedTo[receiver] ?? [0n, 0n];
    const updated: [bigint, bigint] = [current[0], current[1]];
    updated[resource] += amount;
    writeStake(ctx, owner, { ...record, delegatedTo: { ...record.delegatedTo, [receiver]: updated } });
    const receiving = readStake(ctx, receiver);
    const acquired: [bigint, bigint] = [receiving.acquired[0], receiving.acquired[1]];
    acquired[resource] += amount;
    writeStake(ctx, receiver, { ...receiving, acquired });
    return ok;
  }

  unDelegateResource(
    ctx: StakingContext,
    owner: HexAddress,
    receiver: HexAddress,
    amount: bigint,
    resource: number,
  ): StakingOutcome {
    if (resource !== 0 && resource !== 1) return refused('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
    const record = readStake(ctx, owner);
    const current = record.delegatedTo[receiver];
    if (current === undefined) return refused('delegated Resource does not exist');
    if (amount <= 0n) return refused('unDelegateBalance must be more than 0 TRX');
    if (current[resource] < amount)
      return refused(
        `insufficient delegatedFrozenBalance(${NAMES[resource]}), request=${amount}, unlock_balance=${current[resource]}`,
      );
    const updated: [bigint, bigint] = [current[0], current[1]];
    updated[resource] -= amount;
    const delegatedTo = { ...record.delegatedTo };
    if (updated[0] === 0n && updated[1] === 0n) delete delegatedTo[receiver];
    else delegatedTo[receiver] = updated;
    writeStake(ctx, owner, { ...record, delegatedTo });
    const receiving = readStake(ctx, receiver);
    const acquired: [bigint, bigint] = [receiving.acquired[0], receiving.acquired[1]];
    acquired[resource] -= amount;
    writeStake(ctx, receiver, { ...receiving, acquired });
    return ok;
  }

  voteWitness(ctx: StakingContext, owner: HexAddress, votes: readonly Vote[]): StakingOutcome {
    if (ctx.world.getAccount(owner) === undefined) return refused(`Account[${owner}] not exists`);
    if (votes.length > 30) return refused('VoteNumber more than maxVoteNumber 30');
    let total = 0n;
    for (const vote of votes) {
      if (vote.count <= 0n) return refused('vote count must be greater than 0');
      if (ctx.world.getRecord('witness', vote.witness) === undefined)
        return refused(`Witness[${vote.witness}] not exists`);
      total += vote.count;
    }
    const record = readStake(ctx, owner);
    if (total > tronPower(record))
      return refused(`The total number of votes[${total}] is greater than the tronPower[${tronPower(record)}]`);
    for (const vote of record.votes) adjustWitnessVotes(ctx, vote.witness, -vote.count);
    for (const vote of votes) adjustWitnessVotes(ctx, vote.witness, vote.count);
    writeStake(ctx, owner, { ...record, votes: [...votes] });
    return ok;
  }

  withdrawReward(ctx: StakingContext, owner: HexAddress): StakingOutcome & { amount: bigint } {
    if (ctx.world.getAccount(owner) === undefined) return refused(`Account[${owner}] not exists`);
    const record = readStake(ctx, owner);
    const amount = record.allowance;
    if (amount > 0n) {
      writeStake(ctx, owner, { ...record, allowance: 0n });
      addBalance(ctx.world, owner, amount);
    }
    return { ok: true, amount };
  }

  canSuicide(ctx: StakingContext, owner: HexAddress): boolean {
    const record = readStake(ctx, owner);
    const time = now(ctx);
    return (
      delegatedTotal(record, 0) === 0n &&
      delegatedTotal(record, 1) === 0n &&
      record.unfrozen.every((u) => u.expireTime <= time)
    );
  }

  withdrawRewardAndCancelVotes(ctx: StakingContext, owner: HexAddress): void {
    const record = readStake(ctx, owner);
    if (record.allowance === 0n && record.votes.length === 0) return;
    for (const vote of record.votes) adjustWitnessVotes(ctx, vote.witness, -vote.count);
    writeStake(ctx, owner, { ...record, allowance: 0n, votes: [] });
    if (record.allowance > 0n) addBalance(ctx.world, owner, record.allowance);
  }

  transferStakeToInheritor(
    ctx: StakingContext,
    owner: HexAddress,
    inheritor: HexAddress,
  ): { withdrawnExpired: bigint } {
    const record = readStake(ctx, owner);
    const time = now(ctx);
    const withdrawnExpired = matured(record, time);
    if (record === EMPTY_STAKE) return { withdrawnExpired: 0n };
    const heir = readStake(ctx, inheritor);
    writeStake(ctx, inheritor, {
      ...heir,
      frozen: [heir.frozen[0] + record.frozen[0], heir.frozen[1] + record.frozen[1], heir.frozen[2] + record.frozen[2]],
    });
    if (withdrawnExpired > 0n) addBalance(ctx.world, inheritor, withdrawnExpired);
    writeStake(ctx, owner, { ...record, frozen: [0n, 0n, 0n], unfrozen: [] });
    return { withdrawnExpired };
  }

  /** Fixed figure from `energyLeft`, else frozen energy × TotalEnergyCurrentLimit / TotalEnergyWeight (no usage). */
  accountEnergyLeft(ctx: StakingContext, address: HexAddress): bigint {
    const fixed = this.energyLeft.get(address);
    if (fixed !== undefined) return fixed;
    const record = readStake(ctx, address);
    const frozen = record.frozen[1] + record.acquired[1];
    const weight = (ctx.world.getRecord('totals', 'energyWeight') as bigint | undefined) ?? 0n;
    if (frozen === 0n || weight === 0n) return 0n;
    return ((frozen / TRX) * param(ctx, 'getTotalEnergyCurrentLimit')) / weight;
  }

  readonly queries: StakingQueries = {
    rewardBalance: (ctx, address) => readStake(ctx, address).allowance,
    isWitness: (ctx, address) => ctx.world.getRecord('witness', address) !== undefined,
    voteCount: (ctx, voter, witness) =>
      readStake(ctx, voter)
        .votes.filter((v) => v.witness === witness)
        .reduce((sum, v) => sum + v.count, 0n),
    usedVoteCount: (ctx, voter) => readStake(ctx, voter).votes.reduce((sum, v) => sum + v.count, 0n),
    receivedVoteCount: (ctx, witness) =>
      (ctx.world.getRecord('witness', witness) as { votes: bigint } | undefined)?.votes ?? 0n,
    totalVoteCount: (ctx, voter) => tronPower(readStake(ctx, voter)),
    chainParameter: (ctx, code) => chainParameterByCode(ctx, code),
    availableUnfreezeV2Size: (ctx, address) =>
      BigInt(UNFREEZE_MAX_TIMES - readStake(ctx, address).unfrozen.filter((u) => u.expireTime > now(ctx)).length),
    unfreezableBalanceV2: (ctx, address, resource) =>
      resource >= 0n && resource <= 2n
        ? readStake(ctx, address).frozen[Number(resource) as 0 | 1 | 2] -
          (resource < 2n ? delegatedTotal(readStake(ctx, address), Number(resource)) : 0n)
        : 0n,
    expireUnfreezeBalanceV2: (ctx, address, timeMs) => matured(readStake(ctx, address), timeMs),
    delegatableResource: (ctx, address, resource) =>
      resource === 0n || resource === 1n
        ? readStake(ctx, address).frozen[Number(resource) as 0 | 1] -
          delegatedTotal(readStake(ctx, address), Number(resource))
        : 0n,
    resourceV2: (ctx, target, from, resource) =>
      resource === 0n || resource === 1n
        ? (readStake(ctx, from).delegatedTo[target]?.[Number(resource) as 0 | 1] ?? 0n)
        : 0n,
    checkUnDelegateResource: (ctx, target, amount, resource) => {
      if (resource !== 0n && resource !== 1n) return undefined;
      const delegated = readStake(ctx, target).frozen[Number(resource) as 0 | 1];
      return amount > delegated ? undefined : [amount, 0n, 0n];
    },
    resourceUsage: () => [0n, 0n],
    totalResource: (ctx, address, resource) =>
      resource === 0n || resource === 1n
        ? readStake(ctx, address).frozen[Number(resource) as 0 | 1] +
          readStake(ctx, address).acquired[Number(resource) as 0 | 1]
        : 0n,
    totalDelegatedResource: (ctx, address, resource) =>
      resource === 0n || resource === 1n ? delegatedTotal(readStake(ctx, address), Number(resource)) : 0n,
    totalAcquiredResource: (ctx, address, resource) =>
      resource === 0n || resource === 1n ? readStake(ctx, address).acquired[Number(resource) as 0 | 1] : 0n,
  };
}

function adjustWitnessVotes(ctx: StakingContext, witness: HexAddress, delta: bigint): void {
  const record = ctx.world.getRecord('witness', witness) as { votes: bigint } | undefined;
  if (record === undefined) return;
  ctx.world.putRecord('witness', witness, { ...record, votes: record.votes + delta });
}

/** `ChainParameterEnum`: 1 total net limit, 2 total net weight, 3 total energy limit, 4 total energy weight, 5 unfreeze delay days. */
function chainParameterByCode(ctx: StakingContext, code: bigint): bigint {
  switch (code) {
    case 1n:
      return param(ctx, 'getTotalNetLimit');
    case 2n:
      return (ctx.world.getRecord('totals', 'netWeight') as bigint | undefined) ?? 0n;
    case 3n:
      return param(ctx, 'getTotalEnergyCurrentLimit');
    case 4n:
      return (ctx.world.getRecord('totals', 'energyWeight') as bigint | undefined) ?? 0n;
    case 5n:
      return param(ctx, 'getUnfreezeDelayDays');
    default:
      return 0n;
  }
}

/** Registers a witness (SR candidate) in the in-memory world so that votes for it are accepted. */
export function addWitness(world: StakingContext['world'], address: HexAddress): void {
  world.putRecord('witness', address, { votes: 0n });
}

/** Gives an account an unclaimed reward. */
export function setReward(world: StakingContext['world'], address: HexAddress, amount: bigint): void {
  const record = (world.getRecord('stake', address) as StakeRecord | undefined) ?? EMPTY_STAKE;
  world.putRecord('stake', address, { ...record, allowance: amount });
}
