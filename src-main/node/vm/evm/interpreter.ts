import { createEVM } from '@ethereumjs/evm';
import { energyPenalty } from '../dynamic-energy';
import { ENERGY_FACTOR_DECIMAL, MEMORY_LIMIT_WORDS, tvmOpName } from '../energy-costs';
import { TvmException, TvmMessages } from '../tvm-exceptions';
import type { Interpreter, OpcodeInfo, RunState } from './evm-types';
import type { FrameContext, TxContext } from './frames';
import { VmStateError } from '../../errors';

/**
 * The TVM interpreter: @ethereumjs/evm's `Interpreter` with java-tron's energy charging.
 *
 * `Interpreter` is not exported by the package, so its class is taken from a live instance once
 * (a one-opcode probe run through the public custom-opcode hook) and subclassed. Overrides:
 * - `useGas` for opcode charges: the 3 MiB memory cap (OutOfMemoryException before energy is
 *   spent), the dynamic-energy penalty of the context contract, java-tron's out-of-energy message,
 *   base-usage bookkeeping, and the execution clock's tick (OUT_OF_TIME, `../time-budget.ts`).
 * - `runStep`: pauses between two ops when the clock says the execution's slice is over.
 * - `_getValidJumpDestinations`: cached per code array, so a contract's jump table is built once
 *   and not on every message.
 */

type JumpAnalysis = ReturnType<Interpreter['_getValidJumpDestinations']>;

interface InterpreterInternals {
  _runState: RunState;
}

export type InterpreterConstructor = new (...args: never[]) => Interpreter;

export interface TronInterpreterInstance extends Interpreter {
  frame: FrameContext;
  tx: TxContext;
}

export type TronInterpreterConstructor = new (...args: unknown[]) => TronInterpreterInstance;

let baseClass: InterpreterConstructor | undefined;

/** Finds @ethereumjs/evm's Interpreter class by running one custom opcode that reports it. */
export async function interpreterBaseClass(): Promise<InterpreterConstructor> {
  if (baseClass !== undefined) return baseClass;
  let found: InterpreterConstructor | undefined;
  const probe = await createEVM({
    customOpcodes: [
      {
        opcode: 0x0c,
        opcodeName: 'PROBE',
        baseFee: 0,
        logicFunction: (runState) => {
          found = runState.interpreter.constructor as InterpreterConstructor;
        },
      },
    ],
  });
  await probe.runCode({ code: Uint8Array.of(0x0c), gasLimit: 10n });
  if (found === undefined)
    throw new VmStateError('INTERPRETER_NOT_FOUND', 'Could not reach the @ethereumjs/evm interpreter class.');
  baseClass = found;
  return found;
}

const CALL_FAMILY = new Set([0xf1, 0xf2, 0xf4, 0xfa, 0xd0]);

export function tronInterpreterClass(
  Base: InterpreterConstructor,
  jumpCache: WeakMap<Uint8Array, JumpAnalysis>,
): TronInterpreterConstructor {
  const Parent = Base as unknown as new (...args: unknown[]) => Interpreter & InterpreterInternals;

  class TronInterpreter extends Parent {
    frame!: FrameContext;
    tx!: TxContext;

    override useGas(amount: bigint, context?: string | OpcodeInfo): void {
      if (context === undefined || typeof context === 'string') {
        super.useGas(amount, context);
        return;
      }
      const runState = this._runState;
      const op = context.code;
      if (runState.memoryWordCount > MEMORY_LIMIT_WORDS)
        throw new TvmException('OutOfMemory', TvmMessages.memoryOverflow(tvmOpName(op)));
      const frame = this.frame;
      if (op >= 0xa0 && op <= 0xa4) checkLogDataEnergy(runState, op);
      let penalty = 0n;
      if (frame.factor > ENERGY_FACTOR_DECIMAL) {
        if (CALL_FAMILY.has(op)) {
          penalty = frame.callPenalty;
          frame.callPenalty = 0n;
        } else {
          penalty = energyPenalty(amount, frame.factor);
          amount += penalty;
        }
      }
      if (runState.gasLeft < amount) {
        const used = frame.energyLimit - runState.gasLeft;
        const message =
          penalty > 0n
            ? TvmMessages.notEnoughEnergyWithPenalty(tvmOpName(op), frame.energyLimit, amount - penalty, penalty, used)
            : TvmMessages.notEnoughEnergy(tvmOpName(op), frame.energyLimit, amount, used);
        throw new TvmException('OutOfEnergy', message);
      }
      runState.gasLeft -= amount;
      frame.baseUsage += amount - penalty;
      const tx = this.tx;
      if (penalty > 0n) tx.penaltyTotal += penalty;
      tx.clock?.tick(op);
    }

    /** Pauses between two ops when the execution's slice of the thread is over (`../time-budget.ts`). */
    override runStep(opcode?: Parameters<Interpreter['runStep']>[0]): Promise<void> {
      const clock = this.tx.clock;
      if (clock !== undefined && clock.pauseDue) return clock.pause().then(() => super.runStep(opcode));
      return super.runStep(opcode);
    }

    override _getValidJumpDestinations(code: Uint8Array): JumpAnalysis {
      let analysis = jumpCache.get(code);
      if (analysis === undefined) {
        analysis = super._getValidJumpDestinations(code);
        jumpCache.set(code, analysis);
      }
      return analysis;
    }
  }

  return TronInterpreter as unknown as TronInterpreterConstructor;
}

/** `EnergyCost.getLogCost` checks the data part alone first, with its own message. */
function checkLogDataEnergy(runState: RunState, op: number): void {
  const [, length] = runState.stack.peek(2);
  const dataCost = length! * 8n;
  if (runState.gasLeft < dataCost) {
    throw new TvmException('OutOfEnergy', TvmMessages.notEnoughCallEnergy(tvmOpName(op), dataCost, runState.gasLeft));
  }
}
