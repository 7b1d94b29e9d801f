import { MEMORY_LIMIT_WORDS, tvmOpName } from '../../energy-costs';
import { TvmException, TvmMessages } from '../../tvm-exceptions';
import type { RunState } from '../evm-types';
import type { FrameContext, TxContext } from '../frames';
import type { TronInterpreterInstance } from '../interpreter';
import type { TronEvm } from '../tron-evm';

/** The TVM pieces behind an opcode handler's `runState`. */
export function tronOf(runState: RunState): { evm: TronEvm; tx: TxContext; frame: FrameContext } {
  const interpreter = runState.interpreter as unknown as TronInterpreterInstance;
  return { evm: runState.interpreter._evm as unknown as TronEvm, tx: interpreter.tx, frame: interpreter.frame };
}

/**
 * Memory expansion for `offset`/`length` as @ethereumjs/evm accounts it (updates the word count and
 * the highest cost so that later ops charge only the difference). Same result as java-tron's
 * `calcMemEnergy`; zero-length accesses never expand.
 */
export function chargeMemory(runState: RunState, offset: bigint, length: bigint): bigint {
  if (length === 0n) return 0n;
  const words = (offset + length + 31n) / 32n;
  if (words <= runState.memoryWordCount) return 0n;
  let cost = words * 3n + (words * words) / 512n;
  const previous = runState.highestMemCost;
  if (cost > previous) {
    runState.highestMemCost = cost;
    cost -= previous;
  }
  runState.memoryWordCount = words;
  return cost;
}

/** java-tron checks the 3 MiB cap inside the cost function, before any energy is charged. */
export function checkMemoryCap(runState: RunState): void {
  if (runState.memoryWordCount > MEMORY_LIMIT_WORDS)
    throw new TvmException('OutOfMemory', TvmMessages.memoryOverflow(tvmOpName(runState.opCode)));
}

export function guardStatic(runState: RunState): void {
  if (runState.interpreter.isStatic()) throw new TvmException('StaticCallModification', TvmMessages.staticCall);
}

/** `DataWord.sValue().longValueExact()`: the word as a signed 256-bit number, if it fits in int64. */
export function exactInt64(word: bigint): bigint | undefined {
  const signed = BigInt.asIntN(256, word);
  return signed >= -(1n << 63n) && signed < 1n << 63n ? signed : undefined;
}

/** `DataWord.longValue()`: the low 64 bits read as a signed long. */
export function lowInt64(word: bigint): bigint {
  return BigInt.asIntN(64, word);
}

/** `DataWord.intValue()`: the low 32 bits read as a signed int. */
export function lowInt32(word: bigint): number {
  return Number(BigInt.asIntN(32, word));
}

/** `DataWord.intValueSafe()`: values above Integer.MAX_VALUE read as Integer.MAX_VALUE. */
export function intValueSafe(word: bigint): number {
  return word > 0x7fffffffn ? 0x7fffffff : Number(word);
}

/**
 * ethereumjs caches the running contract's account (SELFBALANCE, BALANCE of itself and the
 * CALL/CREATE balance checks read it); staking hooks change the balance behind its back.
 */
export function refreshOwnBalance(runState: RunState): void {
  const { tx, frame } = tronOf(runState);
  runState.env.contract.balance = tx.world.getAccount(frame.address)?.balance ?? 0n;
}
