import { energyPenalty } from '../../dynamic-energy';
import { Energy } from '../../energy-costs';
import { TvmException } from '../../tvm-exceptions';
import { prefixedWord } from '../addresses';
import type { AddOpcode, RunState } from '../evm-types';
import { chargeMemory, guardStatic, tronOf } from './context';

type OpHandler = AddOpcode['logicFunction'];

/**
 * CREATE: 32000 + memory; CREATE2 also 6 per init-code word (`EnergyCost.getCreateCost/Create2Cost`).
 * The new frame gets everything left after the op (penalty included), all but 1/64 of it for
 * version-1 contracts (`Program.getCreateEnergy`).
 */
function createGas(isCreate2: boolean): NonNullable<AddOpcode['gasFunction']> {
  return async (runState: RunState): Promise<bigint> => {
    const { tx, frame } = tronOf(runState);
    const [, offset, length] = runState.stack.peek(3) as [bigint, bigint, bigint];
    let cost = Energy.CREATE + chargeMemory(runState, offset, length);
    if (isCreate2) cost += ((length + 31n) / 32n) * Energy.SHA3_WORD;
    let available = runState.gasLeft - cost - energyPenalty(cost, frame.factor);
    if (tx.flags.allowTvmCompatibleEvm && frame.version === 1) available -= available / 64n;
    runState.messageGasLimit = available > 0n ? available : 0n;
    return cost;
  };
}

const LONG_LIMIT = 1n << 63n;

/**
 * Runs @ethereumjs/evm's CREATE/CREATE2 and pushes the result as TVM does: a 21-byte address word
 * with 0x41 at byte 11 (`createContractImpl: stackPush(new DataWord(newAddress))`).
 */
function createLogic(original: OpHandler): OpHandler {
  return async (runState: RunState, common) => {
    guardStatic(runState);
    const [value] = runState.stack.peek(1) as [bigint];
    if (value >= LONG_LIMIT) throw new TvmException('BytecodeExecution', 'BigInteger out of long range');
    await original(runState, common);
    const result = runState.stack.pop();
    runState.stack.push(result === 0n ? 0n : prefixedWord(result));
  };
}

export function createOpcodes(originals: ReadonlyMap<number, OpHandler>, withCreate2: boolean): AddOpcode[] {
  const ops: AddOpcode[] = [
    {
      opcode: 0xf0,
      opcodeName: 'CREATE',
      baseFee: 0,
      gasFunction: createGas(false),
      logicFunction: createLogic(originals.get(0xf0)!),
    },
  ];
  if (withCreate2) {
    ops.push({
      opcode: 0xf5,
      opcodeName: 'CREATE2',
      baseFee: 0,
      gasFunction: createGas(true),
      logicFunction: createLogic(originals.get(0xf5)!),
    });
  }
  return ops;
}
