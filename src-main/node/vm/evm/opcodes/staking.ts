import type { HexAddress } from '../../../../../src-core/brand';
import { bytesToBase58Address } from '../../../../../src-core/address/address';
import { hexToBytes } from '../../../../../src-core/bytes/hex';
import { Energy } from '../../energy-costs';
import { TvmException, TvmMessages } from '../../tvm-exceptions';
import { createInternalTx, resourceName, type InternalTxRecord } from '../../internal-transactions';
import type { StakingOutcome, Vote } from '../../staking-hooks';
import { hexAddressOfWord } from '../addresses';
import type { AddOpcode, RunState } from '../evm-types';
import type { FrameContext, TxContext } from '../frames';
import {
  chargeMemory,
  checkMemoryCap,
  exactInt64,
  guardStatic,
  intValueSafe,
  lowInt32,
  lowInt64,
  refreshOwnBalance,
  tronOf,
} from './context';

/**
 * TRON staking, voting and reward opcodes (java-tron `OperationActions` + `Program`).
 * Each creates its internal transaction first, then asks the node's staking hooks; a refusal pushes
 * 0 and marks the internal transaction rejected without failing the frame. The hook runs inside its
 * own checkpoint, so a refusal leaves no partial change (java-tron's child repository).
 */

const EMPTY = new Uint8Array(0);

function addInternalTx(
  runState: RunState,
  tx: TxContext,
  frame: FrameContext,
  transferTo: HexAddress | '',
  value: bigint,
  note: string,
): InternalTxRecord {
  tx.nonce += 1n;
  const record = createInternalTx({
    parentHash: frame.itxHash,
    deep: runState.env.depth,
    caller: frame.address,
    transferTo,
    value,
    data: EMPTY,
    note,
    nonce: tx.nonce,
  });
  tx.itxs.push(record);
  return record;
}

/** Runs a hook in its own checkpoint: kept when it succeeds, undone when it refuses. */
function attempt<T extends StakingOutcome>(runState: RunState, tx: TxContext, run: () => T): T {
  tx.world.checkpoint();
  let outcome: T;
  try {
    outcome = run();
  } catch (error) {
    tx.world.revert();
    throw error;
  }
  if (outcome.ok) tx.world.commit();
  else tx.world.revert();
  refreshOwnBalance(runState);
  return outcome;
}

/** `parseResourceCodeV2`: the word as a signed byte 0/1/2; anything else is unrecognized (-1). */
function resourceV2(word: bigint): number {
  const value = BigInt.asIntN(256, word);
  return value >= 0n && value <= 2n ? Number(value) : -1;
}

/** `parseResourceCode` (Stake 1.0): 0 or 1 from `intValue()`; anything else is unrecognized (-1). */
function resourceV1(word: bigint): number {
  const value = lowInt32(word);
  return value === 0 || value === 1 ? value : -1;
}

function name(word: bigint): string {
  return resourceName(BigInt(lowInt32(word)));
}

function reject(runState: RunState, record: InternalTxRecord): void {
  record.rejected = true;
  runState.stack.push(0n);
}

const freezeV1: AddOpcode = {
  opcode: 0xd5,
  opcodeName: 'FREEZE',
  baseFee: 0,
  gasFunction: async (runState: RunState) => {
    const [, , receiver] = runState.stack.peek(3) as [bigint, bigint, bigint];
    const exists = tronOf(runState).tx.world.getAccount(hexAddressOfWord(receiver)) !== undefined;
    return exists ? Energy.FREEZE : Energy.FREEZE + Energy.NEW_ACCT_CALL;
  },
  logicFunction: (runState: RunState) => {
    const { tx, frame } = tronOf(runState);
    if (tx.flags.allowTvmVote) guardStatic(runState);
    const [resource, amount, receiverWord] = runState.stack.popN(3) as [bigint, bigint, bigint];
    if (tx.flags.allowTvmFreezeV2) {
      runState.stack.push(0n);
      return;
    }
    const receiver = hexAddressOfWord(receiverWord);
    const record = addInternalTx(runState, tx, frame, receiver, lowInt64(amount), `freezeFor${name(resource)}`);
    const exact = exactInt64(amount);
    const hook = tx.staking.freezeV1;
    if (exact === undefined || hook === undefined) return reject(runState, record);
    const outcome = attempt(runState, tx, () =>
      hook.call(tx.staking, tx.stakingContext, frame.address, receiver, exact, resourceV1(resource)),
    );
    if (!outcome.ok) return reject(runState, record);
    runState.stack.push(1n);
  },
};

const unfreezeV1: AddOpcode = {
  opcode: 0xd6,
  opcodeName: 'UNFREEZE',
  baseFee: Number(Energy.UNFREEZE),
  logicFunction: (runState: RunState) => {
    const { tx, frame } = tronOf(runState);
    if (tx.flags.allowTvmVote) guardStatic(runState);
    const [resource, receiverWord] = runState.stack.popN(2) as [bigint, bigint];
    const receiver = hexAddressOfWord(receiverWord);
    const record = addInternalTx(runState, tx, frame, receiver, 0n, `unfreezeFor${name(resource)}`);
    const hook = tx.staking.unfreezeV1;
    if (hook === undefined) return reject(runState, record);
    const outcome = attempt(runState, tx, () =>
      hook.call(tx.staking, tx.stakingContext, frame.address, receiver, resourceV1(resource)),
    );
    if (!outcome.ok) return reject(runState, record);
    record.value = outcome.amount;
    runState.stack.push(1n);
  },
};

const freezeExpireTime: AddOpcode = {
  opcode: 0xd7,
  opcodeName: 'FREEZEEXPIRETIME',
  baseFee: Number(Energy.FREEZE_EXPIRE_TIME),
  logicFunction: (runState: RunState) => {
    const { tx, frame } = tronOf(runState);
    const [resource, targetWord] = runState.stack.popN(2) as [bigint, bigint];
    const hook = tx.staking.freezeV1ExpireTime;
    const expireMs =
      hook === undefined
        ? 0n
        : hook.call(tx.staking, tx.stakingContext, frame.address, hexAddressOfWord(targetWord), lowInt32(resource));
    runState.stack.push(expireMs / 1000n);
  },
};

/** `getVoteWitnessCost2`: 30000 + memory for the longer array, length word included. */
const voteWitness: AddOpcode = {
  opcode: 0xd8,
  opcodeName: 'VOTEWITNESS',
  baseFee: 0,
  gasFunction: async (runState: RunState) => {
    const { tx } = tronOf(runState);
    const [amountLength, amountOffset, witnessLength, witnessOffset] = runState.stack.peek(4) as [
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    const extra = tx.flags.allowEnergyAdjustment ? 32n : 0n;
    const needed = (offset: bigint, length: bigint): bigint => {
      const size = BigInt.asUintN(256, length * 32n + extra);
      return size === 0n ? 0n : offset + size;
    };
    const amountEnd = needed(amountOffset, amountLength);
    const witnessEnd = needed(witnessOffset, witnessLength);
    const cost = Energy.VOTE_WITNESS + chargeMemory(runState, 0n, amountEnd > witnessEnd ? amountEnd : witnessEnd);
    checkMemoryCap(runState);
    return cost;
  },
  logicFunction: (runState: RunState) => {
    guardStatic(runState);
    const { tx, frame } = tronOf(runState);
    const [amountLengthWord, amountOffsetWord, witnessLengthWord, witnessOffsetWord] = runState.stack.popN(4) as [
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    const amountLength = intValueSafe(amountLengthWord);
    const amountOffset = intValueSafe(amountOffsetWord);
    const witnessLength = intValueSafe(witnessLengthWord);
    const witnessOffset = intValueSafe(witnessOffsetWord);
    const record = addInternalTx(runState, tx, frame, '', 0n, 'voteWitness');
    const word = (offset: number): bigint => bytesToWord(runState.memory.read(offset, 32));
    if (intValueSafe(word(witnessOffset)) !== witnessLength || intValueSafe(word(amountOffset)) !== amountLength) {
      throw new TvmException('BytecodeExecution', TvmMessages.voteArrayMismatch);
    }
    if (witnessLength !== amountLength) {
      runState.stack.push(0n);
      return;
    }
    const votes: Vote[] = [];
    for (let i = 0; i < witnessLength; i++) {
      const count = exactInt64(word(amountOffset + 32 + 32 * i));
      if (count === undefined) return reject(runState, record);
      votes.push({ witness: hexAddressOfWord(word(witnessOffset + 32 + 32 * i)), count });
    }
    record.extra = votesJson(votes);
    const outcome = attempt(runState, tx, () => tx.staking.voteWitness(tx.stakingContext, frame.address, votes));
    if (!outcome.ok) return reject(runState, record);
    runState.stack.push(1n);
  },
};

/** `VoteWitnessParam.toJsonStr`. */
export function votesJson(votes: readonly Vote[]): string {
  const entries = votes.map(
    (vote) => `{"vote_address":"${bytesToBase58Address(hexToBytes(vote.witness))}","vote_count":${vote.count}}`,
  );
  return `{"votes":[${entries.join(',')}]}`;
}

function bytesToWord(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/**
 * WITHDRAWREWARD and WITHDRAWEXPIREUNFREEZE: record the internal transaction `note`, run the hook,
 * and push the amount paid out (also the internal transaction's value).
 */
function withdrawOpcode(
  opcode: number,
  opcodeName: string,
  baseFee: bigint,
  note: string,
  hook: (tx: TxContext, owner: HexAddress) => StakingOutcome & { readonly amount: bigint },
): AddOpcode {
  return {
    opcode,
    opcodeName,
    baseFee: Number(baseFee),
    logicFunction: (runState: RunState) => {
      guardStatic(runState);
      const { tx, frame } = tronOf(runState);
      const record = addInternalTx(runState, tx, frame, frame.address, 0n, note);
      const outcome = attempt(runState, tx, () => hook(tx, frame.address));
      if (!outcome.ok) return reject(runState, record);
      record.value = outcome.amount;
      runState.stack.push(outcome.amount);
    },
  };
}

const withdrawReward = withdrawOpcode(0xd9, 'WITHDRAWREWARD', Energy.WITHDRAW_REWARD, 'withdrawReward', (tx, owner) =>
  tx.staking.withdrawReward(tx.stakingContext, owner),
);

/**
 * FREEZEBALANCEV2 and UNFREEZEBALANCEV2: pop the resource and the amount, record the internal
 * transaction `<note>For<Resource>` with the amount's low 64 bits, then run the hook with the
 * exact amount (an amount past int64 is refused) and push 1; `afterwards` adds what the outcome
 * brings beyond that.
 */
function stakeV2Opcode<T extends StakingOutcome>(
  opcode: number,
  opcodeName: string,
  baseFee: bigint,
  note: string,
  hook: (tx: TxContext, owner: HexAddress, amount: bigint, resource: number) => T,
  afterwards: (runState: RunState, tx: TxContext, frame: FrameContext, outcome: T) => void = () => {},
): AddOpcode {
  return {
    opcode,
    opcodeName,
    baseFee: Number(baseFee),
    logicFunction: (runState: RunState) => {
      guardStatic(runState);
      const { tx, frame } = tronOf(runState);
      const [resource, amount] = runState.stack.popN(2) as [bigint, bigint];
      const record = addInternalTx(runState, tx, frame, frame.address, lowInt64(amount), `${note}For${name(resource)}`);
      const exact = exactInt64(amount);
      if (exact === undefined) return reject(runState, record);
      const outcome = attempt(runState, tx, () => hook(tx, frame.address, exact, resourceV2(resource)));
      if (!outcome.ok) return reject(runState, record);
      afterwards(runState, tx, frame, outcome);
      runState.stack.push(1n);
    },
  };
}

const freezeBalanceV2 = stakeV2Opcode(
  0xda,
  'FREEZEBALANCEV2',
  Energy.FREEZE_V2,
  'freezeBalanceV2',
  (tx, owner, amount, resource) => tx.staking.freezeBalanceV2(tx.stakingContext, owner, amount, resource),
);

const unfreezeBalanceV2 = stakeV2Opcode(
  0xdb,
  'UNFREEZEBALANCEV2',
  Energy.UNFREEZE_V2,
  'unfreezeBalanceV2',
  (tx, owner, amount, resource) => tx.staking.unfreezeBalanceV2(tx.stakingContext, owner, amount, resource),
  (runState, tx, frame, outcome) => {
    if (outcome.withdrawnExpired > 0n)
      addInternalTx(
        runState,
        tx,
        frame,
        frame.address,
        outcome.withdrawnExpired,
        'withdrawExpireUnfreezeWhileUnfreezing',
      );
  },
);

const cancelAllUnfreezeV2: AddOpcode = {
  opcode: 0xdc,
  opcodeName: 'CANCELALLUNFREEZEV2',
  baseFee: Number(Energy.CANCEL_ALL_UNFREEZE_V2),
  logicFunction: (runState: RunState) => {
    guardStatic(runState);
    const { tx, frame } = tronOf(runState);
    const record = addInternalTx(runState, tx, frame, frame.address, 0n, 'cancelAllUnfreezeV2');
    const outcome = attempt(runState, tx, () => tx.staking.cancelAllUnfreezeV2(tx.stakingContext, frame.address));
    if (!outcome.ok) return reject(runState, record);
    if (outcome.withdrawnExpired > 0n)
      addInternalTx(
        runState,
        tx,
        frame,
        frame.address,
        outcome.withdrawnExpired,
        'withdrawExpireUnfreezeWhileCanceling',
      );
    if (tx.saveCancelAllUnfreezeV2Details) {
      const { BANDWIDTH, ENERGY, TRON_POWER } = outcome.canceled;
      record.extra = `{"BANDWIDTH":${BANDWIDTH},"ENERGY":${ENERGY},"TRON_POWER":${TRON_POWER}}`;
    }
    runState.stack.push(1n);
  },
};

const withdrawExpireUnfreeze = withdrawOpcode(
  0xdd,
  'WITHDRAWEXPIREUNFREEZE',
  Energy.WITHDRAW_EXPIRE_UNFREEZE,
  'withdrawExpireUnfreeze',
  (tx, owner) => tx.staking.withdrawExpireUnfreeze(tx.stakingContext, owner),
);

function delegation(opcode: number, opcodeName: string, note: string, undelegate: boolean): AddOpcode {
  return {
    opcode,
    opcodeName,
    baseFee: Number(undelegate ? Energy.UN_DELEGATE_RESOURCE : Energy.DELEGATE_RESOURCE),
    logicFunction: (runState: RunState) => {
      guardStatic(runState);
      const { tx, frame } = tronOf(runState);
      const [resource, amount, receiverWord] = runState.stack.popN(3) as [bigint, bigint, bigint];
      const receiver = hexAddressOfWord(receiverWord);
      const record = addInternalTx(runState, tx, frame, receiver, lowInt64(amount), `${note}${name(resource)}`);
      const exact = exactInt64(amount);
      if (exact === undefined) return reject(runState, record);
      const hooks = tx.staking;
      const outcome = attempt(runState, tx, () =>
        undelegate
          ? hooks.unDelegateResource(tx.stakingContext, frame.address, receiver, exact, resourceV2(resource))
          : hooks.delegateResource(tx.stakingContext, frame.address, receiver, exact, resourceV2(resource)),
      );
      if (!outcome.ok) return reject(runState, record);
      runState.stack.push(1n);
    },
  };
}

export interface StakingOpcodeOptions {
  readonly freeze: boolean;
  readonly vote: boolean;
  readonly freezeV2: boolean;
}

export function stakingOpcodes(options: StakingOpcodeOptions): AddOpcode[] {
  const ops: AddOpcode[] = [];
  if (options.freeze) ops.push(freezeV1, unfreezeV1, freezeExpireTime);
  if (options.vote) ops.push(voteWitness, withdrawReward);
  if (options.freezeV2) {
    ops.push(
      freezeBalanceV2,
      unfreezeBalanceV2,
      cancelAllUnfreezeV2,
      withdrawExpireUnfreeze,
      delegation(0xde, 'DELEGATERESOURCE', 'delegateResourceOf', false),
      delegation(0xdf, 'UNDELEGATERESOURCE', 'unDelegateResourceOf', true),
    );
  }
  return ops;
}
