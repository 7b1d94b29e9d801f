import type { Hex } from '../../../../../src-core/brand';
import { Energy } from '../../energy-costs';
import type { AddOpcode, RunState } from '../evm-types';
import { guardStatic, tronOf } from './context';

type OpHandler = AddOpcode['logicFunction'];

function keyHex(key: bigint): Hex {
  return key.toString(16).padStart(64, '0') as Hex;
}

/**
 * SSTORE prices row existence, not zero-ness (`EnergyCost.getSstoreCost`, `Storage.commit`):
 * 20000 when the row does not exist and the new value is not zero, 5000 otherwise. No refunds and
 * no EIP-2200 sentry. A row written zero keeps existing until the transaction commits.
 */
const sstoreGas: NonNullable<AddOpcode['gasFunction']> = async (runState: RunState): Promise<bigint> => {
  const { tx, frame } = tronOf(runState);
  const [key, value] = runState.stack.peek(2) as [bigint, bigint];
  const row = tx.world.getStorage(frame.address, keyHex(key));
  return row === undefined && value !== 0n ? Energy.SET_SSTORE : Energy.RESET_SSTORE;
};

export function sstoreOpcode(originals: ReadonlyMap<number, OpHandler>): AddOpcode {
  const original = originals.get(0x55)!;
  return {
    opcode: 0x55,
    opcodeName: 'SSTORE',
    baseFee: 0,
    gasFunction: sstoreGas,
    logicFunction: async (runState, common) => {
      guardStatic(runState);
      await original(runState, common);
    },
  };
}
