import type { HexAddress } from '../../../src-core/brand';
import type { ChainParameters } from '../../../src-core/chain/parameters';
import type { BlockContext } from './types';
import type { TronWorldState } from './world-state';

/**
 * What the staking, voting and reward opcodes (0xd5–0xdf), SELFDESTRUCT and the Stake 2.0 / vote
 * query precompiles ask of the node (OperationActions, PrecompiledContracts). The node implements these with its
 * actuator rules (java-tron `vm/nativecontract/*Processor`); every state change must go through
 * `ctx.world` so that it reverts together with the frame that made it.
 *
 * A refused operation returns `ok: false` and changes nothing: the opcode then pushes 0 and marks
 * its internal transaction `rejected` – it does not fail the frame.
 */
export interface StakingContext {
  readonly world: TronWorldState;
  readonly block: BlockContext;
  readonly parameters: ChainParameters;
}

export interface StakingOutcome {
  readonly ok: boolean;
  /** java-tron's validation message when refused (logged only; not part of any result). */
  readonly reason?: string;
}

export interface CanceledUnfreeze {
  readonly BANDWIDTH: bigint;
  readonly ENERGY: bigint;
  readonly TRON_POWER: bigint;
}

export interface Vote {
  readonly witness: HexAddress;
  readonly count: bigint;
}

/** Resource codes arrive as decoded from the stack: 0, 1, 2, or anything else (refuse it). */
export interface StakingHooks {
  freezeBalanceV2(ctx: StakingContext, owner: HexAddress, amount: bigint, resource: number): StakingOutcome;
  /** `withdrawnExpired`: matured unfreezes paid out first (itx `withdrawExpireUnfreezeWhileUnfreezing`). */
  unfreezeBalanceV2(
    ctx: StakingContext,
    owner: HexAddress,
    amount: bigint,
    resource: number,
  ): StakingOutcome & { readonly withdrawnExpired: bigint };
  withdrawExpireUnfreeze(ctx: StakingContext, owner: HexAddress): StakingOutcome & { readonly amount: bigint };
  cancelAllUnfreezeV2(
    ctx: StakingContext,
    owner: HexAddress,
  ): StakingOutcome & { readonly withdrawnExpired: bigint; readonly canceled: CanceledUnfreeze };
  delegateResource(
    ctx: StakingContext,
    owner: HexAddress,
    receiver: HexAddress,
    amount: bigint,
    resource: number,
  ): StakingOutcome;
  unDelegateResource(
    ctx: StakingContext,
    owner: HexAddress,
    receiver: HexAddress,
    amount: bigint,
    resource: number,
  ): StakingOutcome;
  voteWitness(ctx: StakingContext, owner: HexAddress, votes: readonly Vote[]): StakingOutcome;
  withdrawReward(ctx: StakingContext, owner: HexAddress): StakingOutcome & { readonly amount: bigint };

  /**
   * Stake 1.0 (optional). Left out, UNFREEZE and FREEZEEXPIRETIME behave as java-tron does for an
   * account without any v1 frozen balance or v1 delegation: UNFREEZE pushes 0 with its
   * `unfreezeFor…` itx rejected (value 0), FREEZEEXPIRETIME pushes 0. FREEZE does something only on
   * chains without FreezeV2 (`allowTvmFreeze` and no unfreeze delay); there, without the hook, it is
   * refused (itx rejected, 0).
   */
  freezeV1?(
    ctx: StakingContext,
    owner: HexAddress,
    receiver: HexAddress,
    amount: bigint,
    resource: number,
  ): StakingOutcome;
  /** UNFREEZE still works after FreezeV2 for balances frozen with Stake 1.0. */
  unfreezeV1?(
    ctx: StakingContext,
    owner: HexAddress,
    receiver: HexAddress,
    resource: number,
  ): StakingOutcome & { readonly amount: bigint };
  /** Expiry (ms) of a Stake 1.0 freeze or delegation; 0 when none. */
  freezeV1ExpireTime?(ctx: StakingContext, owner: HexAddress, target: HexAddress, resource: number): bigint;

  /** `Program.canSuicide`: false while delegations or unexpired unfreezes exist (SELFDESTRUCT reverts). */
  canSuicide(ctx: StakingContext, owner: HexAddress): boolean;
  /** SELFDESTRUCT step 1 (allowTvmVote): pay out rewards to the balance and cancel all votes. */
  withdrawRewardAndCancelVotes(ctx: StakingContext, owner: HexAddress): void;
  /**
   * SELFDESTRUCT: move frozen V1/V2 balances to the inheritor (the black hole when it is the contract
   * itself) and pay matured unfreezes to it; returns that matured amount (itx
   * `withdrawExpireUnfreezeWhileSuiciding`).
   */
  transferStakeToInheritor(
    ctx: StakingContext,
    owner: HexAddress,
    inheritor: HexAddress,
  ): { readonly withdrawnExpired: bigint };

  /** Energy the account can still use from its stake now (`getAccountLeftEnergyFromFreeze`). */
  accountEnergyLeft(ctx: StakingContext, address: HexAddress): bigint;

  /** Read-only queries behind the 0x0100000x precompiles; each returns java-tron's numbers. */
  readonly queries: StakingQueries;
}

export interface StakingQueries {
  rewardBalance(ctx: StakingContext, address: HexAddress): bigint;
  isWitness(ctx: StakingContext, address: HexAddress): boolean;
  voteCount(ctx: StakingContext, voter: HexAddress, witness: HexAddress): bigint;
  usedVoteCount(ctx: StakingContext, voter: HexAddress): bigint;
  receivedVoteCount(ctx: StakingContext, witness: HexAddress): bigint;
  /** Tron power in whole TRX. */
  totalVoteCount(ctx: StakingContext, voter: HexAddress): bigint;
  /** `getChainParameter(code)` (ChainParameterEnum); 0 for unknown codes. */
  chainParameter(ctx: StakingContext, code: bigint): bigint;
  availableUnfreezeV2Size(ctx: StakingContext, address: HexAddress): bigint;
  unfreezableBalanceV2(ctx: StakingContext, address: HexAddress, resource: bigint): bigint;
  expireUnfreezeBalanceV2(ctx: StakingContext, address: HexAddress, timeMs: bigint): bigint;
  delegatableResource(ctx: StakingContext, address: HexAddress, resource: bigint): bigint;
  resourceV2(ctx: StakingContext, target: HexAddress, from: HexAddress, resource: bigint): bigint;
  /** [clean amount, dirty amount, restore time] or undefined. */
  checkUnDelegateResource(
    ctx: StakingContext,
    target: HexAddress,
    amount: bigint,
    resource: bigint,
  ): readonly [bigint, bigint, bigint] | undefined;
  /** [usage, restore time] or undefined. */
  resourceUsage(ctx: StakingContext, address: HexAddress, resource: bigint): readonly [bigint, bigint] | undefined;
  totalResource(ctx: StakingContext, address: HexAddress, resource: bigint): bigint;
  totalDelegatedResource(ctx: StakingContext, address: HexAddress, resource: bigint): bigint;
  totalAcquiredResource(ctx: StakingContext, address: HexAddress, resource: bigint): bigint;
}
