import type { HexAddress } from '../../../src-core/brand';
import type { CanceledUnfreeze, StakingContext, StakingHooks, StakingOutcome, StakingQueries } from '../vm/staking-hooks';
import { energyLeftOf } from './energy';
import { backendOf } from './world';

/**
 * The VM's staking hooks over the node's state (vm/staking-hooks.ts).
 *
 * STATE: Stake 2.0 is not on this node yet (issue 4 brings the staking service). Every staking,
 * vote and reward opcode is therefore refused cleanly – the opcode pushes 0 and its internal
 * transaction is marked rejected, as java-tron does when a native processor's validation fails –
 * through the one function `stakingOperation`. Wiring the staking service replaces that function.
 * Queries answer for a chain where nobody has staked or voted; `accountEnergyLeft` already reads
 * the account's real ENERGY stake through the energy processor.
 */
export const STAKING_UNAVAILABLE = 'Stake 2.0 is not available on this node yet';

interface Refusal extends StakingOutcome {
  readonly withdrawnExpired: bigint;
  readonly amount: bigint;
  readonly canceled: CanceledUnfreeze;
}

/** The single switch point for every state-changing staking opcode. */
export function stakingOperation(_ctx: StakingContext, _owner: HexAddress, _operation: string): Refusal {
  return { ok: false, reason: STAKING_UNAVAILABLE, withdrawnExpired: 0n, amount: 0n, canceled: { BANDWIDTH: 0n, ENERGY: 0n, TRON_POWER: 0n } };
}

const queries: StakingQueries = {
  rewardBalance: () => 0n,
  isWitness: (ctx, address) => backendOf(ctx.world)?.view.getAccount(address)?.isWitness ?? false,
  voteCount: () => 0n,
  usedVoteCount: () => 0n,
  receivedVoteCount: () => 0n,
  totalVoteCount: () => 0n,
  chainParameter: () => 0n,
  availableUnfreezeV2Size: () => 32n,
  unfreezableBalanceV2: () => 0n,
  expireUnfreezeBalanceV2: () => 0n,
  delegatableResource: () => 0n,
  resourceV2: () => 0n,
  checkUnDelegateResource: () => undefined,
  resourceUsage: () => undefined,
  totalResource: () => 0n,
  totalDelegatedResource: () => 0n,
  totalAcquiredResource: () => 0n,
};

export function nodeStakingHooks(): StakingHooks {
  return {
    freezeBalanceV2: (ctx, owner) => stakingOperation(ctx, owner, 'freezeBalanceV2'),
    unfreezeBalanceV2: (ctx, owner) => stakingOperation(ctx, owner, 'unfreezeBalanceV2'),
    withdrawExpireUnfreeze: (ctx, owner) => stakingOperation(ctx, owner, 'withdrawExpireUnfreeze'),
    cancelAllUnfreezeV2: (ctx, owner) => stakingOperation(ctx, owner, 'cancelAllUnfreezeV2'),
    delegateResource: (ctx, owner) => stakingOperation(ctx, owner, 'delegateResource'),
    unDelegateResource: (ctx, owner) => stakingOperation(ctx, owner, 'unDelegateResource'),
    voteWitness: (ctx, owner) => stakingOperation(ctx, owner, 'voteWitness'),
    withdrawReward: (ctx, owner) => stakingOperation(ctx, owner, 'withdrawReward'),
    // Without delegations or pending unfreezes a contract may always self-destruct, and it has no
    // votes, rewards or stake to hand over.
    canSuicide: () => true,
    withdrawRewardAndCancelVotes: () => undefined,
    transferStakeToInheritor: () => ({ withdrawnExpired: 0n }),
    accountEnergyLeft: (ctx, address) => {
      const backend = backendOf(ctx.world);
      if (!backend) return 0n;
      return energyLeftOf(backend.view.getAccount(address), backend.view.props, backend.env.nowSlot);
    },
    queries,
  };
}
