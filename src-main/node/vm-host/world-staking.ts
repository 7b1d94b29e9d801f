import type { HexAddress } from '../../../src-core/brand';
import { hexToBytes } from '../../../src-core/bytes/hex';
import type { AccountRecord as NodeAccount } from '../state/account';
import { newAccount } from '../state/account';
import type { RecordValue } from '../state/records';
import { recordSlot } from '../state/records';
import type { StateReader } from '../state/view';
import type { TxMutableProperties } from '../state/dynamic';
import { StateView } from '../state/view';
import type { WitnessRecord } from '../state/witness';
import { staking } from '../staking';
import { energyLeft } from '../resources/energy';
import { headSlotOf } from '../resources/account-usage';
import type { StakingContext, StakingHooks, StakingQueries } from '../vm/staking-hooks';
import type { TronWorldState } from '../vm/world-state';
import { AccountType } from '../vm/world-state';
import { backendOf, typeCodeOf } from './world-backend';

/**
 * The VM's staking hooks (vm/staking-hooks.ts) over the node's staking service (staking/service.ts)
 * and energy processor (resources/energy.ts).
 *
 * The service works on a `StateView`; the VM needs every effect to live in its journaled world, so
 * that a reverted frame takes its staking calls back with it, and it needs the service to see the
 * balances the VM has changed so far. Each hook therefore runs the service on a throw-away view
 * whose base is the node's state seen through the VM world (VM balances and TRC-10, plus what
 * earlier hooks of this transaction staged), then stages the view's effects in the world as
 * records: whole accounts (`acct`), keyed records (`rec`), witnesses (`wit`) and the stake totals
 * (`totals`). `ViewWorldBackend.apply` writes them into the node's state when the transaction
 * commits. (The keys of a namespace that only staged records add are not listed by
 * `recordKeys`; no staking path the VM reaches enumerates them.)
 */
export const STAGED = { account: 'acct', record: 'rec', witness: 'wit', totals: 'totals' } as const;

/** A staged keyed record: `v` null = deleted (a bare undefined would read as "not staged"). */
export interface StagedRecord {
  readonly v: RecordValue | null;
}

/** The node's state as the VM world sees it mid-transaction. */
class WorldStateReader implements StateReader {
  constructor(
    private readonly view: StateView,
    private readonly world: TronWorldState,
  ) {}

  getAccount(addressHex: string): NodeAccount | undefined {
    const world = this.world;
    const vm = world.getAccount(addressHex as HexAddress);
    if (!vm) return undefined;
    const staged = world.getRecord(STAGED.account, addressHex) as NodeAccount | undefined;
    const base =
      staged ??
      this.view.getAccount(addressHex) ??
      newAccount(hexToBytes(addressHex), {
        createTime: this.view.props.headTimestamp,
        activeOperations: hexToBytes(this.view.props.activeDefaultOperations),
      });
    return {
      ...base,
      balance: vm.balance,
      type: typeCodeOf(vm.type),
      assetV2: new Map(world.getTokenBalances(addressHex as HexAddress)),
    };
  }

  nameOwner(nameHex: string): string | undefined {
    return this.view.nameOwner(nameHex);
  }

  getWitness(addressHex: string): WitnessRecord | undefined {
    return (
      (this.world.getRecord(STAGED.witness, addressHex) as WitnessRecord | undefined) ??
      this.view.getWitness(addressHex)
    );
  }

  witnessAddresses(): Iterable<string> {
    return this.view.witnessAddresses();
  }

  getRecord(namespace: string, key: string): RecordValue | undefined {
    const staged = this.world.getRecord(STAGED.record, recordSlot(namespace, key)) as StagedRecord | undefined;
    if (staged) return staged.v ?? undefined;
    return this.view.getRecord(namespace, key);
  }

  recordKeys(namespace: string, prefix?: string): Iterable<string> {
    return this.view.recordKeys(namespace, prefix);
  }

  getExt(key: string): unknown {
    return this.view.getExt(key);
  }
}

/** A throw-away view over the node's state as the VM world sees it now. */
function stakingView(ctx: StakingContext): StateView {
  const backend = backendOf(ctx.world);
  if (!backend) throw new Error('The VM world is not one of this node (no backend).');
  const totals = (ctx.world.getRecord(STAGED.totals, '') as TxMutableProperties | undefined) ?? backend.view.mutable;
  return new StateView(new WorldStateReader(backend.view, ctx.world), backend.view.props, totals);
}

/** Moves what `view` changed into the VM world, where the frame's journal can take it back. */
function stage(world: TronWorldState, view: StateView): void {
  for (const [hex, account] of view.changes) {
    const address = hex as HexAddress;
    world.putRecord(STAGED.account, hex, account);
    const vm = world.getAccount(address);
    const type = vm?.type ?? AccountType.Normal;
    if (!vm || vm.balance !== account.balance) world.putAccount(address, { type, balance: account.balance });
    const tokens = world.getTokenBalances(address);
    for (const [id, amount] of account.assetV2)
      if ((tokens.get(id) ?? 0n) !== amount) world.setTokenBalance(address, id, amount);
  }
  for (const [slot, value] of view.recordChanges)
    world.putRecord(STAGED.record, slot, { v: value } satisfies StagedRecord);
  for (const [hex, witness] of view.witnessChanges) world.putRecord(STAGED.witness, hex, witness);
  world.putRecord(STAGED.totals, '', { ...view.mutable });
}

/** Runs a staking-service call for the VM and stages its effects when it succeeded. */
function run<T extends { readonly ok: boolean }>(ctx: StakingContext, call: (view: StateView) => T): T {
  const view = stakingView(ctx);
  const result = call(view);
  if (result.ok) stage(ctx.world, view);
  return result;
}

/** Runs a call that always applies (SELFDESTRUCT's steps) and stages its effects. */
function apply<T>(ctx: StakingContext, call: (view: StateView) => T): T {
  const view = stakingView(ctx);
  const result = call(view);
  stage(ctx.world, view);
  return result;
}

function read<T>(ctx: StakingContext, call: (view: StateView) => T): T {
  return call(stakingView(ctx));
}

const ZERO_CANCELED = { BANDWIDTH: 0n, ENERGY: 0n, TRON_POWER: 0n };

function refused(reason: string) {
  return { ok: false as const, reason, withdrawnExpired: 0n, amount: 0n, canceled: ZERO_CANCELED };
}

/**
 * `ChainParameterEnum`: 1 total net limit, 2 total net weight, 3 total energy limit, 4 total energy weight, 5 unfreeze
 * delay days.
 */
function chainParameter(view: StateView, code: bigint): bigint {
  const p = view.props.parameters;
  switch (code) {
    case 1n:
      return p.getTotalNetLimit;
    case 2n:
      return view.mutable.totalNetWeight;
    case 3n:
      return p.getTotalEnergyCurrentLimit;
    case 4n:
      return view.mutable.totalEnergyWeight;
    case 5n:
      return p.getUnfreezeDelayDays;
    default:
      return 0n;
  }
}

const queries: StakingQueries = {
  rewardBalance: (ctx, address) => read(ctx, (v) => staking.rewardBalance(v, address)),
  isWitness: (ctx, address) => read(ctx, (v) => staking.isWitness(v, address)),
  voteCount: (ctx, voter, witness) => read(ctx, (v) => staking.voteCount(v, voter, witness)),
  usedVoteCount: (ctx, voter) => read(ctx, (v) => staking.usedVoteCount(v, voter)),
  receivedVoteCount: (ctx, witness) => read(ctx, (v) => staking.receivedVoteCount(v, witness)),
  totalVoteCount: (ctx, voter) => read(ctx, (v) => staking.totalVoteCount(v, voter)),
  chainParameter: (ctx, code) => read(ctx, (v) => chainParameter(v, code)),
  availableUnfreezeV2Size: (ctx, address) => read(ctx, (v) => staking.availableUnfreezeV2Size(v, address)),
  unfreezableBalanceV2: (ctx, address, resource) =>
    read(ctx, (v) => staking.unfreezableBalanceV2(v, address, Number(resource))),
  expireUnfreezeBalanceV2: (ctx, address, timeMs) =>
    read(ctx, (v) => staking.expireUnfreezeBalanceV2(v, address, Number(timeMs))),
  delegatableResource: (ctx, address, resource) =>
    read(ctx, (v) => staking.delegatableResource(v, address, Number(resource))),
  resourceV2: (ctx, target, from, resource) => read(ctx, (v) => staking.resourceV2(v, target, from, Number(resource))),
  // Not modelled by the staking service yet: the usage-aware undelegate check and resource usage.
  checkUnDelegateResource: () => undefined,
  resourceUsage: () => undefined,
  totalResource: (ctx, address, resource) => read(ctx, (v) => staking.totalResource(v, address, Number(resource))),
  totalDelegatedResource: (ctx, address, resource) =>
    read(ctx, (v) => staking.totalDelegatedResource(v, address, Number(resource))),
  totalAcquiredResource: (ctx, address, resource) =>
    read(ctx, (v) => staking.totalAcquiredResource(v, address, Number(resource))),
};

export function nodeStakingHooks(): StakingHooks {
  return {
    freezeBalanceV2: (ctx, owner, amount, resource) => run(ctx, (v) => staking.freezeV2(v, owner, amount, resource)),
    unfreezeBalanceV2: (ctx, owner, amount, resource) => {
      const result = run(ctx, (v) => staking.unfreezeV2(v, owner, amount, resource));
      return result.ok ? { ok: true, withdrawnExpired: result.withdrawnExpired } : refused(result.reason);
    },
    withdrawExpireUnfreeze: (ctx, owner) => {
      const result = run(ctx, (v) => staking.withdrawExpireUnfreeze(v, owner));
      return result.ok ? { ok: true, amount: result.amount } : refused(result.reason);
    },
    cancelAllUnfreezeV2: (ctx, owner) => {
      const result = run(ctx, (v) => staking.cancelAllUnfreezeV2(v, owner));
      return result.ok
        ? { ok: true, withdrawnExpired: result.withdrawnExpired, canceled: result.canceled }
        : refused(result.reason);
    },
    delegateResource: (ctx, owner, receiver, amount, resource) =>
      run(ctx, (v) => staking.delegate(v, owner, receiver, amount, resource)),
    unDelegateResource: (ctx, owner, receiver, amount, resource) =>
      run(ctx, (v) => staking.undelegate(v, owner, receiver, amount, resource)),
    voteWitness: (ctx, owner, votes) =>
      run(ctx, (v) =>
        staking.vote(
          v,
          owner,
          votes.map((vote) => ({ witnessHex: vote.witness, count: vote.count })),
        ),
      ),
    withdrawReward: (ctx, owner) => {
      const result = run(ctx, (v) => staking.withdrawReward(v, owner));
      return result.ok ? { ok: true, amount: result.amount } : refused(result.reason);
    },
    // Stake 1.0 is not modelled (this node has no v1 frozen balances), so freezeV1/unfreezeV1/
    // freezeV1ExpireTime are left out. With allowTvmFreeze the opcodes then do what java-tron does
    // for an account without a v1 balance: FREEZE is a no-op pushing 0 after FreezeV2, UNFREEZE
    // pushes 0 with its unfreezeFor… internal transaction rejected, FREEZEEXPIRETIME pushes 0.
    canSuicide: (ctx, owner) => read(ctx, (v) => staking.canSuicide(v, owner)),
    withdrawRewardAndCancelVotes: (ctx, owner) => apply(ctx, (v) => staking.withdrawRewardAndCancelVotes(v, owner)),
    transferStakeToInheritor: (ctx, owner, inheritor) =>
      apply(ctx, (v) => staking.transferStakeToInheritor(v, owner, inheritor)),
    accountEnergyLeft: (ctx, address) => {
      // Asked once or twice before every VM transaction: when no hook of this transaction staged the
      // account or the stake totals, the node's view answers as the staking view would, without one.
      const backend = backendOf(ctx.world);
      const unstaged =
        backend !== undefined &&
        ctx.world.getRecord(STAGED.account, address) === undefined &&
        ctx.world.getRecord(STAGED.totals, '') === undefined;
      const left = (v: StateView) =>
        energyLeft(v, address, { nowSlot: headSlotOf(v.props), headTimestamp: v.props.headTimestamp });
      if (!unstaged) return read(ctx, left);
      return ctx.world.getAccount(address) === undefined ? 0n : left(backend.view);
    },
    queries,
  };
}
