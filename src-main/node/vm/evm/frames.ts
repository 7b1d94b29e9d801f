import type { HexAddress } from '../../../../src-core/brand';
import type { ChainParameters } from '../../../../src-core/chain/parameters';
import type { Log } from '@ethereumjs/evm';
import type { VmFlags } from '../flags';
import type { InternalTxRecord } from '../internal-transactions';
import type { StakingContext, StakingHooks } from '../staking-hooks';
import type { ExecutionClock } from '../time-budget';
import type { BlockContext } from '../types';
import type { TronWorldState } from '../world-state';

/** What the VM knows about one executing frame (java-tron `Program` + its `ProgramInvoke`). */
export interface FrameContext {
  /** Context address (storage owner): the callee, or the caller for CALLCODE/DELEGATECALL. */
  address: HexAddress;
  /** Hash of the internal transaction that opened this frame (the txID for the root). */
  readonly itxHash: Uint8Array;
  /** Index in `TxContext.itxs` of that internal transaction; -1 for the root frame. */
  readonly itxIndex: number;
  /**
   * Contract version of the running code: 1 forwards all-but-1/64 of the energy (EnergyCost.getCallEnergy, EIP-150).
   */
  readonly version: number;
  readonly tokenId: bigint;
  readonly tokenValue: bigint;
  /** Root-tx nonce a CREATE derives its address from (counter before its own itx). */
  readonly createNonce: bigint | undefined;
  readonly isCreate2: boolean;
  /** Dynamic-energy factor of the context contract (10 000 = 1.0). */
  factor: bigint;
  /** Energy charged by this frame's own ops without the penalty (dynamic-energy usage). */
  baseUsage: bigint;
  /** Penalty already inside the cost a CALL-family gas function returned. */
  callPenalty: bigint;
  /** The frame's energy limit, for java-tron's exception messages. */
  energyLimit: bigint;
}

/** Per-transaction state shared by all frames (java-tron `ProgramResult` + root `InternalTransaction`). */
export interface TxContext {
  readonly rootTxId: Uint8Array;
  /** Internal-transaction counter; incremented before each new internal transaction (java-tron Program.nonce). */
  nonce: bigint;
  readonly itxs: InternalTxRecord[];
  readonly frames: FrameContext[];
  penaltyTotal: bigint;
  readonly deletedContracts: Set<HexAddress>;
  /** A CALLTOKEN in flight: the next nested message carries TRC10 instead of TRX. */
  pendingToken: { readonly id: bigint; readonly value: bigint } | undefined;
  /** Logs of the root frame when it failed (a constant call's REVERT still reports them). */
  rootLogsOnFailure: Log[] | undefined;
  readonly world: TronWorldState;
  readonly block: BlockContext;
  readonly parameters: ChainParameters;
  readonly flags: VmFlags;
  readonly staking: StakingHooks;
  readonly stakingContext: StakingContext;
  readonly energyFee: bigint;
  readonly blackHole: HexAddress;
  readonly isConstant: boolean;
  /** Node config `saveCancelAllUnfreezeV2Details`: CANCELALLUNFREEZEV2 itx `extra` JSON. */
  readonly saveCancelAllUnfreezeV2Details: boolean;
  /** OUT_OF_TIME and pauses (`../time-budget.ts`); undefined when the execution has neither. */
  readonly clock: ExecutionClock | undefined;
}

export function currentFrame(tx: TxContext): FrameContext {
  return tx.frames[tx.frames.length - 1]!;
}
